import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chainProjection } from "@tsift/core/testing";
import { openSqliteGraphStore, openSqliteGraphStoreReadOnly } from "../src/index";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDb = () => {
  const dir = mkdtempSync(join(tmpdir(), "tsift-maint-"));
  dirs.push(dir);
  return join(dir, "graph.db");
};

describe("SqlGraphStore inspect and compact on SQLite", () => {
  it("inspects a healthy store, then finds a dropped index and orphan edges", async () => {
    const path = tempDb();
    const store = await openSqliteGraphStore(path);
    await store.replaceProjection(chainProjection(30));
    const healthy = await store.inspect();
    expect(healthy).toMatchObject({ missing_tables: [], missing_indexes: [], orphan_edges: { count: 0 }, orphan_properties: 0 });
    expect(healthy.file!.journal_mode).toBe("wal");
    await store.close();

    const raw = new Database(path);
    raw.pragma("foreign_keys = OFF"); // better-sqlite3 enforces foreign keys by default; off, so the delete plants orphans
    raw.exec("DROP INDEX idx_graph_edges_to_kind; DELETE FROM graph_nodes WHERE id = 'sym:main.rs:f010'");
    raw.close();
    const reader = await openSqliteGraphStoreReadOnly(path);
    const broken = await reader.inspect();
    await reader.close();
    expect(broken.missing_indexes).toEqual(["idx_graph_edges_to_kind"]);
    expect(broken.orphan_edges.count).toBe(2);
    expect(broken.orphan_properties).toBeGreaterThan(0);
  });

  it("checkpoints, prunes tombstones only when asked, and vacuums free pages away", async () => {
    const path = tempDb();
    const store = await openSqliteGraphStore(path);
    await store.replaceProjection(chainProjection(2000));
    await store.replaceProjection(chainProjection(10));
    expect((await store.counts()).tombstones.total).toBeGreaterThan(0);

    const plain = await store.compact({});
    expect(plain).toMatchObject({ checkpoint: "ok", vacuumed: false, tombstones_pruned: 0 });
    const full = await store.compact({ vacuum: true, pruneTombstones: true });
    expect(full.vacuumed).toBe(true);
    expect(full.tombstones_pruned).toBeGreaterThan(1000);
    expect(full.after!.freelist_count).toBe(0);
    expect(full.after!.size_bytes).toBeLessThan(full.before!.size_bytes);
    expect((await store.counts()).tombstones.total).toBe(0);
    expect((await store.counts()).nodes).toBe(11);
    await store.close();

    const reader = await openSqliteGraphStoreReadOnly(path);
    await expect(reader.compact({})).rejects.toMatchObject({ code: "read_only" });
    await reader.close();
  });
});
