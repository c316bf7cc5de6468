import { chmodSync, mkdtempSync, rmSync, symlinkSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isTsiftError } from "@tsift/core";
import { afterEach, describe, expect, it } from "vitest";
import { HARD_MAX_FILE_BYTES } from "@tsift/index/indexer";
import { diffTargetFromFlags, listDiffFiles, readSnapshot, readSnapshots, resolveDiff, SNAPSHOT_HARD_MAX_BYTES, type DiffFile } from "../src/index";
import { tempRepo, type TempRepo } from "./diff-git-repo";

const repos: TempRepo[] = [];
function repo(init = true): TempRepo {
  const made = tempRepo(init);
  repos.push(made);
  return made;
}
afterEach(() => {
  for (const made of repos.splice(0)) made.remove();
});

const byPath = (files: DiffFile[]) => Object.fromEntries(files.map((file) => [file.path, file]));

describe("diffTargetFromFlags", () => {
  it("maps each flag to its target and refuses two at once", () => {
    expect(diffTargetFromFlags({})).toEqual({ kind: "worktree" });
    expect(diffTargetFromFlags({ cached: true })).toEqual({ kind: "cached" });
    expect(diffTargetFromFlags({ revision: "HEAD~1" })).toEqual({ kind: "revision", rev: "HEAD~1" });
    expect(diffTargetFromFlags({ base: "main" })).toEqual({ kind: "base", ref: "main" });
    expect(() => diffTargetFromFlags({ cached: true, revision: "HEAD" })).toThrow(/--cached and --revision cannot be combined/);
    try {
      diffTargetFromFlags({ revision: "a", base: "b" });
    } catch (error) {
      expect(isTsiftError(error, "usage")).toBe(true);
    }
  });
});

describe("listDiffFiles", () => {
  it("lists tracked worktree changes and untracked files, not ignored ones, sorted by path", async () => {
    const r = repo();
    r.write(".gitignore", "ignored.txt\n");
    r.write("a.ts", "export const a = 1;\nexport const b = 2;\n");
    r.commit("one");
    r.write("a.ts", "export const a = 1;\nexport const b = 3;\nexport const c = 4;\n");
    r.write("new file.py", "x = 1\ny = 2\n");
    r.write("ignored.txt", "no\n");
    const files = await listDiffFiles(r.dir, { kind: "worktree" });
    expect(files.map((file) => file.path)).toEqual(["a.ts", "new file.py"]);
    const { "a.ts": modified, "new file.py": untracked } = byPath(files);
    expect(modified).toMatchObject({ status: "modified", oldPath: "a.ts", additions: 2, deletions: 1, binary: false, oldMode: "100644", newMode: "100644" });
    expect(modified!.hunks).toEqual([{ oldStart: 2, oldLines: 1, newStart: 2, newLines: 2, header: "export const a = 1;" }]);
    expect(untracked).toMatchObject({ status: "added", oldPath: null, untracked: true, additions: 2, deletions: 0 });
    expect(untracked!.hunks).toEqual([{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 2, header: "" }]);
  });

  it("compares the index for --cached and one commit against its parent for --revision", async () => {
    const r = repo();
    r.write("a.txt", "1\n");
    const root = r.commit("root");
    r.write("a.txt", "1\n2\n");
    const second = r.commit("second");
    r.write("staged.txt", "s\n");
    r.git("add", "staged.txt");
    r.write("a.txt", "worktree only\n");
    expect((await listDiffFiles(r.dir, { kind: "cached" })).map((file) => [file.path, file.status])).toEqual([["staged.txt", "added"]]);
    expect(await listDiffFiles(r.dir, { kind: "revision", rev: second })).toMatchObject([{ path: "a.txt", status: "modified", additions: 1, deletions: 0 }]);
    // A root commit is compared with the empty tree.
    expect(await listDiffFiles(r.dir, { kind: "revision", rev: root })).toMatchObject([{ path: "a.txt", status: "added", additions: 1 }]);
    expect(await readSnapshot(r.dir, { kind: "revision", rev: root }, "old", "a.txt")).toBeNull();
    expect((await readSnapshot(r.dir, { kind: "revision", rev: second }, "old", "a.txt"))?.toString()).toBe("1\n");
    expect((await readSnapshot(r.dir, { kind: "cached" }, "new", "staged.txt"))?.toString()).toBe("s\n");
    expect((await readSnapshot(r.dir, { kind: "worktree" }, "new", "a.txt"))?.toString()).toBe("worktree only\n");
  });

  it("reports renames with similarity, deletions, binary files, mode and type changes", async () => {
    const r = repo();
    const body = Array.from({ length: 20 }, (_, i) => `line ${i}`).join("\n") + "\n";
    r.write("old name.txt", body);
    r.write("gone.txt", "bye\n");
    r.write("run.sh", "echo hi\n");
    r.write("img.bin", Buffer.from([0, 1, 2, 3]));
    r.write("link", "plain\n");
    r.commit("one");
    r.git("mv", "old name.txt", "new name.txt");
    r.write("new name.txt", body + "extra\n");
    unlinkSync(join(r.dir, "gone.txt"));
    chmodSync(join(r.dir, "run.sh"), 0o755);
    r.write("img.bin", Buffer.from([0, 9, 9, 9]));
    unlinkSync(join(r.dir, "link"));
    symlinkSync("run.sh", join(r.dir, "link"));
    r.git("add", "-A");
    const files = byPath(await listDiffFiles(r.dir, { kind: "cached" }));
    expect(files["new name.txt"]).toMatchObject({ status: "renamed", oldPath: "old name.txt", additions: 1, deletions: 0 });
    expect(files["new name.txt"]!.similarity).toBeGreaterThan(80);
    expect(files["gone.txt"]).toMatchObject({ status: "deleted", oldPath: "gone.txt", deletions: 1, oldMode: "100644" });
    expect(files["gone.txt"]!.newMode).toBeUndefined();
    expect(files["run.sh"]).toMatchObject({ status: "modified", oldMode: "100644", newMode: "100755", additions: 0, deletions: 0 });
    expect(files["img.bin"]).toMatchObject({ status: "modified", binary: true, hunks: [] });
    expect(files["link"]).toMatchObject({ status: "type-changed", oldMode: "100644", newMode: "120000" });
  });

  it("works in a repository without commits: everything is added", async () => {
    const r = repo();
    r.write("staged.ts", "export {};\n");
    r.git("add", "staged.ts");
    r.write("loose.ts", "let x;\n");
    expect((await listDiffFiles(r.dir, { kind: "worktree" })).map((file) => [file.path, file.status, file.untracked ?? false])).toEqual([
      ["loose.ts", "added", true],
      ["staged.ts", "added", false],
    ]);
    expect((await listDiffFiles(r.dir, { kind: "cached" })).map((file) => file.path)).toEqual(["staged.ts"]);
  });

  it("keeps odd file names intact and lists paths relative to a subdirectory root", async () => {
    const r = repo();
    const odd = 'we"ird\tname é.ts';
    r.write(`pkg/${odd}`, "a\n");
    r.write("pkg/keep.ts", "k\n");
    r.write("other.ts", "o\n");
    r.commit("one");
    r.write(`pkg/${odd}`, "a\nb\n");
    r.write("other.ts", "o2\n");
    r.write("pkg/.tsift/index.db", "x");
    const files = await listDiffFiles(join(r.dir, "pkg"), { kind: "worktree" });
    expect(files.map((file) => file.path)).toEqual([odd]);
    expect(files[0]).toMatchObject({ additions: 1, hunks: [{ oldStart: 1, oldLines: 0, newStart: 2, newLines: 1 }] });
    expect((await readSnapshot(join(r.dir, "pkg"), { kind: "worktree" }, "old", odd))?.toString()).toBe("a\n");
  });

  it("limits the listing to the given pathspecs", async () => {
    const r = repo();
    r.write("src/a.ts", "a\n");
    r.write("docs/b.md", "b\n");
    r.commit("one");
    r.write("src/a.ts", "a2\n");
    r.write("docs/b.md", "b2\n");
    r.write("src/new.ts", "n\n");
    expect((await listDiffFiles(r.dir, { kind: "worktree" }, { paths: ["src"] })).map((file) => file.path)).toEqual(["src/a.ts", "src/new.ts"]);
  });

  it("compares the merge base of --base with the working tree", async () => {
    const r = repo();
    r.write("a.txt", "a\n");
    r.commit("one");
    r.git("checkout", "-q", "-b", "topic");
    r.write("b.txt", "b\n");
    r.commit("topic work");
    r.git("checkout", "-q", "main");
    r.write("main-only.txt", "m\n");
    r.commit("main moves on");
    r.git("checkout", "-q", "topic");
    r.write("c.txt", "uncommitted\n");
    expect((await listDiffFiles(r.dir, { kind: "base", ref: "main" })).map((file) => file.path)).toEqual(["b.txt", "c.txt"]);
  });

  it("fails with not_found and the command to run for an unknown revision or outside a repository", async () => {
    const r = repo();
    r.write("a.txt", "a\n");
    r.commit("one");
    const unknown = await listDiffFiles(r.dir, { kind: "revision", rev: "no-such-rev" }).catch((error: unknown) => error);
    expect(isTsiftError(unknown, "not_found")).toBe(true);
    expect((unknown as Error).message).toBe('unknown revision "no-such-rev" for --revision');
    expect((unknown as { hint?: string }).hint).toContain("git log");
    const outside = mkdtempSync(join(tmpdir(), "tsift-nogit-"));
    try {
      const error = await listDiffFiles(outside, { kind: "worktree" }).catch((caught: unknown) => caught);
      expect(isTsiftError(error, "not_found")).toBe(true);
      expect((error as { hint?: string }).hint).toContain("git init");
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("reads no more than the project's max_file_bytes by default, and never more than the indexer's hard limit", async () => {
    expect(SNAPSHOT_HARD_MAX_BYTES).toBe(HARD_MAX_FILE_BYTES);
    const r = repo();
    r.write("mid.txt", "x".repeat(300));
    r.write(".tsift/config.toml", "[index]\nmax_file_bytes = 200\n");
    r.commit("one");
    const error = await readSnapshot(r.dir, { kind: "worktree" }, "old", "mid.txt").catch((caught: unknown) => caught);
    expect((error as { details?: unknown }).details).toMatchObject({ size: 300, limit: 200 });
    expect((await readSnapshot(r.dir, { kind: "worktree" }, "old", "mid.txt", { maxBytes: 300 }))?.length).toBe(300);
  });

  it("reads many snapshots in request order through git's batch mode, a name with a newline included", async () => {
    const r = repo();
    r.write("a.txt", "old a\n");
    r.write("new\nline.txt", "odd\n");
    r.write("big.txt", "x".repeat(50));
    r.commit("one");
    r.write("a.txt", "new a\n");
    r.git("add", "a.txt");
    const resolved = await resolveDiff(r.dir, { kind: "cached" });
    const reads = await readSnapshots(
      resolved,
      [
        { side: "new", path: "a.txt" },
        { side: "old", path: "missing.txt" },
        { side: "old", path: "new\nline.txt" },
        { side: "old", path: "big.txt" },
        { side: "old", path: "a.txt" },
      ],
      20,
    );
    expect(reads.map((read) => [read.size, read.bytes?.toString() ?? null])).toEqual([
      [6, "new a\n"],
      [null, null],
      [4, "odd\n"],
      [50, null],
      [6, "old a\n"],
    ]);
  });

  it("fails with unsupported and the install hint when git is not on PATH", async () => {
    const r = repo();
    const path = process.env.PATH;
    process.env.PATH = r.dir;
    try {
      const error = await listDiffFiles(r.dir, { kind: "worktree" }).catch((caught: unknown) => caught);
      expect(isTsiftError(error, "unsupported")).toBe(true);
      expect((error as Error).message).toBe("git is not installed or not on PATH");
      expect((error as { hint?: string }).hint).toContain("install git");
    } finally {
      process.env.PATH = path;
    }
  });

  it("refuses to read a snapshot over the limit, reporting its size", async () => {
    const r = repo();
    r.write("big.txt", "x".repeat(100));
    r.commit("one");
    const error = await readSnapshot(r.dir, { kind: "worktree" }, "old", "big.txt", { maxBytes: 10 }).catch((caught: unknown) => caught);
    expect(isTsiftError(error, "unsupported")).toBe(true);
    expect((error as { details?: unknown }).details).toMatchObject({ size: 100, limit: 10 });
  });
});
