import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { SqlGraphStore } from "@tsift/core";
import { canonicalProjection } from "@tsift/core/testing";
import { openSqliteGraphStore, openSqliteGraphStoreReadOnly, openSqliteReadOnly } from "../src/index";
import { spawnNode, type HeldChild } from "./helpers/child-process";

const root = mkdtempSync(join(tmpdir(), "tsift-sqlite-read-only-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const canonical = canonicalProjection();
let dir: string;
let snapshots: string;
let children: HeldChild[] = [];
let counter = 0;

beforeEach(() => {
  dir = join(root, `case-${++counter}`);
  snapshots = join(dir, "snapshots");
  mkdirSync(snapshots, { recursive: true });
});
afterEach(async () => {
  await Promise.all(children.map((child) => child.kill()));
  children = [];
});

async function hold(script: string): Promise<HeldChild> {
  const child = await spawnNode(script);
  children.push(child);
  return child;
}

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to throw");
}

async function canonicalGraphDb(): Promise<string> {
  const path = join(dir, "graph.db");
  const store = await openSqliteGraphStore(path);
  await store.replaceProjection(canonical);
  await store.close();
  return path;
}

/** A child that commits one more node and then keeps an exclusive lock on the file. */
function exclusiveWalWriter(path: string, readFirst: boolean): string {
  return `
    const Database = require("better-sqlite3");
    const db = new Database(${JSON.stringify(path)});
    ${readFirst ? 'db.prepare("SELECT count(*) FROM graph_nodes").get();' : ""}
    db.pragma("locking_mode = EXCLUSIVE");
    db.prepare("INSERT INTO graph_nodes (id, kind, label) VALUES (?, ?, ?)").run("late", "symbol", "late");
    console.log("ready");
    setInterval(() => {}, 1000);`;
}

/**
 * A rollback-journal child mid-transaction: BEGIN EXCLUSIVE, one uncommitted node, and
 * enough big rows through a 2-page cache that SQLite spills changed pages into the main
 * file, so only rolling the journal back recovers the committed state.
 */
function journalWriterMidTransaction(path: string): string {
  return `
    const Database = require("better-sqlite3");
    const db = new Database(${JSON.stringify(path)});
    db.pragma("cache_size = 2");
    db.exec("BEGIN EXCLUSIVE");
    const insert = db.prepare("INSERT INTO graph_nodes (id, kind, label) VALUES (?, ?, ?)");
    insert.run("uncommitted", "symbol", "uncommitted");
    for (let i = 0; i < 2000; i++) insert.run("bulk:" + i, "bulk", "x".repeat(500));
    console.log("ready");
    setInterval(() => {}, 1000);`;
}

function toRollbackJournal(path: string): void {
  const db = new Database(path);
  db.pragma("journal_mode = DELETE");
  db.close();
}

describe("openSqliteGraphStoreReadOnly", () => {
  it("reads the live file and reports recovery: null when nothing holds a lock", async () => {
    const path = await canonicalGraphDb();
    const store = await openSqliteGraphStoreReadOnly(path);
    expect(store.recovery).toBeNull();
    expect(store.snapshotPath).toBeNull();
    expect(store.readOnly).toBe(true);
    expect((await store.counts()).nodes).toBe(canonical.nodes.length);
    await expect(store.upsertNodes([{ id: "x", kind: "k", label: "x" }])).rejects.toMatchObject({ code: "read_only" });
    await store.close();
  });

  it("reads the live file past a WAL writer's open transaction, seeing committed rows only", async () => {
    const path = await canonicalGraphDb();
    await hold(`
      const Database = require("better-sqlite3");
      const db = new Database(${JSON.stringify(path)});
      db.exec("BEGIN IMMEDIATE");
      db.prepare("INSERT INTO graph_nodes (id, kind, label) VALUES ('pending', 'symbol', 'pending')").run();
      console.log("ready");
      setInterval(() => {}, 1000);`);
    const store = await openSqliteGraphStoreReadOnly(path);
    expect(store.recovery).toBeNull();
    expect(await store.getNode("pending")).toBeNull();
    await store.close();
  });

  for (const readFirst of [false, true]) {
    const when = readFirst ? "after the WAL index is in shared memory (-shm present)" : "before its first read (WAL index on the heap, no -shm)";
    it(`falls back to a WAL snapshot with current data while another process holds locking_mode=EXCLUSIVE set ${when}`, async () => {
      const path = await canonicalGraphDb();
      await hold(exclusiveWalWriter(path, readFirst));
      expect(existsSync(`${path}-wal`)).toBe(true);

      // The lock is real: without the fallback a reader fails.
      expect(thrown(() => openSqliteReadOnly(path, { snapshotFallback: false, probeTimeoutMs: 100 }))).toMatchObject({ code: "lock_held" });

      const store = await openSqliteGraphStoreReadOnly(path, { tempDir: snapshots, probeTimeoutMs: 200 });
      expect(store.recovery).toBe("snapshot_fallback_wal");
      expect(store.snapshotPath).not.toBeNull();
      const snapshotDir = dirname(store.snapshotPath!);
      expect(dirname(snapshotDir)).toBe(snapshots);
      expect(readdirSync(snapshotDir)).toContain("graph.db-wal");

      // The writer's committed row lives only in its WAL; the snapshot carries it.
      expect(await store.getNode("late")).toMatchObject({ id: "late", kind: "symbol", label: "late" });
      expect((await store.counts()).nodes).toBe(canonical.nodes.length + 1);
      expect((await store.shortestPath("sym:main.rs:main", "sym:main.rs:helper")).path?.hops).toBe(3);

      await store.close();
      expect(existsSync(snapshotDir)).toBe(false);
      expect(readdirSync(snapshots)).toEqual([]);
    });
  }

  it("falls back to a journal snapshot rolled back to the last commit while a rollback-journal writer is mid-transaction", async () => {
    const path = await canonicalGraphDb();
    toRollbackJournal(path);
    const committedSize = statSync(path).size;
    await hold(journalWriterMidTransaction(path));
    expect(existsSync(`${path}-journal`)).toBe(true);
    // The writer has spilled uncommitted pages into the live file.
    expect(statSync(path).size).toBeGreaterThan(committedSize);

    const store = await openSqliteGraphStoreReadOnly(path, { tempDir: snapshots, probeTimeoutMs: 200 });
    expect(store.recovery).toBe("snapshot_fallback_journal");
    expect(await store.getNode("uncommitted")).toBeNull();
    expect((await store.counts()).nodes).toBe(canonical.nodes.length);
    expect((await store.nodesByKind("bulk")).items).toEqual([]);
    const snapshotDir = dirname(store.snapshotPath!);
    await store.close();
    expect(existsSync(snapshotDir)).toBe(false);
  });

  it("reads a snapshot when a crashed rollback writer left a hot journal, without touching the live file", async () => {
    const path = await canonicalGraphDb();
    toRollbackJournal(path);
    const writer = await hold(journalWriterMidTransaction(path));
    await writer.kill("SIGKILL");
    const journalSize = statSync(`${path}-journal`).size;

    const store = await openSqliteGraphStoreReadOnly(path, { tempDir: snapshots });
    expect(store.recovery).toBe("snapshot_fallback_journal");
    expect((await store.counts()).nodes).toBe(canonical.nodes.length);
    await store.close();
    // Rolling the live file back is the next writer's job, not a reader's.
    expect(statSync(`${path}-journal`).size).toBe(journalSize);
    expect(readdirSync(snapshots)).toEqual([]);
  });

  it("removes the snapshot copy when the copied file turns out not to hold a graph", async () => {
    const path = join(dir, "plain.db");
    const db = new Database(path);
    db.pragma("journal_mode = WAL");
    db.exec("CREATE TABLE t (x)");
    db.close();
    await hold(`
      const Database = require("better-sqlite3");
      const db = new Database(${JSON.stringify(path)});
      db.pragma("locking_mode = EXCLUSIVE");
      db.exec("INSERT INTO t VALUES (1)");
      console.log("ready");
      setInterval(() => {}, 1000);`);
    const connection = openSqliteReadOnly(path, { tempDir: snapshots, probeTimeoutMs: 100 });
    expect(connection.recovery).toBe("snapshot_fallback_wal");
    expect(readdirSync(snapshots)).toHaveLength(1);
    await expect(SqlGraphStore.open(connection)).rejects.toMatchObject({ code: "not_found" });
    expect(readdirSync(snapshots)).toEqual([]);

    await expect(openSqliteGraphStoreReadOnly(path, { tempDir: snapshots, probeTimeoutMs: 100 })).rejects.toMatchObject({ code: "not_found" });
    expect(readdirSync(snapshots)).toEqual([]);
  });

  it("rejects a missing file with not_found", async () => {
    await expect(openSqliteGraphStoreReadOnly(join(dir, "missing.db"))).rejects.toMatchObject({ code: "not_found" });
    expect(existsSync(join(dir, "missing.db"))).toBe(false);
  });
});

describe("openSqliteReadOnly", () => {
  it("throws not_found for a missing file and invalid_input for a directory", () => {
    expect(thrown(() => openSqliteReadOnly(join(dir, "missing.db")))).toMatchObject({ code: "not_found" });
    expect(thrown(() => openSqliteReadOnly(dir))).toMatchObject({ code: "invalid_input" });
  });

  it("reports corrupt_data for a file that is not SQLite", () => {
    const path = join(dir, "not-sqlite.db");
    writeFileSync(path, "this is not a database, just text long enough to have a header".repeat(4));
    expect(thrown(() => openSqliteReadOnly(path))).toMatchObject({ code: "corrupt_data" });
  });

  it("exposes the recovery on the connection and deletes the copy when the connection closes", async () => {
    const path = await canonicalGraphDb();
    await hold(exclusiveWalWriter(path, true));
    const connection = openSqliteReadOnly(path, { tempDir: snapshots, probeTimeoutMs: 100 });
    expect(connection.recovery).toBe("snapshot_fallback_wal");
    expect(connection.location).toBe(path);
    expect(await connection.all<{ id: string }>("SELECT id FROM graph_nodes WHERE id = ?", ["late"])).toEqual([{ id: "late" }]);
    await connection.close();
    await connection.close();
    expect(readdirSync(snapshots)).toEqual([]);
  });
});
