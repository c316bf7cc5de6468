import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { chainProjection, starProjection } from "@tsift/core/testing";
import { SQLITE_GRAPH_PAGE_SIZE, openSqliteGraphStore, sqliteFileStats } from "../src/index";
import { spawnNode, type HeldChild } from "./helpers/child-process";

const dir = mkdtempSync(join(tmpdir(), "tsift-sqlite-file-stats-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let holder: HeldChild | undefined;
afterEach(async () => {
  await holder?.kill();
  holder = undefined;
});

describe("sqliteFileStats", () => {
  it("reports sizes, pages and journal mode of a live WAL graph.db", async () => {
    const path = join(dir, "live.db");
    const store = await openSqliteGraphStore(path);
    await store.replaceProjection(chainProjection(300));
    // An uncheckpointed write leaves frames in the WAL.
    await store.upsertNodes([{ id: "extra", kind: "symbol", label: "extra" }]);

    const stats = await sqliteFileStats(path);
    expect(stats).toMatchObject({ path, journalMode: "wal", journalPresent: false, recovery: null, freelistCount: 0, freelistBytes: 0 });
    expect(stats.fileSizeBytes).toBe(statSync(path).size);
    expect(stats.walSizeBytes).toBe(statSync(`${path}-wal`).size);
    expect(stats.walSizeBytes).toBeGreaterThan(0);
    expect(stats.pageSize).toBe(SQLITE_GRAPH_PAGE_SIZE);
    // page_count includes pages that so far exist only in the WAL.
    expect(stats.pageCount * stats.pageSize).toBeGreaterThanOrEqual(stats.fileSizeBytes);
    await store.close();
  });

  it("counts free pages left behind by a shrinking refresh", async () => {
    const path = join(dir, "shrunk.db");
    const store = await openSqliteGraphStore(path);
    await store.replaceProjection(starProjection(2000));
    await store.replaceProjection(chainProjection(10));
    await store.close();

    const stats = await sqliteFileStats(path);
    expect(stats.freelistCount).toBeGreaterThan(0);
    expect(stats.freelistBytes).toBe(stats.freelistCount * stats.pageSize);
    expect(stats.walSizeBytes).toBe(0);
  });

  it("reports a rollback-journal file's mode", async () => {
    const path = join(dir, "rollback.db");
    const db = new Database(path);
    db.exec("CREATE TABLE t (x); INSERT INTO t VALUES (1)");
    db.close();
    expect(await sqliteFileStats(path)).toMatchObject({ journalMode: "delete", walSizeBytes: 0, pageCount: 2, recovery: null });
  });

  it("measures a locked file from a snapshot and says so", async () => {
    const path = join(dir, "locked.db");
    const store = await openSqliteGraphStore(path);
    // Enough edges to span several 8 KiB pages, so deleting them frees some.
    await store.replaceProjection(chainProjection(300));
    await store.close();
    holder = await spawnNode(`
      const Database = require("better-sqlite3");
      const db = new Database(${JSON.stringify(path)});
      db.pragma("locking_mode = EXCLUSIVE");
      db.exec("DELETE FROM graph_edges");
      console.log("ready");
      setInterval(() => {}, 1000);`);
    const snapshots = join(dir, "snapshots");
    mkdirSync(snapshots);
    const stats = await sqliteFileStats(path, { tempDir: snapshots, probeTimeoutMs: 100 });
    expect(stats).toMatchObject({ journalMode: "wal", recovery: "snapshot_fallback_wal" });
    expect(stats.walSizeBytes).toBeGreaterThan(0);
    expect(stats.freelistCount).toBeGreaterThan(0);
    expect(readdirSync(snapshots)).toEqual([]);
  });

  it("rejects a missing file with not_found", async () => {
    await expect(sqliteFileStats(join(dir, "missing.db"))).rejects.toMatchObject({ code: "not_found" });
  });
});
