import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isTsiftError } from "@tsift/core";
import { applyEdits, indexProject, parseEditBatch, querySymbols, openIndexReader, indexLocation } from "../src/indexer";
import { editLockPath, journalPath } from "../src/walk/edit/edit-journal";
import { holdLockInChild, tempTree } from "./helpers";

const read = (root: string, file: string) => readFileSync(join(root, file), "utf8");

/** Every file in the tree but .tsift, so a test can see no staged copy was left behind. */
function listing(root: string, dir = ""): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.name === ".tsift") return [];
    return entry.isDirectory() ? listing(root, rel) : [rel];
  });
}

describe("applyEdits", () => {
  it("applies a multi-file batch in order and reports each edit", async () => {
    const root = tempTree({ "src/a.ts": "export const a = 1;\nexport const b = a;\n", "src/b.py": "def f():\n    return 1\n" });
    const report = await applyEdits({
      cwd: root,
      edits: [
        { file: "src/a.ts", old: "a = 1", new: "a = 2" },
        { file: "src/a.ts", old: "a = 2", new: "a = 3" },
        { file: "src/b.py", old: "return 1", new: "return 2" },
      ],
    });
    expect(report.applied).toBe(true);
    expect(report.edits.map((edit) => [edit.edit, edit.file, edit.status, edit.replacements])).toEqual([
      [1, "src/a.ts", "applied", 1],
      [2, "src/a.ts", "applied", 1],
      [3, "src/b.py", "applied", 1],
    ]);
    expect(read(root, "src/a.ts")).toBe("export const a = 3;\nexport const b = a;\n");
    expect(read(root, "src/b.py")).toBe("def f():\n    return 2\n");
    expect(listing(root).sort()).toEqual(["src/a.ts", "src/b.py"]);
    expect(existsSync(journalPath(root))).toBe(false);
  });

  it("writes nothing when any edit is rejected, and says why per edit", async () => {
    const root = tempTree({ "a.txt": "one two two\n", "b.txt": "keep\n" });
    const report = await applyEdits({
      cwd: root,
      edits: [
        { file: "b.txt", old: "keep", new: "changed" },
        { file: "a.txt", old: "two", new: "2" },
        { file: "a.txt", old: "three", new: "3" },
        { file: "missing.txt", old: "x", new: "y" },
      ],
    });
    expect(report.applied).toBe(false);
    expect(report.rejected).toBe(3);
    expect(report.edits.map((edit) => [edit.status, edit.reason])).toEqual([
      ["not_applied", undefined],
      ["rejected", 'search text found 2 times; pass "replace_all": true or "count": 2'],
      ["rejected", "search text not found"],
      ["rejected", "no such file: missing.txt"],
    ]);
    expect(read(root, "b.txt")).toBe("keep\n");
    expect(read(root, "a.txt")).toBe("one two two\n");
  });

  it("honours replace_all and an exact count, and replaces text literally", async () => {
    const root = tempTree({ "a.txt": "x x x\n", "b.txt": "y y\n" });
    const report = await applyEdits({
      cwd: root,
      edits: [
        { file: "a.txt", old: "x", new: "$&-$1", replace_all: true },
        { file: "b.txt", old: "y", new: "z", count: 2 },
      ],
    });
    expect(report.edits.map((edit) => edit.replacements)).toEqual([3, 2]);
    expect(read(root, "a.txt")).toBe("$&-$1 $&-$1 $&-$1\n");
    const wrongCount = await applyEdits({ cwd: root, edits: [{ file: "b.txt", old: "z", new: "w", count: 3 }] });
    expect(wrongCount.edits[0]!.reason).toBe("search text found 2 times, expected 3");
  });

  it("refuses paths outside the root, symlinks out, binary and non-UTF-8 files", async () => {
    const outside = tempTree({ "secret.txt": "secret\n" });
    const root = tempTree({ "bin.dat": Buffer.from([0x61, 0, 0x62]), "latin1.txt": Buffer.from([0x63, 0x61, 0x66, 0xe9]), "ok.txt": "ok\n" });
    symlinkSync(join(outside, "secret.txt"), join(root, "link.txt"));
    const report = await applyEdits({
      cwd: root,
      edits: [
        { file: "../secret.txt", old: "secret", new: "x" },
        { file: join(outside, "secret.txt"), old: "secret", new: "x" },
        { file: "link.txt", old: "secret", new: "x" },
        { file: "bin.dat", old: "a", new: "x" },
        { file: "latin1.txt", old: "caf", new: "x" },
        { file: "ok.txt", old: "ok", new: "fine" },
      ],
    });
    expect(report.edits.map((edit) => edit.status)).toEqual(["rejected", "rejected", "rejected", "rejected", "rejected", "not_applied"]);
    expect(report.edits[0]!.reason).toMatch(/outside the project root/);
    expect(report.edits[2]!.reason).toMatch(/symbolic link/);
    expect(report.edits[3]!.reason).toMatch(/binary/);
    expect(report.edits[4]!.reason).toMatch(/UTF-8/);
    expect(readFileSync(join(outside, "secret.txt"), "utf8")).toBe("secret\n");
    expect(read(root, "ok.txt")).toBe("ok\n");
  });

  it("keeps each file's mode and changes nothing on a dry run", async () => {
    const root = tempTree({ "run.sh": "echo old\n" });
    chmodSync(join(root, "run.sh"), 0o750);
    const dry = await applyEdits({ cwd: root, dryRun: true, edits: [{ file: "run.sh", old: "old", new: "new" }] });
    expect([dry.applied, dry.edits[0]!.status, read(root, "run.sh")]).toEqual([false, "would_apply", "echo old\n"]);
    await applyEdits({ cwd: root, edits: [{ file: "run.sh", old: "old", new: "new" }] });
    expect(read(root, "run.sh")).toBe("echo new\n");
    expect(statSync(join(root, "run.sh")).mode & 0o777).toBe(0o750);
  });

  it("clears the staged copies an older tsift's journal names, and refuses while a live batch holds the edit lock", async () => {
    const root = tempTree({ "a.txt": "a\n" });
    mkdirSync(join(root, ".tsift"), { recursive: true });
    const leftover = join(root, ".a.txt.tsift-edit-999999-0");
    writeFileSync(leftover, "half\n");
    writeFileSync(journalPath(root), JSON.stringify({ pid: 999999, host: (await import("node:os")).hostname(), started_at: "x", staged: [leftover] }));
    const report = await applyEdits({ cwd: root, edits: [{ file: "a.txt", old: "a", new: "b" }] });
    expect(report.recovered).toBeNull();
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(journalPath(root))).toBe(false);
    const holder = await holdLockInChild(editLockPath(root));
    try {
      const error = await applyEdits({ cwd: root, edits: [{ file: "a.txt", old: "b", new: "c" }] }).catch((caught: unknown) => caught);
      expect(isTsiftError(error, "lock_held")).toBe(true);
      expect(read(root, "a.txt")).toBe("b\n");
    } finally {
      await holder.release();
    }
  });

  it("refreshes an existing index so the next read sees the edit", async () => {
    const root = tempTree({ "src/a.ts": "export function oldName() { return 1; }\n" });
    await indexProject({ cwd: root, path: root, quiet: true });
    const report = await applyEdits({ cwd: root, edits: [{ file: "src/a.ts", old: "oldName", new: "newName" }] });
    expect(report.index.state).toBe("refreshed");
    const reader = openIndexReader(indexLocation(root));
    try {
      expect(querySymbols(reader.database, { name: "newName" }).symbols.map((symbol) => symbol.name)).toEqual(["newName"]);
      expect(querySymbols(reader.database, { name: "oldName" }).total).toBe(0);
    } finally {
      await reader.close();
    }
  });
});

describe("parseEditBatch", () => {
  it("accepts the batch object and a bare array", () => {
    expect(parseEditBatch('{"edits":[{"file":"a","old":"x","new":"y"}]}')).toEqual([{ file: "a", old: "x", new: "y" }]);
    expect(parseEditBatch('[{"file":"a","old":"x","new":"y","replace_all":true}]')).toEqual([{ file: "a", old: "x", new: "y", replace_all: true }]);
  });

  it.each([
    ["not json", /not valid JSON/],
    ["{}", /must be \{"edits"/],
    ['{"edits":[]}', /no edits/],
    ['[{"file":"a","old":"","new":"y"}]', /edit 1: "old" is empty/],
    ['[{"file":"a","old":"x"}]', /edit 1: "new" must be a string/],
    ['[{"file":"a","old":"x","new":"y","colour":1}]', /unknown field "colour"/],
    ['[{"file":"a","old":"x","new":"y","count":0}]', /"count" must be a whole number/],
  ])("rejects %s", (input, message) => {
    expect(() => parseEditBatch(input)).toThrow(message);
  });
});
