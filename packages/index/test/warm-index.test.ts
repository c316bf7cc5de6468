import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  indexLocation,
  openReadIndex,
  readSymbolGraph,
  readSymbols,
  readSymbolsOnFirstUse,
  resolveReadTarget,
  startWarmIndex,
  updateIndex,
  warmIndexIsFresh,
  type WarmIndex,
  type WarmUpdate,
} from "../src/index";
import { holdLockInChild, tempTree } from "./helpers";

const TREE = {
  "src/app.ts": "import { helper } from './util';\nexport function main() {\n  return helper();\n}\n",
  "src/util.ts": "export function helper() {\n  return 1;\n}\n",
};

const running: WarmIndex[] = [];
afterEach(async () => {
  for (const warm of running.splice(0)) await warm.stop();
});

async function indexed(files: Record<string, string> = TREE): Promise<string> {
  const root = tempTree(files);
  await updateIndex(indexLocation(root));
  return root;
}

function start(root: string, updates: WarmUpdate[] = []): WarmIndex {
  const warm = startWarmIndex(root, { onUpdate: (update) => updates.push(update) });
  running.push(warm);
  return warm;
}

/** Polls until `check` holds (the watcher's events arrive asynchronously), failing after 5 s. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 250; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("condition not reached in 5 s");
}

const names = async (root: string) => (await readSymbols(resolveReadTarget({ cwd: root }))).symbols.map((symbol) => symbol.name).sort();

describe("startWarmIndex", () => {
  it("reads share one open connection whose close does nothing, and answer as the cold path does", async () => {
    const root = await indexed();
    const coldIndex = await openReadIndex({ cwd: root });
    const cold = await readSymbolGraph(async () => coldIndex, { symbol: "helper", callers: true });
    const coldSymbols = await readSymbols(resolveReadTarget({ cwd: root }));
    await coldIndex.close();

    const warm = start(root);
    await warm.settle();
    const first = await openReadIndex({ cwd: root });
    await first.close();
    const second = await openReadIndex({ cwd: root });
    expect(second.db).toBe(first.db);
    expect(second.db.open).toBe(true);
    expect(await second.fresh()).toBe(true);
    expect(await readSymbolGraph(async () => second, { symbol: "helper", callers: true })).toEqual(cold);
    expect(await readSymbols(resolveReadTarget({ cwd: root }))).toEqual(coldSymbols);
    expect(second.db.open).toBe(true);
    expect(await warmIndexIsFresh(indexLocation(root))).toBe(true);
    await warm.stop();
    expect(await warmIndexIsFresh(indexLocation(root))).toBe(false);
  });

  it("makes an edit visible to the next read through the watcher, debounced into one update", async () => {
    const root = await indexed();
    const updates: WarmUpdate[] = [];
    const warm = start(root, updates);
    await warm.settle();
    updates.length = 0;
    mkdirSync(join(root, "src", "deep"), { recursive: true });
    writeFileSync(join(root, "src", "deep", "fresh.ts"), "export function freshlyWritten() {\n  return 2;\n}\n");
    writeFileSync(join(root, "src", "util.ts"), "export function helperRenamed() {\n  return 1;\n}\n");
    await eventually(async () => (await names(root)).includes("freshlyWritten"));
    expect(await names(root)).toEqual(["freshlyWritten", "helperRenamed", "main"]);
    expect(updates.reduce((sum, update) => sum + update.files, 0)).toBe(2);
    // The new directory is followed too.
    writeFileSync(join(root, "src", "deep", "fresh.ts"), "export function secondEdit() {}\n");
    await eventually(async () => (await names(root)).includes("secondEdit"));
    rmSync(join(root, "src", "app.ts"));
    await eventually(async () => !(await names(root)).includes("main"));
  });

  it("ignores .tsift, .git and the default ignored directories", async () => {
    const root = await indexed();
    const updates: WarmUpdate[] = [];
    const warm = start(root, updates);
    await warm.settle();
    updates.length = 0;
    for (const dir of [".git", "node_modules/pkg", "dist", ".tsift/x"]) {
      mkdirSync(join(root, dir), { recursive: true });
      writeFileSync(join(root, dir, "noise.ts"), "export function noise() {}\n");
    }
    // A real change after the noise: once it is seen, the noise had its chance to be seen too.
    writeFileSync(join(root, "src", "later.ts"), "export function later() {}\n");
    await eventually(async () => (await names(root)).includes("later"));
    expect(warm.status().indexes).toEqual([{ scope: null, busy: false, lock_held: false }]);
    expect(updates.every((update) => update.files <= 1)).toBe(true);
    expect(await names(root)).not.toContain("noise");
  });

  it("serves the last snapshot with a note while another writer holds the lock, then catches up", async () => {
    const root = await indexed();
    const warm = start(root);
    await warm.settle();
    const holder = await holdLockInChild(indexLocation(root).lockPath);
    let released = false;
    try {
      writeFileSync(join(root, "src", "blocked.ts"), "export function blockedEdit() {}\n");
      await eventually(async () => {
        const index = await openReadIndex({ cwd: root });
        return index.notes.some((note) => note.includes("another tsift writer holds"));
      });
      const reading = await readSymbolsOnFirstUse(resolveReadTarget({ cwd: root }), {});
      expect(reading.report.symbols.map((symbol) => symbol.name)).not.toContain("blockedEdit");
      expect(await warmIndexIsFresh(indexLocation(root))).toBe(false);
      expect(warm.status().indexes[0]!.lock_held).toBe(true);
      await holder.release();
      released = true;
      await eventually(async () => (await names(root)).includes("blockedEdit"));
      expect((await openReadIndex({ cwd: root })).notes).toEqual([]);
    } finally {
      if (!released) await holder.release();
    }
  });

  it("stops cleanly: the watcher is gone, no lock is left, reads open the file again", async () => {
    const root = await indexed();
    const warm = start(root);
    await warm.settle();
    writeFileSync(join(root, "src", "late.ts"), "export function late() {}\n");
    const warmDb = (await openReadIndex({ cwd: root })).db;
    await warm.stop();
    expect(warm.status().watched_dirs).toBe(0);
    expect(existsSync(indexLocation(root).lockPath)).toBe(false);
    expect(warmDb.open).toBe(false);
    const cold = await openReadIndex({ cwd: root });
    expect(cold.db).not.toBe(warmDb);
    await cold.close();
  });

  it("builds no missing index: the first read follows the cold path's first-use policy", async () => {
    const root = tempTree(TREE);
    const warm = start(root);
    await warm.settle();
    expect(existsSync(indexLocation(root).dbPath)).toBe(false);
    const reading = await readSymbolsOnFirstUse(resolveReadTarget({ cwd: root }), {});
    expect(reading.notes[0]).toMatch(/^note: no index yet: indexed 2 files/);
    writeFileSync(join(root, "src", "after.ts"), "export function afterFirstUse() {}\n");
    await eventually(async () => (await names(root)).includes("afterFirstUse"));
  });
});

describe("startWarmIndex({ readOnly: true })", () => {
  it("never updates the index: after an edit reads take the cold path until someone else catches it up", async () => {
    const root = await indexed();
    const location = indexLocation(root);
    const warm = startWarmIndex(root, { readOnly: true });
    running.push(warm);
    await warm.settle();
    expect(await warmIndexIsFresh(location)).toBe(true);
    const db = statSync(location.dbPath);
    writeFileSync(join(root, "src", "later.ts"), "export function later() {\n  return 2;\n}\n");
    await eventually(async () => !(await warmIndexIsFresh(location)));
    await warm.settle();
    expect(statSync(location.dbPath).mtimeMs).toBe(db.mtimeMs);
    expect(statSync(location.dbPath).size).toBe(db.size);
    await updateIndex(location);
    expect(await warmIndexIsFresh(location)).toBe(true);
    expect(await names(root)).toContain("later");
  });
});
