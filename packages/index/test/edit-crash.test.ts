import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyEdits, indexProject, recoverEditBatch } from "../src/indexer";
import { openReadIndex } from "../src/index";
import { readSymbolsOnFirstUse, resolveReadTarget } from "../src/graph-read";
import { journalPath, readJournal, type EditJournal } from "../src/walk/edit/edit-journal";
import { tempTree } from "./helpers";

// A real crash: a child process runs `applyEdits` with the test hook
// TSIFT_TEST_EDIT_CRASH_AFTER=<n>, which SIGKILLs it right after its n-th rename; then the
// next tsift entry point (recovery, `edit`, `index`, a read) must leave the whole batch on
// one side, checked by each file's sha256.

const FILES = 6;
const names = Array.from({ length: FILES }, (_, i) => `src/f${i}.ts`);
const oldText = (i: number) => `export const value${i} = "old ${i}";\n`;
const newText = (i: number) => `export const value${i} = "new ${i}";\n`;
const sha = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");

let bundleDir: string;
let childScript: string;

beforeAll(async () => {
  // Child processes run plain Node: bundle the library's sources for them (the code the tests import).
  // Under node_modules/.cache, so the bundle's external packages resolve as the sources' do.
  const cache = join(import.meta.dirname, "..", "..", "..", "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  bundleDir = mkdtempSync(join(cache, "tsift-edit-crash-"));
  const bundle = join(bundleDir, "indexer.mjs");
  await build({
    entryPoints: [join(import.meta.dirname, "..", "src", "indexer.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: bundle,
    conditions: ["@tsift/source"],
    external: ["better-sqlite3", "tree-sitter", "tree-sitter-*", "@tree-sitter-grammars/*", "node-gyp-build"],
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    logLevel: "silent",
  });
  childScript = join(bundleDir, "edit-child.mjs");
  writeFileSync(
    childScript,
    `import { applyEdits } from ${JSON.stringify(pathToFileURL(bundle).href)};\n` +
      `const [root, edits] = process.argv.slice(2);\n` +
      `await applyEdits({ cwd: root, edits: JSON.parse(edits), refreshIndex: false });\n`,
  );
});
afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

function project(): string {
  return tempTree(Object.fromEntries(names.map((name, i) => [name, oldText(i)])));
}

const batch = names.map((file, i) => ({ file, old: `"old ${i}"`, new: `"new ${i}"` }));

/** Runs the batch in a child that kills itself after `crashAfter` renames; resolves with how it ended. */
function crashingEdit(root: string, crashAfter: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [childScript, root, JSON.stringify(batch)], {
      env: { ...process.env, TSIFT_TEST_EDIT_CRASH_AFTER: String(crashAfter) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code, signal) => resolve({ code, signal, stderr }));
  });
}

/** Which side each file is on: "old", "new", or "other". */
function sides(root: string): string[] {
  return names.map((name, i) => {
    const hash = sha(readFileSync(join(root, name)));
    return hash === sha(oldText(i)) ? "old" : hash === sha(newText(i)) ? "new" : "other";
  });
}

/** Anything an edit keeps while in flight, outside `.tsift/`. */
const leftovers = (root: string) => readdirSync(join(root, "src")).filter((name) => name.startsWith("."));

async function crashAfter(root: string, renames: number): Promise<EditJournal> {
  const run = await crashingEdit(root, renames);
  expect(run.signal, run.stderr).toBe("SIGKILL");
  const journal = readJournal(root);
  expect(journal && "files" in journal ? journal.phase : null).toBe("commit");
  return journal as EditJournal;
}

describe("tsift edit killed between renames", () => {
  it.each([0, 1, 3, FILES - 1, FILES])("after %i renames, recovery rolls the whole batch forward", async (renames) => {
    const root = project();
    await crashAfter(root, renames);
    expect(sides(root)).toEqual(names.map((_, i) => (i < renames ? "new" : "old")));
    const recovery = recoverEditBatch(root);
    expect(recovery).toMatchObject({ outcome: "rolled_forward", files: names.slice(renames), left_alone: [] });
    expect(sides(root)).toEqual(names.map(() => "new"));
    expect(leftovers(root)).toEqual([]);
    expect(existsSync(journalPath(root))).toBe(false);
    expect(readdirSync(join(root, ".tsift")).filter((name) => name.startsWith("edit-batch"))).toEqual([]);
    expect(recoverEditBatch(root)).toBeNull();
  });

  it("rolls back, whole, when a staged new copy is missing", async () => {
    const root = project();
    const journal = await crashAfter(root, 2);
    rmSync(join(root, journal.files[4]!.staged));
    expect(recoverEditBatch(root)).toMatchObject({ outcome: "rolled_back", files: names.slice(0, 2), left_alone: [] });
    expect(sides(root)).toEqual(names.map(() => "old"));
    expect(leftovers(root)).toEqual([]);
  });

  it("rolls back, whole, when a staged new copy is corrupt", async () => {
    const root = project();
    const journal = await crashAfter(root, 3);
    writeFileSync(join(root, journal.files[5]!.staged), "export const value5 = 'torn");
    expect(recoverEditBatch(root)?.outcome).toBe("rolled_back");
    expect(sides(root)).toEqual(names.map(() => "old"));
    expect(leftovers(root)).toEqual([]);
  });

  it("only clears a batch killed before its commit record: nothing was renamed", async () => {
    const root = project();
    const journal = await crashAfter(root, 0);
    // The same batch as the kill left it, one step earlier: staged and backed up, not yet committed.
    writeFileSync(journalPath(root), JSON.stringify({ ...journal, phase: "prepare" }));
    expect(recoverEditBatch(root)).toMatchObject({ outcome: "rolled_back", files: [], left_alone: [] });
    expect(sides(root)).toEqual(names.map(() => "old"));
    expect(leftovers(root)).toEqual([]);
  });

  it("finishes a roll-back a kill interrupted as a roll-back, even though every staged copy is intact", async () => {
    const root = project();
    const journal = await crashAfter(root, 3);
    writeFileSync(journalPath(root), JSON.stringify({ ...journal, phase: "rollback" }));
    expect(recoverEditBatch(root)).toMatchObject({ outcome: "rolled_back", files: names.slice(0, 3) });
    expect(sides(root)).toEqual(names.map(() => "old"));
    expect(leftovers(root)).toEqual([]);
  });

  it("leaves a file someone changed since alone, and reports it", async () => {
    const root = project();
    await crashAfter(root, 2);
    writeFileSync(join(root, names[0]!), "// rewritten by hand\n");
    writeFileSync(join(root, names[4]!), "// rewritten by hand too\n");
    const recovery = recoverEditBatch(root);
    expect(recovery?.outcome).toBe("rolled_forward");
    expect(recovery?.left_alone.map((entry) => entry.file)).toEqual([names[0], names[4]]);
    expect(sides(root)).toEqual(["other", "new", "new", "new", "other", "new"]);
    expect(readFileSync(join(root, names[0]!), "utf8")).toBe("// rewritten by hand\n");
  });

  it("is settled by the next edit, which then applies its own batch", async () => {
    const root = project();
    const journal = await crashAfter(root, 1);
    rmSync(join(root, journal.files[3]!.staged));
    const report = await applyEdits({ cwd: root, edits: [{ file: names[0]!, old: '"old 0"', new: '"again"' }], refreshIndex: false });
    expect(report.recovered).toMatchObject({ outcome: "rolled_back", files: [names[0]] });
    expect(readFileSync(join(root, names[0]!), "utf8")).toBe('export const value0 = "again";\n');
    expect(sides(root).slice(1)).toEqual(names.slice(1).map(() => "old"));
    expect(leftovers(root)).toEqual([]);
  });

  it("is settled by the next `index`, before it reads the files, and says so", async () => {
    const root = project();
    await crashAfter(root, 4);
    const run = await indexProject({ cwd: root, path: root, quiet: true });
    expect(run.notes.some((note) => /completed the tsift edit interrupted/.test(note))).toBe(true);
    expect(sides(root)).toEqual(names.map(() => "new"));
    expect(leftovers(root)).toEqual([]);
  });

  it("is settled by the read commands' open path", async () => {
    const root = project();
    await indexProject({ cwd: root, path: root, quiet: true });
    await crashAfter(root, 3);
    const read = await openReadIndex({ cwd: root });
    try {
      expect(read.notes.some((note) => /completed the tsift edit interrupted/.test(note))).toBe(true);
      // Settled before the freshness check, so the index it opens was refreshed for every file of the batch.
      expect(read.refreshed).toBe(FILES);
    } finally {
      await read.close();
    }
    expect(sides(root)).toEqual(names.map(() => "new"));
  });

  it("is settled by resolving a read target (the path of reads that never refresh, like `symbols`)", async () => {
    const root = project();
    const journal = await crashAfter(root, 2);
    writeFileSync(join(root, journal.files[2]!.staged), "torn");
    const target = resolveReadTarget({ cwd: root });
    expect(target.notes?.some((note) => /rolled back the tsift edit interrupted/.test(note))).toBe(true);
    expect(sides(root)).toEqual(names.map(() => "old"));
    expect(resolveReadTarget({ cwd: root }).notes).toBeUndefined();
  });

  it("says so in the notes of `symbols`, which reads without refreshing", async () => {
    const root = project();
    await crashAfter(root, 2);
    const reading = await readSymbolsOnFirstUse(resolveReadTarget({ cwd: root }), { name: "value1" });
    expect(reading.notes[0]).toMatch(/^note: completed the tsift edit interrupted at .* \(4 files rewritten\)$/);
    expect(reading.report.symbols[0]?.file).toBe(names[1]);
  });
});
