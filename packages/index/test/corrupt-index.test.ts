import { closeSync, existsSync, openSync, readdirSync, rmSync, statSync, truncateSync, writeSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { checkIndex, indexLocation, openIndexReader, openIndexWriter, projectStatus, querySymbols, updateIndex, type IndexLocation } from "../src/index";
import { tempTree } from "./helpers";

/** Enough source for an index.db of several hundred pages, so 200 pages of garbage land mid-file. */
function bigTree(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let f = 0; f < 40; f++) {
    const lines: string[] = [];
    for (let i = 0; i < 80; i++)
      lines.push(`def fn_${f}_${i}(a):`, `    # padding so each chunk has a body ${"x".repeat(60)}`, `    return fn_${f}_${(i + 1) % 80}(a + ${i})`, "");
    files[`m${f}.py`] = lines.join("\n");
  }
  return files;
}

async function indexed(): Promise<IndexLocation> {
  const root = tempTree(bigTree());
  const location = indexLocation(root);
  await updateIndex(location, { workers: 0 });
  const db = new Database(location.dbPath);
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  return location;
}

function garbage(path: string, firstPage: number, pages: number): void {
  for (const suffix of ["-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true });
  const fd = openSync(path, "r+");
  writeSync(fd, Buffer.alloc(pages * 4096, 0x5a), 0, pages * 4096, firstPage * 4096);
  closeSync(fd);
}

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

/** The rebuild as typed from this process's directory, which is not the project's: the project is named. */
const hintFor = (location: IndexLocation) => `tsift index --rebuild ${location.projectRoot}`;

describe("classifying a damaged index.db", () => {
  it("a truncated file or garbage header is corrupt_data from the reader and the writer, naming the rebuild", async () => {
    const location = await indexed();
    truncateSync(location.dbPath, 10_000);
    expect(thrown(() => openIndexReader(location))).toMatchObject({ code: "corrupt_data", hint: hintFor(location) });
    expect(thrown(() => openIndexWriter(location))).toMatchObject({ code: "corrupt_data", hint: hintFor(location) });
    garbage(location.dbPath, 0, 1);
    expect(thrown(() => openIndexReader(location))).toMatchObject({ code: "corrupt_data", hint: hintFor(location) });
  });

  it("a missing table or column is schema_mismatch from the query that meets it, or when opened with checkShape", async () => {
    const location = await indexed();
    const db = new Database(location.dbPath);
    db.exec("DROP TABLE symbols");
    db.close();
    const reader = openIndexReader(location);
    try {
      expect(thrown(() => reader.database.prepare("SELECT count(*) FROM symbols").get())).toMatchObject({ code: "schema_mismatch", hint: hintFor(location) });
    } finally {
      await reader.close();
    }
    expect(thrown(() => openIndexReader(location, { checkShape: true }))).toMatchObject({
      code: "schema_mismatch",
      hint: hintFor(location),
      details: { reason: "missing table symbols" },
    });
    expect(thrown(() => openIndexWriter(location))).toMatchObject({ code: "schema_mismatch" });
    const again = await indexed();
    const db2 = new Database(again.dbPath);
    db2.exec("ALTER TABLE calls DROP COLUMN receiver_type");
    db2.close();
    expect(thrown(() => openIndexReader(again, { checkShape: true }))).toMatchObject({
      code: "schema_mismatch",
      details: { reason: "missing column calls.receiver_type" },
    });
  });

  it("damage mid-file is corrupt_data from the query that meets it; checkIndex's quick_check finds it up front", async () => {
    const location = await indexed();
    const pages = statSync(location.dbPath).size / 4096;
    expect(pages).toBeGreaterThan(300);
    garbage(location.dbPath, 60, 200);
    const reader = openIndexReader(location);
    try {
      // Every row of every table: some query meets the damaged pages, and each that does says corrupt_data.
      const tables = reader.database.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'chunks_fts%'").pluck().all() as string[];
      const errors: unknown[] = [];
      for (const table of tables) {
        try {
          reader.database.prepare(`SELECT * FROM "${table}"`).all();
        } catch (error) {
          errors.push(error);
        }
      }
      expect(errors.length).toBeGreaterThan(0);
      for (const error of errors) expect(error).toMatchObject({ name: "TsiftError", code: "corrupt_data", hint: hintFor(location) });
    } finally {
      await reader.close();
    }
    await expect(checkIndex(location)).rejects.toMatchObject({
      code: "corrupt_data",
      hint: hintFor(location),
      message: expect.stringContaining("quick_check"),
    });
  });

  it("a newer schema names a rebuild that works", async () => {
    const location = await indexed();
    const db = new Database(location.dbPath);
    db.pragma("user_version = 99");
    db.close();
    expect(thrown(() => openIndexReader(location))).toMatchObject({ code: "schema_newer", hint: expect.stringContaining(`\`${hintFor(location)}\``) });
  });
});

describe("rebuilding a damaged index.db", () => {
  it.each(["truncate", "mid-file", "drop table", "user_version"] as const)("%s: updateIndex --rebuild replaces it and keeps the old bytes", async (how) => {
    const location = await indexed();
    const before = statSync(location.dbPath).size;
    if (how === "truncate") truncateSync(location.dbPath, 10_000);
    else if (how === "mid-file") garbage(location.dbPath, 60, 200);
    else {
      const db = new Database(location.dbPath);
      db.exec(how === "drop table" ? "DROP TABLE symbols" : "PRAGMA user_version = 99");
      db.close();
    }
    const summary = await updateIndex(location, { rebuild: true, workers: 0 });
    expect(summary.replaced?.moved_to).toMatch(/index\.db\.corrupt-\d{8}T\d{6}Z$/u);
    expect(existsSync(summary.replaced!.moved_to)).toBe(true);
    expect(existsSync(`${location.dbPath}.rebuild`)).toBe(false);
    if (how === "mid-file") expect(statSync(summary.replaced!.moved_to).size).toBe(before);
    const reader = openIndexReader(location);
    try {
      expect(querySymbols(reader.database, { name: "fn_1_1" }).symbols.map((symbol) => symbol.name)).toContain("fn_1_1");
    } finally {
      await reader.close();
    }
    expect((await checkIndex(location)).modified).toBe(0);
  });

  it("a sound index is rebuilt in place, with nothing moved aside", async () => {
    const location = await indexed();
    const summary = await updateIndex(location, { rebuild: true, workers: 0 });
    expect(summary.replaced).toBeUndefined();
    expect(readdirSync(join(location.dbPath, "..")).filter((name) => name.includes(".corrupt-"))).toEqual([]);
  });

  it("status reports the damage as state corrupt with the rebuild, and --fix rebuilds it", async () => {
    const location = await indexed();
    truncateSync(location.dbPath, 10_000);
    const status = await projectStatus({ cwd: location.projectRoot });
    // Spelled from the status call's cwd, the project root itself.
    expect(status.index).toMatchObject({ state: "corrupt", problem: { code: "corrupt_data", next: "tsift index --rebuild" } });
    expect(status.recommendations).toMatchObject({ use: [], run: expect.stringContaining("tsift index --rebuild") });
    const fixed = await projectStatus({ cwd: location.projectRoot, fix: true });
    expect(fixed.index.state).toBe("fresh");
    expect(readdirSync(join(location.dbPath, "..")).some((name) => name.startsWith("index.db.corrupt-"))).toBe(true);
  });
});
