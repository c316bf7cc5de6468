import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readSync, realpathSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "./helpers";

// The real driver, to fold the WAL into the file before damaging it; tsift's own code never runs here.
const Database = createRequire(import.meta.url)("better-sqlite3") as typeof import("better-sqlite3");

const work = realpathSync(mkdtempSync(join(tmpdir(), "tsift-damage-")));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** 40 files of 60 functions: an index.db of several hundred pages. */
function indexedProject(name: string): string {
  const root = join(work, name);
  mkdirSync(root);
  for (let f = 0; f < 40; f++) {
    const lines: string[] = [];
    for (let i = 0; i < 60; i++)
      lines.push(`export function fn_${f}_${i}(a: number): number {`, `  return fn_${f}_${(i + 1) % 60}(a + ${i}); // ${"y".repeat(50)}`, "}", "");
    writeFileSync(join(root, `f${f}.ts`), lines.join("\n"));
  }
  return root;
}

/** Overwrites one page in the middle of the file with garbage, as a failing disk or a stray write would. */
function garbageOnePage(path: string): void {
  const db = new Database(path);
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  const fd = openSync(path, "r+");
  const header = Buffer.alloc(18);
  readSync(fd, header, 0, 18, 0);
  const page = header.readUInt16BE(16) === 1 ? 65536 : header.readUInt16BE(16);
  const pages = Math.floor(statSync(path).size / page);
  expect(pages).toBeGreaterThan(50);
  writeSync(fd, Buffer.alloc(page, 0x5a), 0, page, Math.floor(pages / 2) * page);
  closeSync(fd);
}

describe("damage in the middle of index.db", () => {
  it("status and index exit 6 naming the rebuild, which repairs it", async () => {
    const root = indexedProject("one-page");
    expect((await run(root, "index", "--quiet")).code).toBe(0);
    const healthy = await run(root, "status", "--json");
    expect(healthy.code, healthy.err).toBe(0);
    expect(healthy.json().index.state).toBe("fresh");

    garbageOnePage(join(root, ".tsift", "index.db"));

    const status = await run(root, "status", "--json");
    expect(status.code, status.err).toBe(6);
    expect(status.json().index.state).toBe("corrupt");
    expect(status.err).toMatch(/error\[corrupt_data\]: .*\(next: tsift index --rebuild\)/u);

    const index = await run(root, "index");
    expect(index.code, index.err).toBe(6);
    expect(index.err).toMatch(/corrupt_data.*next: tsift index --rebuild/su);

    const rebuilt = await run(root, "index", "--rebuild");
    expect(rebuilt.code, rebuilt.err).toBe(0);
    const after = await run(root, "status", "--json");
    expect(after.code, after.err).toBe(0);
    expect(after.json().index.state).toBe("fresh");
  });

  it("a writer that leaves the file sound records it, so status skips the page check until something else touches the file", async () => {
    const root = indexedProject("stamp");
    expect((await run(root, "index", "--quiet")).code).toBe(0);
    const stamp = join(root, ".tsift", "index.db.checked");
    expect(existsSync(stamp)).toBe(true);
    garbageOnePage(join(root, ".tsift", "index.db"));
    // The damage changed the file's size or time: the record no longer matches, so status looks.
    expect((await run(root, "status")).code).toBe(6);
  });
});

describe("damage in the middle of graph.db", () => {
  it("graph-db status and refresh exit 6 naming refresh --force, which repairs it", async () => {
    const root = indexedProject("graph-one-page");
    expect((await run(root, "index", "--quiet")).code).toBe(0);
    const refreshed = await run(root, "graph-db", "refresh");
    expect(refreshed.code, refreshed.err).toBe(0);
    expect((await run(root, "graph-db", "status")).code).toBe(0);

    garbageOnePage(join(root, ".tsift", "graph.db"));

    for (const argv of [
      ["graph-db", "status"],
      ["graph-db", "refresh"],
    ]) {
      const damaged = await run(root, ...argv);
      expect(damaged.code, `${argv.join(" ")}: ${damaged.err}`).toBe(6);
      expect(damaged.err).toMatch(/corrupt_data.*next: tsift graph-db refresh --force/su);
    }
    const forced = await run(root, "graph-db", "refresh", "--force");
    expect(forced.code, forced.err).toBe(0);
    const after = await run(root, "graph-db", "status");
    expect(after.code, after.err).toBe(0);
  });
});
