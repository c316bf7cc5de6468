import { execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { impact, openProject } from "../src/index";
import { asJson, cliInProcess, GIT_ENV, removeTempDirs, repoRoot, tempDir } from "./cli-parity";

// `tsift impact` is a library call: the built CLI's JSON, `openProject().impact()` and `impact()` agree.

afterAll(() => removeTempDirs());

function repo(): string {
  const root = tempDir("tsift-open-project-impact-");
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, env: GIT_ENV });
  git("init", "-q", "-b", "main");
  writeFileSync(join(root, ".gitignore"), ".tsift/\n");
  writeFileSync(join(root, "calc.py"), "def one():\n    return 1\n\n\ndef two():\n    return one() + one()\n");
  writeFileSync(join(root, "test_calc.py"), "from calc import two\n\n\ndef test_two():\n    assert two() == 2\n");
  git("add", "-A");
  git("commit", "-q", "-m", "one");
  writeFileSync(join(root, "calc.py"), "def one():\n    return 1 * 1\n\n\ndef two():\n    return one() + one()\n");
  return root;
}

describe("openProject reports a change's affected tests as `tsift impact --json` does", () => {
  it.runIf(existsSync(join(repoRoot, "packages", "cli", "dist", "bin.js")))("for the working tree and a revision", async () => {
    const root = repo();
    const project = openProject(root);
    const report = await project.impact();
    expect(report.tests.map((test) => [test.file, test.names, test.command])).toEqual([["test_calc.py", ["test_two"], "pytest test_calc.py::test_two"]]);
    expect(report.tests[0]!.reasons[0]!.path).toEqual(["one (calc.py:1)", "two (calc.py:6)", "test_two (test_calc.py:5)"]);
    expect(asJson(report)).toEqual(await cliInProcess(root, ["impact"]));
    expect(asJson(await project.impact({ target: { kind: "revision", rev: "HEAD" }, depth: 1 }))).toEqual(
      await cliInProcess(root, ["impact", "--revision", "HEAD", "--depth", "1"]),
    );
    expect((await impact({ cwd: root })).data).toEqual(report);
    await project.close();
  });
});
