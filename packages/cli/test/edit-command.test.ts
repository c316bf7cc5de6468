import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtBin, waitUntil } from "./helpers";
import { project, spawnBuilt, tsift } from "./index-helpers";

const batch = (edits: object[]) => JSON.stringify({ edits });
const read = (root: string, file: string) => readFileSync(join(root, file), "utf8");
const stagedLeft = (root: string) => readdirSync(root).filter((name) => name.includes(".tsift-edit-"));

describe("tsift edit", () => {
  it("applies a batch from stdin, refreshes the index, and reports each edit", async () => {
    const root = project({ "src/a.ts": "export function oldName() { return 1; }\n", "src/b.ts": "import { oldName } from './a';\noldName();\n" });
    await tsift(root, ["index", "-q"]);
    const input = batch([
      { file: "src/a.ts", old: "oldName", new: "newName" },
      { file: "src/b.ts", old: "oldName", new: "newName", replace_all: true },
    ]);
    const run = await tsift(root, ["edit", "--json"], { stdin: input });
    expect(run.code).toBe(0);
    expect(run.json()).toMatchObject({
      applied: true,
      rejected: 0,
      index: { state: "refreshed" },
      files: [{ file: "src/a.ts" }, { file: "src/b.ts", replacements: 2 }],
    });
    expect(read(root, "src/b.ts")).toBe("import { newName } from './a';\nnewName();\n");
    expect((await tsift(root, ["index", "--check", "--exit-code"])).code).toBe(0);
  });

  it("exits 1 with every edit's reason when one is rejected, changing nothing", async () => {
    const root = project({ "a.txt": "alpha\n", "b.txt": "beta beta\n" });
    writeFileSync(
      join(root, "edits.json"),
      batch([
        { file: "a.txt", old: "alpha", new: "A" },
        { file: "b.txt", old: "beta", new: "B" },
      ]),
    );
    const run = await tsift(root, ["edit", "--input", "edits.json"]);
    expect(run.code).toBe(1);
    expect(run.out).toBe(
      [
        "rejected: 1 of 2 edits failed validation; no file was changed",
        "  1. not_applied a.txt",
        '  2. rejected b.txt: search text found 2 times; pass "replace_all": true or "count": 2',
        "",
      ].join("\n"),
    );
    expect([read(root, "a.txt"), read(root, "b.txt")]).toEqual(["alpha\n", "beta beta\n"]);
  });

  it("answers bad input with one line and a usage exit", async () => {
    const root = project({ "a.txt": "a\n" });
    const run = await tsift(root, ["edit"], { stdin: "{not json" });
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/^tsift: error\[invalid_input\]: edit batch is not valid JSON.*\(next: pipe \{"edits"/);
    expect(run.err.split("\n").filter(Boolean).length).toBeLessThanOrEqual(2);
    expect((await tsift(root, ["edit", "--input", "nope.json"])).code).toBe(3);
  });

  it("is all or nothing when killed between renames: the next batch completes the interrupted one first", async () => {
    const files = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}.txt`, `old ${i}\n`]));
    const root = project(files);
    const edits = batch(Object.keys(files).map((file, i) => ({ file, old: `old ${i}`, new: `new ${i}` })));
    const child = spawn(process.execPath, [builtBin, "edit"], {
      cwd: root,
      env: { ...process.env, TSIFT_EDIT_SWAP_DELAY_MS: "300" },
      stdio: ["pipe", "ignore", "ignore"],
    });
    child.stdin.end(edits);
    await waitUntil(() => read(root, "f0.txt") === "new 0\n", "the first rename");
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    const states = Object.keys(files).map((file, i) => {
      const text = read(root, file);
      expect([`old ${i}\n`, `new ${i}\n`]).toContain(text);
      return text.startsWith("new");
    });
    expect(states[0]).toBe(true);
    expect(states.at(-1)).toBe(false);
    expect(stagedLeft(root).length).toBeGreaterThan(0);
    const next = spawnBuilt(root, ["edit", "--json"], { stdin: batch([{ file: "f5.txt", old: "new 5", new: "again" }]) });
    expect(next.code).toBe(0);
    expect(JSON.parse(next.out).recovered).toMatchObject({ outcome: "rolled_forward", left_alone: [] });
    expect(Object.keys(files).map((file) => read(root, file))).toEqual([
      ...Object.keys(files)
        .slice(0, 5)
        .map((_, i) => `new ${i}\n`),
      "again\n",
    ]);
    expect(stagedLeft(root)).toEqual([]);
  });

  it("puts the replaced files back when a later rename fails", async () => {
    const root = project({ "a.txt": "one\n", "z.txt": "two\n" });
    const child = spawn(process.execPath, [builtBin, "edit", "--json"], {
      cwd: root,
      env: { ...process.env, TSIFT_EDIT_SWAP_DELAY_MS: "400" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let err = "";
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.stdin.end(
      batch([
        { file: "a.txt", old: "one", new: "1" },
        { file: "z.txt", old: "two", new: "2" },
      ]),
    );
    await waitUntil(() => read(root, "a.txt") === "1\n", "the first rename");
    // z.txt becomes a non-empty directory: renaming the staged file over it must fail.
    rmSync(join(root, "z.txt"));
    mkdirSync(join(root, "z.txt"));
    writeFileSync(join(root, "z.txt", "keep"), "x");
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(10);
    expect(err).toMatch(/could not replace z\.txt .*the files already replaced were restored/);
    expect(read(root, "a.txt")).toBe("one\n");
    expect(stagedLeft(root)).toEqual([]);
    expect(existsSync(join(root, ".tsift", "edit-journal.json"))).toBe(false);
  });
});
