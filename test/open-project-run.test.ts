import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openProject } from "../src/index";

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "tsift-facade-run-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe("openProject().run and .contextPack", () => {
  it("run: the command's status is in the report and its output is kept under .tsift/artifacts/", async () => {
    const dir = tempDir();
    const project = openProject(dir);
    const report = await project.run([process.execPath, "-e", "console.error('Error: boom'); process.exit(2)"], { kind: "log" });
    expect(report.exit_status).toBe(2);
    expect(report.kind).toBe("log");
    expect(report.kind === "log" && report.digest.first_error?.text).toBe("Error: boom");
    expect(existsSync(join(dir, report.artifact!.path))).toBe(true);
    await project.close();
  });

  it("contextPack: the worktree diff and its touched symbols, root-relative", async () => {
    const dir = tempDir();
    const git = (...args: string[]) => execFileSync("git", args, { cwd: dir });
    git("init", "-q");
    git("config", "user.email", "t@example.com");
    git("config", "user.name", "t");
    writeFileSync(join(dir, "a.ts"), "export function one() {\n  return 1;\n}\n");
    git("add", ".");
    git("commit", "-q", "-m", "one");
    writeFileSync(join(dir, "a.ts"), "export function one() {\n  return 2;\n}\n");
    const pack = await openProject(dir).contextPack();
    expect(pack.root).toBe(".");
    expect(pack.target).toEqual({ path: ".", kind: "directory" });
    expect(pack.diff?.files).toEqual([{ path: "a.ts", status: "modified", additions: 1, deletions: 1, symbols: 1 }]);
    expect(pack.touched_symbols).toEqual(["a.ts:one"]);
    expect(pack.session).toBeNull();
  });
});
