import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { INDEX_SCHEMA_VERSION, checkIndex, indexLocation, updateIndex } from "../src/index";
import { dumpIndex, exec, query } from "./db-helpers";
import { bumpMtime, tempTree, writeTree } from "./helpers";

const REFERENCE_TREE = {
  "main.rs": "fn main() {}\n",
  "lib.py": "def helper():\n    pass\n",
  "app.tsx": "export function App() { return null; }\n",
  "readme.txt": "not indexed\n",
};

const counts = (summary: { new: number; modified: number; deleted: number; unchanged: number; total_tracked: number }) => ({
  new: summary.new,
  modified: summary.modified,
  deleted: summary.deleted,
  unchanged: summary.unchanged,
  total_tracked: summary.total_tracked,
});

describe("updateIndex: the incremental table", () => {
  it("tracks new, unchanged, modified, added, deleted and rebuilt files", async () => {
    const root = tempTree(REFERENCE_TREE);
    const location = indexLocation(root);
    expect(counts(await updateIndex(location))).toEqual({ new: 3, modified: 0, deleted: 0, unchanged: 0, total_tracked: 3 });
    expect(counts(await updateIndex(location))).toMatchObject({ new: 0, unchanged: 3 });
    bumpMtime(join(root, "main.rs"));
    expect(counts(await updateIndex(location))).toMatchObject({ modified: 1, unchanged: 2 });
    writeTree(root, { "extra.rs": "fn extra() {}\n" });
    expect(counts(await updateIndex(location))).toMatchObject({ new: 1, unchanged: 3 });
    unlinkSync(join(root, "lib.py"));
    const afterDelete = await updateIndex(location);
    expect(counts(afterDelete)).toMatchObject({ deleted: 1, unchanged: 3 });
    expect(afterDelete.changes).toEqual([{ path: "lib.py", kind: "deleted" }]);
    expect(counts(await updateIndex(location, { rebuild: true }))).toMatchObject({ new: 3, deleted: 0, unchanged: 0 });
  });

  it("stores 1-based symbol rows with root-relative paths and the meta rows", async () => {
    const root = tempTree({ "src/main.rs": "fn helper() {}\nfn main() { helper(); }\n" });
    const location = indexLocation(root);
    await updateIndex(location);
    expect(query(location.dbPath, "SELECT name, kind, language, file, line FROM symbols ORDER BY line")).toEqual([
      { name: "helper", kind: "function", language: "rust", file: "src/main.rs", line: 1 },
      { name: "main", kind: "function", language: "rust", file: "src/main.rs", line: 2 },
    ]);
    const meta = Object.fromEntries(query<{ key: string; value: string }>(location.dbPath, "SELECT key, value FROM meta").map((row) => [row.key, row.value]));
    expect(meta).toMatchObject({ schema_version: String(INDEX_SCHEMA_VERSION), root, tool_version: expect.any(String), indexed_at: expect.any(String) });
  });
});

describe("updateIndex: content hashes", () => {
  it("does not re-parse a touched-but-identical file, and re-parses an edited one", async () => {
    const root = tempTree({ "a.ts": "export function a() { return b(); }\nexport function b() { return 1; }\n", "c.ts": "export const c = 1;\n" });
    const location = indexLocation(root);
    await updateIndex(location);
    const before = dumpIndex(location.dbPath);
    bumpMtime(join(root, "a.ts"));
    const touched = await updateIndex(location);
    expect(touched).toMatchObject({ modified: 1, parsed: 0 });
    const after = dumpIndex(location.dbPath);
    // Same rows and ids; only the stored mtime moved.
    expect(after.symbols).toEqual(before.symbols);
    expect(after.calls).toEqual(before.calls);
    expect(after.files).not.toEqual(before.files);
    expect(counts(await updateIndex(location))).toMatchObject({ unchanged: 2 });

    writeFileSync(join(root, "a.ts"), "export function renamed() {}\n");
    bumpMtime(join(root, "a.ts"), 10);
    expect(await updateIndex(location)).toMatchObject({ modified: 1, parsed: 1 });
    expect(query(location.dbPath, "SELECT name FROM symbols WHERE file = 'a.ts'")).toEqual([{ name: "renamed" }]);
  });

  it("removes a deleted file's symbols, calls and imports", async () => {
    const root = tempTree({ "a.ts": "import { b } from './b';\nexport function a() { b(); }\n", "b.ts": "export function b() {}\n" });
    const location = indexLocation(root);
    await updateIndex(location);
    unlinkSync(join(root, "a.ts"));
    await updateIndex(location);
    for (const table of ["symbols", "calls", "imports"]) {
      expect(query(location.dbPath, `SELECT count(*) AS n FROM ${table} WHERE file = 'a.ts'`)).toEqual([{ n: 0 }]);
    }
    expect(query(location.dbPath, "SELECT path FROM files")).toEqual([{ path: "b.ts" }]);
  });
});

describe("updateIndex: transactions", () => {
  it("rolls back every change of an update that fails midway", async () => {
    const root = tempTree({ "a.ts": "export function a() { b(); }\n", "b.ts": "export function b() {}\n", "gone.ts": "export function gone() {}\n" });
    const location = indexLocation(root);
    await updateIndex(location);
    const before = dumpIndex(location.dbPath);
    // The trigger fails the insert of one symbol after deletes, re-extractions and other inserts already ran.
    exec(
      location.dbPath,
      "CREATE TRIGGER inject_failure BEFORE INSERT ON symbols WHEN NEW.name = 'explode' BEGIN SELECT RAISE(ABORT, 'injected failure'); END;",
    );
    unlinkSync(join(root, "gone.ts"));
    writeFileSync(join(root, "b.ts"), "export function b2() {}\n");
    bumpMtime(join(root, "b.ts"));
    writeTree(root, { "c.ts": "export function c() {}\n", "z.ts": "export function explode() {}\n" });
    await expect(updateIndex(location)).rejects.toThrow(/injected failure/);
    expect(dumpIndex(location.dbPath)).toEqual(before);
    await expect(updateIndex(location, { rebuild: true })).rejects.toThrow(/injected failure/);
    expect(dumpIndex(location.dbPath)).toEqual(before);

    exec(location.dbPath, "DROP TRIGGER inject_failure");
    expect(counts(await updateIndex(location))).toMatchObject({ new: 2, modified: 1, deleted: 1 });
  });

  it("refuses an index written by a newer schema", async () => {
    const root = tempTree({ "a.py": "x = 1\n" });
    const location = indexLocation(root);
    await updateIndex(location);
    exec(location.dbPath, "PRAGMA user_version = 99");
    await expect(updateIndex(location)).rejects.toMatchObject({ code: "schema_newer" });
    await expect(checkIndex(location)).rejects.toMatchObject({ code: "schema_newer" });
  });
});

describe("updateIndex: a private .tsift/ that ignores itself", () => {
  const gitStatus = (root: string) => execFileSync("git", ["status", "--porcelain", "--untracked-files=all"], { cwd: root, encoding: "utf8" });

  it("leaves the project's .gitignore alone, and git sees nothing of .tsift/", async () => {
    const root = tempTree({ ".gitignore": "node_modules", "a.py": "x = 1\n" }, { git: true });
    const before = gitStatus(root);
    await updateIndex(indexLocation(root));
    expect(readFileSync(join(root, ".gitignore"), "utf8")).toBe("node_modules");
    expect(readFileSync(join(root, ".tsift/.gitignore"), "utf8")).toBe("*\n");
    // git itself is the oracle: the index, its WAL and locks are invisible to it.
    expect(gitStatus(root)).toBe(before);
  });

  it("creates .tsift/ 0700 and index.db 0600, and narrows a directory an older tsift left 0755", async () => {
    const root = tempTree({ "a.py": "x = 1\n" });
    await updateIndex(indexLocation(root));
    expect(statSync(join(root, ".tsift")).mode & 0o777).toBe(0o700);
    expect(statSync(join(root, ".tsift/index.db")).mode & 0o777).toBe(0o600);
    const older = tempTree({ "a.py": "x = 1\n" });
    mkdirSync(join(older, ".tsift"), { mode: 0o755 });
    chmodSync(join(older, ".tsift"), 0o755);
    await updateIndex(indexLocation(older));
    expect(statSync(join(older, ".tsift")).mode & 0o777).toBe(0o700);
  });

  it("refuses a .tsift that is a symbolic link, and writes nothing where it points", async () => {
    const root = tempTree({ "a.py": "x = 1\n" });
    const elsewhere = tempTree({});
    symlinkSync(elsewhere, join(root, ".tsift"));
    await expect(updateIndex(indexLocation(root))).rejects.toMatchObject({ code: "invalid_input" });
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it("refuses a .tsift that is a file", async () => {
    const root = tempTree({ "a.py": "x = 1\n", ".tsift": "not a directory" });
    await expect(updateIndex(indexLocation(root))).rejects.toMatchObject({ code: "invalid_input" });
  });
});

describe("updateIndex: bad input", () => {
  it("skips binary, oversized and minified files with warnings, and tracks them so they are not re-read", async () => {
    const root = tempTree({
      "bin.py": Buffer.from([0x64, 0x65, 0x66, 0x00, 0x01]),
      "big.ts": "export const x = 1;\n".repeat(2000),
      "min.js": `${"var a=1;".repeat(3000)}\n`,
      "ok.py": "def ok():\n    pass\n",
    });
    const location = indexLocation(root);
    const first = await updateIndex(location, { maxFileBytes: 30_000 });
    expect(first).toMatchObject({ new: 4, parsed: 1 });
    expect(first.warnings.map((w) => [w.path, w.stage])).toEqual([
      ["big.ts", "filter"],
      ["bin.py", "filter"],
      ["min.js", "filter"],
    ]);
    expect(first.warnings[0]!.message).toMatch(/max_file_bytes/);
    expect(query(location.dbPath, "SELECT path, skip_reason FROM files ORDER BY path")).toEqual([
      { path: "big.ts", skip_reason: "too_large" },
      { path: "bin.py", skip_reason: "binary" },
      { path: "min.js", skip_reason: "minified" },
      { path: "ok.py", skip_reason: null },
    ]);
    const second = await updateIndex(location, { maxFileBytes: 30_000 });
    expect(second).toMatchObject({ unchanged: 4, warnings: [] });
  });

  it("re-reads files a changed max_file_bytes now admits or excludes", async () => {
    const root = tempTree({ "big.ts": "export const x = 1;\n".repeat(200), "small.ts": "export const y = 1;\n" });
    const location = indexLocation(root);
    expect(await updateIndex(location, { maxFileBytes: 1000 })).toMatchObject({ new: 2, parsed: 1 });
    expect(await checkIndex(location, { maxFileBytes: 1000 })).toMatchObject({ unchanged: 2 });
    expect(await checkIndex(location)).toMatchObject({ modified: 1, unchanged: 1 });
    expect(await updateIndex(location)).toMatchObject({ modified: 1, parsed: 1, changes: [{ path: "big.ts", kind: "modified", language: "typescript" }] });
    expect(query(location.dbPath, "SELECT count(*) AS n FROM symbols WHERE file = 'big.ts'")).toEqual([{ n: 200 }]);
    expect(await updateIndex(location)).toMatchObject({ unchanged: 2 });
    expect(await updateIndex(location, { maxFileBytes: 1000 })).toMatchObject({ modified: 1, parsed: 0 });
    expect(query(location.dbPath, "SELECT count(*) AS n FROM symbols WHERE file = 'big.ts'")).toEqual([{ n: 0 }]);
  });

  it("indexes invalid UTF-8 lossily with a decode warning", async () => {
    const root = tempTree({ "a.py": Buffer.concat([Buffer.from("def f():\n    return '"), Buffer.from([0xc3, 0x28]), Buffer.from("'\n")]) });
    const summary = await updateIndex(indexLocation(root));
    expect(summary.warnings).toEqual([expect.objectContaining({ path: "a.py", stage: "decode", language: "python" })]);
    expect(summary.parsed).toBe(1);
  });

  it("keeps the symbols tree-sitter recovers from a file with syntax errors and notes has_errors", async () => {
    const root = tempTree({ "broken.py": "def good():\n    return 1\n\ndef bad(:\n    pass\n\nclass Later:\n    pass\n" });
    const location = indexLocation(root);
    await updateIndex(location);
    expect(query(location.dbPath, "SELECT has_errors FROM files")).toEqual([{ has_errors: 1 }]);
    const names = query<{ name: string }>(location.dbPath, "SELECT name FROM symbols").map((row) => row.name);
    expect(names).toContain("good");
  });
});

describe("checkIndex", () => {
  it("reports every file as new without an index, and never writes", async () => {
    const root = tempTree(REFERENCE_TREE, { git: true });
    const summary = await checkIndex(indexLocation(root));
    expect(counts(summary)).toMatchObject({ new: 3, total_tracked: 3 });
    expect(() => readFileSync(join(root, ".tsift/index.db"))).toThrow();
    expect(() => readFileSync(join(root, ".gitignore"))).toThrow();
  });

  it("compares by size and mtime only", async () => {
    const root = tempTree(REFERENCE_TREE);
    const location = indexLocation(root);
    await updateIndex(location);
    expect(counts(await checkIndex(location))).toMatchObject({ unchanged: 3 });
    bumpMtime(join(root, "lib.py"));
    unlinkSync(join(root, "main.rs"));
    const summary = await checkIndex(location);
    expect(summary.changes).toEqual([
      { path: "lib.py", kind: "modified", language: "python" },
      { path: "main.rs", kind: "deleted" },
    ]);
  });
});
