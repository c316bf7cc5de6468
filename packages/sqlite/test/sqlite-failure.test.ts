import { existsSync, mkdtempSync, openSync, rmSync, statSync, truncateSync, writeSync, closeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  openSqliteConnection,
  openSqliteGraphStore,
  openSqliteGraphStoreReadOnly,
  openSqliteReadOnly,
  corruptFileName,
  quarantineSqliteFile,
  replaceSqliteFile,
  sqliteQuickCheck,
} from "../src/index";

const root = mkdtempSync(join(tmpdir(), "tsift-sqlite-failure-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dir: string;
let counter = 0;
beforeEach(() => {
  dir = mkdtempSync(join(root, `case-${++counter}-`));
});

const HINT = "tsift index --rebuild";

/** A WAL database of ~`rows` rows of 200 bytes each, checkpointed into the file. */
function bigDatabase(path: string, rows = 5000): void {
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL); CREATE INDEX t_body ON t(body)");
  const insert = db.prepare("INSERT INTO t (body) VALUES (?)");
  db.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run(`${i}`.padStart(8, "0") + "x".repeat(192));
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
}

/** Overwrites `pages` pages from page `first` (1-based) with a byte pattern that is no b-tree page. */
function garbagePages(path: string, first: number, pages: number): void {
  const fd = openSync(path, "r+");
  try {
    writeSync(fd, Buffer.alloc(pages * 4096, 0xa5), 0, pages * 4096, (first - 1) * 4096);
  } finally {
    closeSync(fd);
  }
}

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("classifying SQLite failures", () => {
  it("reports a page damaged mid-file, met by a later query, as corrupt_data with the repair hint", () => {
    const path = join(dir, "big.db");
    bigDatabase(path);
    expect(statSync(path).size / 4096).toBeGreaterThan(300);
    garbagePages(path, 50, 200);
    const connection = openSqliteReadOnly(path, { repairHint: HINT });
    try {
      const error = thrown(() => connection.database.prepare("SELECT count(*) FROM t WHERE body > ''").get());
      expect(error).toMatchObject({ name: "TsiftError", code: "corrupt_data", hint: HINT, details: { path } });
      const iterated = thrown(() => [...connection.database.prepare("SELECT body FROM t").iterate()]);
      expect(iterated).toMatchObject({ code: "corrupt_data", hint: HINT });
    } finally {
      void connection.close();
    }
  });

  it("reports a missing table as schema_mismatch, through prepare, exec and the async surface", async () => {
    const path = join(dir, "plain.db");
    bigDatabase(path, 10);
    const connection = openSqliteConnection(path, { repairHint: HINT });
    try {
      expect(thrown(() => connection.database.prepare("SELECT * FROM nope"))).toMatchObject({ code: "schema_mismatch", hint: HINT });
      expect(thrown(() => connection.database.exec("DELETE FROM nope"))).toMatchObject({ code: "schema_mismatch" });
      await expect(connection.all("SELECT missing_column FROM t")).rejects.toMatchObject({ code: "schema_mismatch", hint: HINT });
      // Other failures keep SQLite's own error, so callers that branch on its code still can.
      expect(thrown(() => connection.database.exec("INSERT INTO t (id, body) VALUES (1, 'dup')"))).toMatchObject({ code: "SQLITE_CONSTRAINT_PRIMARYKEY" });
    } finally {
      await connection.close();
    }
  });

  it("reports a truncated file and a garbage header as corrupt_data when opened, for readers and writers", () => {
    const truncated = join(dir, "truncated.db");
    bigDatabase(truncated);
    truncateSync(truncated, 10_000);
    expect(thrown(() => openSqliteReadOnly(truncated, { repairHint: HINT }))).toMatchObject({ code: "corrupt_data", hint: HINT });
    expect(thrown(() => openSqliteConnection(truncated, { repairHint: HINT }))).toMatchObject({ code: "corrupt_data", hint: HINT });
    const garbage = join(dir, "garbage.db");
    bigDatabase(garbage, 10);
    garbagePages(garbage, 1, 1);
    expect(thrown(() => openSqliteReadOnly(garbage, { repairHint: HINT }))).toMatchObject({ code: "corrupt_data", hint: HINT });
    expect(thrown(() => openSqliteConnection(garbage, { repairHint: HINT }))).toMatchObject({ code: "corrupt_data", hint: HINT });
  });

  it("gives a graph store's refused schema the caller's repair command", async () => {
    const path = join(dir, "graph.db");
    const store = await openSqliteGraphStore(path);
    await store.close();
    const db = new Database(path);
    db.pragma("user_version = 99");
    db.close();
    const repairHint = "tsift graph-db refresh --force";
    await expect(openSqliteGraphStoreReadOnly(path, { repairHint })).rejects.toMatchObject({ code: "schema_newer", hint: expect.stringContaining(repairHint) });
    await expect(openSqliteGraphStore(path, { repairHint })).rejects.toMatchObject({ code: "schema_newer", hint: expect.stringContaining(repairHint) });
  });
});

describe("quick_check and moving a file aside", () => {
  it("finds mid-file damage that opening does not, and nothing in a sound file", () => {
    const path = join(dir, "big.db");
    bigDatabase(path);
    const sound = new Database(path, { readonly: true });
    expect(sqliteQuickCheck(sound)).toEqual([]);
    sound.close();
    garbagePages(path, 50, 200);
    const damaged = new Database(path, { readonly: true });
    const problems = sqliteQuickCheck(damaged, 3);
    damaged.close();
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.length).toBeLessThanOrEqual(3);
    expect(problems.every((line) => !line.includes("\n"))).toBe(true);
  });

  it("moves a database and its sidecars to <name>.corrupt-<UTC time>, never over an earlier one", () => {
    const path = join(dir, "index.db");
    bigDatabase(path, 10);
    const held = new Database(path);
    held.exec("INSERT INTO t (body) VALUES ('in the wal')");
    const now = new Date("2026-11-25T16:45:00.123Z");
    const first = quarantineSqliteFile(path, corruptFileName(path, now));
    held.close();
    expect(first).toEqual({
      moved_to: `${path}.corrupt-20261125T164500Z`,
      files: [`${path}.corrupt-20261125T164500Z`, `${path}.corrupt-20261125T164500Z-wal`, `${path}.corrupt-20261125T164500Z-shm`],
    });
    expect(existsSync(path)).toBe(false);
    // The moved file still opens, with the row its WAL held.
    const moved = new Database(first!.moved_to, { readonly: true });
    expect(moved.prepare("SELECT count(*) FROM t").pluck().get()).toBe(11);
    moved.close();
    bigDatabase(path, 10);
    expect(quarantineSqliteFile(path, corruptFileName(path, now))?.moved_to).toBe(`${path}.corrupt-20261125T164500Z-2`);
    expect(quarantineSqliteFile(path)).toBeNull();
  });

  it("replaces a file in one rename, keeping the old one's bytes", () => {
    const path = join(dir, "index.db");
    bigDatabase(path, 10);
    const replacement = join(dir, "index.db.rebuild");
    bigDatabase(replacement, 3);
    const kept = replaceSqliteFile(path, replacement, `${path}.corrupt-x`);
    expect(kept?.moved_to).toBe(`${path}.corrupt-x`);
    expect(existsSync(replacement)).toBe(false);
    const now = new Database(path, { readonly: true });
    const old = new Database(`${path}.corrupt-x`, { readonly: true });
    expect(now.prepare("SELECT count(*) FROM t").pluck().get()).toBe(3);
    expect(old.prepare("SELECT count(*) FROM t").pluck().get()).toBe(10);
    now.close();
    old.close();
  });
});
