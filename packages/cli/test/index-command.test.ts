import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bumpMtime, holdIndexLock, project, spawnBuilt, tsift, write } from "./index-helpers";

const TREE = {
  "main.rs": "fn helper() {}\nfn main() { helper(); }\n",
  "lib.py": "def helper():\n    pass\n",
  "app.tsx": "export function App() { return null; }\n",
  "readme.txt": "ignored\n",
};

describe("tsift index", () => {
  it("prints the reference report: mode, counts, then one line per change", async () => {
    const root = project(TREE);
    const first = await tsift(root, ["index"]);
    expect(first.code).toBe(0);
    expect(first.out).toBe(
      "Index (incremental): 3 files tracked\n  new: 3  modified: 0  deleted: 0  unchanged: 0\n\n  + app.tsx [tsx]\n  + lib.py [python]\n  + main.rs [rust]\n",
    );
    unlinkSync(join(root, "lib.py"));
    bumpMtime(join(root, "main.rs"));
    const second = await tsift(root, ["index"]);
    expect(second.out).toBe("Index (incremental): 2 files tracked\n  new: 0  modified: 1  deleted: 1  unchanged: 1\n\n  - lib.py\n  ~ main.rs [rust]\n");
    expect((await tsift(root, ["index", "--quiet"])).out).toBe("Index (incremental): 2 files tracked\n  new: 0  modified: 0  deleted: 0  unchanged: 2\n");
    expect((await tsift(root, ["index", "--rebuild", "-q"])).out).toMatch(/^Index \(rebuild\): 2 files tracked\n  new: 2 /);
    expect((await tsift(root, ["index", "--prune", "-q"])).out).toMatch(/unchanged: 2 \| pruned: 0 dirs \(1 walked, 0 files skipped\)\n$/);
  });

  it("prints compact JSON, and the short quiet form", async () => {
    const root = project(TREE);
    const result = await tsift(root, ["index", "--json"]);
    expect(result.out.trim().split("\n")).toHaveLength(1);
    expect(result.json()).toEqual({
      mode: "incremental",
      total_tracked: 3,
      new: 3,
      modified: 0,
      deleted: 0,
      unchanged: 0,
      parsed: 3,
      changes: [
        { path: "app.tsx", kind: "new", language: "tsx" },
        { path: "lib.py", kind: "new", language: "python" },
        { path: "main.rs", kind: "new", language: "rust" },
      ],
    });
    expect((await tsift(root, ["index", "--json", "-q", "--prune"])).json()).toEqual({
      total_tracked: 3,
      new: 0,
      modified: 0,
      deleted: 0,
      unchanged: 3,
      prune_stats: { dirs_walked: 1, dirs_pruned: 0, files_pruned: 0 },
    });
  });

  it("--check --exit-code exits 1 for new, modified and deleted files, and when no index exists; --check never writes", async () => {
    const root = project(TREE, { git: true });
    expect(await tsift(root, ["index", "--check", "--exit-code"])).toMatchObject({
      code: 1,
      out: "Index (check): 3 files tracked\n  new: 3  modified: 0  deleted: 0  unchanged: 0\n",
    });
    expect((await tsift(root, ["index", "--check"])).code).toBe(0);
    expect(existsSync(join(root, ".tsift"))).toBe(false);
    expect(existsSync(join(root, ".gitignore"))).toBe(false);
    await tsift(root, ["index"]);
    expect((await tsift(root, ["index", "--check", "--exit-code"])).code).toBe(0);
    write(root, { "extra.rs": "fn extra() {}\n" });
    expect((await tsift(root, ["index", "--check", "--exit-code", "--json"])).json()).toEqual({
      total_tracked: 4,
      new: 1,
      modified: 0,
      deleted: 0,
      unchanged: 3,
    });
    expect((await tsift(root, ["index", "--check", "--exit-code"])).code).toBe(1);
    await tsift(root, ["index"]);
    bumpMtime(join(root, "lib.py"));
    expect((await tsift(root, ["index", "--check", "--exit-code"])).code).toBe(1);
    await tsift(root, ["index"]);
    unlinkSync(join(root, "extra.rs"));
    const deleted = await tsift(root, ["index", "--check"]);
    expect(deleted).toMatchObject({ code: 0 });
    expect(deleted.out).toContain("  - extra.rs\n");
    expect((await tsift(root, ["index", "--check", "--exit-code"])).code).toBe(1);
  });

  it("keeps .tsift/ out of git with its own .gitignore, never the project's", async () => {
    const root = project(TREE, { git: true });
    await tsift(root, ["index"]);
    await tsift(root, ["index", "--rebuild"]);
    expect(existsSync(join(root, ".gitignore"))).toBe(false);
    expect(readFileSync(join(root, ".tsift/.gitignore"), "utf8")).toBe("*\n");
    expect(execFileSync("git", ["status", "--porcelain", "--untracked-files=all"], { cwd: root, encoding: "utf8" })).not.toContain(".tsift");
  });

  it("reuses the project's index from a nested path", async () => {
    const root = project({ ...TREE, "src/nested/a.py": "def a():\n    pass\n" }, { git: true });
    await tsift(root, ["index"]);
    const nested = await tsift(join(root, "src/nested"), ["index", "--check", "--exit-code"]);
    expect(nested.code).toBe(0);
    expect((await tsift(root, ["index", ".", "-q"])).out).toContain("4 files tracked");
    expect((await tsift(join(root, "src"), ["index", "nested", "-q"])).out).toContain("unchanged: 4");
    expect(existsSync(join(root, "src/nested/.tsift"))).toBe(false);
    expect(existsSync(join(root, "src/.tsift"))).toBe(false);
  });

  it("exits 5 naming the holder's pid while another writer holds the lock; read commands keep working", async () => {
    const root = project(TREE);
    await tsift(root, ["index"]);
    const holder = await holdIndexLock(join(root, ".tsift/index.lock"));
    try {
      const blocked = await tsift(root, ["index"]);
      expect(blocked.code).toBe(5);
      expect(blocked.err).toContain(`pid ${holder.pid}`);
      expect(blocked.err).toContain("another tsift index writer is already active");
      expect(blocked.err).toContain("tsift index");
      expect(blocked.err.trim().split("\n")).toHaveLength(1);
      expect((await tsift(root, ["index", "--check", "--exit-code"])).code).toBe(0);
      expect((await tsift(root, ["symbols", "helper", "--json"])).json().total).toBe(2);
      const built = spawnBuilt(root, ["index"]);
      expect(built.code).toBe(5);
      expect(built.err).toContain(`pid ${holder.pid}`);
    } finally {
      await holder.release();
    }
    expect((await tsift(root, ["index"])).code).toBe(0);
  });

  it("rejects --rebuild with --check, and --workspace with --submodule", async () => {
    const root = project(TREE);
    expect((await tsift(root, ["index", "--rebuild", "--check"])).code).toBe(2);
    expect((await tsift(root, ["index", "--workspace", "--submodule", "x"])).code).toBe(2);
  });

  it("fails with exit 2 naming the file and line of a malformed config.toml", async () => {
    const root = project({ ...TREE, ".tsift/config.toml": "[index]\nmax_file_bytes = 10\n[defaults\n" });
    const result = await tsift(root, ["index"]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`${join(root, ".tsift/config.toml")}:3:`);
  });

  it("fails with exit 2 and a next step when config.toml is a directory", async () => {
    const root = project(TREE);
    mkdirSync(join(root, ".tsift/config.toml"), { recursive: true });
    for (const argv of [["index"], ["status"], ["search", "App"]]) {
      const result = await tsift(root, argv);
      expect(result.code, result.err).toBe(2);
      expect(result.err).toMatch(/error\[invalid_input\]: config .* is a directory, not a TOML file \(next: .*config\.toml/u);
    }
  });

  it("honours [index] max_file_bytes and exclude, warning on stderr and in JSON", async () => {
    const root = project({
      ...TREE,
      "gen/out.ts": "export const x = 1;\n",
      "big.py": `x = 1\n${"# padding\n".repeat(40)}`,
      ".tsift/config.toml": '[index]\nmax_file_bytes = 200\nexclude = ["gen/**"]\n',
    });
    const result = await tsift(root, ["index", "--json"]);
    expect(result.code).toBe(0);
    expect(result.json().warnings).toEqual([{ path: "big.py", stage: "filter", language: "python", message: expect.stringContaining("max_file_bytes (200)") }]);
    expect(result.json().changes.map((c: { path: string }) => c.path)).toEqual(["app.tsx", "big.py", "lib.py", "main.rs"]);
    expect(result.err).toMatch(/^warning: big\.py: skipped: .* \(filter\)\n$/);
  });

  it("warns about an unreadable file and still exits 0 (built binary, unprivileged)", () => {
    const root = project(TREE);
    chmodSync(root, 0o777);
    chmodSync(join(root, "main.rs"), 0o000);
    const result = spawnBuilt(root, ["index"], { asNobody: true });
    expect(result.code).toBe(0);
    expect(result.err).toContain("warning:");
    expect(result.err).toContain("read failed");
    expect(result.err).toContain("main.rs");
    expect(result.out).toContain("3 files tracked");
  });

  it("draws a progress bar on a terminal stderr only", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) files[`f${i}.py`] = `def f${i}():\n    pass\n`;
    const root = project(files);
    const tty = await tsift(root, ["index"], { tty: true });
    expect(tty.err).toMatch(/\r\[#+-*\] 30\/30 files {2}\d+ files\/s/);
    // The first file is always drawn, with the time left at the rate so far.
    expect(tty.err).toMatch(/\r\[#*-+\] 1\/30 files {2}\d+ files\/s {2}ETA (\d+h\d\dm|\d+m\d\ds|\d+s)\x1b\[K/);
    expect(tty.err.endsWith("\r\x1b[K")).toBe(true);
    expect((await tsift(root, ["index", "--rebuild", "-q"], { tty: true })).err).toBe("");
    expect((await tsift(root, ["index", "--rebuild", "--json"], { tty: true })).err).toBe("");
    expect((await tsift(root, ["index", "--rebuild"])).err).toBe("");
  });
});
