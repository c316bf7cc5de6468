import { execFileSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diffTargetFromFlags, listDiffFiles, openProject } from "../src/index";
import { asJson, cliInProcess, GIT_ENV, removeTempDirs, tempDir } from "./cli-parity";

// `tsift diff-digest` is a library call: the built CLI's JSON and `openProject().diffDigest()` agree.

afterAll(() => removeTempDirs());

function repo(): string {
  const root = tempDir("tsift-open-project-diff-");
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, env: GIT_ENV });
  git("init", "-q", "-b", "main");
  writeFileSync(join(root, "a.ts"), "export function one() {\n  return 1;\n}\n");
  git("add", "-A");
  git("commit", "-q", "-m", "one");
  writeFileSync(join(root, "a.ts"), "export function one() {\n  return two();\n}\n");
  writeFileSync(join(root, "b.py"), "def two():\n    return 2\n");
  git("add", "a.ts");
  return root;
}

describe("openProject digests a diff as `tsift diff-digest --json` does", () => {
  it("for the working tree and the staged index, without touching .tsift", async () => {
    const root = repo();
    const project = openProject(root);
    expect(asJson(await project.diffDigest())).toEqual(await cliInProcess(root, ["diff-digest"]));
    expect(asJson(await project.diffDigest({ target: diffTargetFromFlags({ cached: true }), limit: 1 }))).toEqual(
      await cliInProcess(root, ["diff-digest", "--cached", "--limit", "1"]),
    );
    expect((await listDiffFiles(root, { kind: "worktree" })).map((file) => file.path)).toEqual(["a.ts", "b.py"]);
    await project.close();
    expect(existsSync(join(root, ".tsift"))).toBe(false);
  });
});
