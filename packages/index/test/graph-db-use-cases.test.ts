import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { graphDbPath, type GraphDbPlace } from "@tsift/core";
import { openSqliteGraphStore, openSqliteGraphStoreReadOnly } from "@tsift/sqlite";
import { doctorGraphDb, indexLocation, refreshGraphDb, refreshGraphDbFile, traverseGraphDb, updateIndex, type GraphDbFile } from "../src/index";
import { tempTree } from "./helpers";

const place: GraphDbPlace = { pathArg: ".", backend: "sqlite", localFile: true, display: ".tsift/graph.db" };

describe("graph-db use cases on an open store", () => {
  it("refreshes the projection (rebuild, then reuse) and reports it as graph-db refresh does", async () => {
    const root = tempTree({ "src/a.ts": "export function alpha() { return beta(); }\nexport function beta() { return 1; }\n" });
    const location = indexLocation(root);
    await updateIndex(location);
    const store = await openSqliteGraphStore(graphDbPath(root));
    try {
      const lockPath = join(root, ".tsift", "graph.write.lock");
      const first = await refreshGraphDb(store, location, { place, location: ".tsift/graph.db", lockPath });
      expect(first.data.mode).toBe("cold_source_graph_rebuild");
      expect(first.data.counts.nodes).toBeGreaterThan(0);
      expect(first.data.next_commands[0]).toBe("tsift graph-db doctor");
      expect(first.data.compaction_policy.compact_command).toBe("tsift graph-db compact --apply");
      const second = await refreshGraphDb(store, location, { place, location: ".tsift/graph.db", updateIndex: true });
      expect(second.data.mode).toBe("cached_source_watermark_reuse");
      expect(second.data.phase_timings[0]?.name).toBe("index_update");
      expect(second.data.freshness).toEqual(first.data.freshness);

      const doctor = await doctorGraphDb(store, location, place, { location: ".tsift/graph.db", recovery: null });
      expect(doctor.status).toBe("ok");
      expect(doctor.fail_closed).toBe(false);
    } finally {
      await store.close();
    }
  });

  it("fails closed with the refresh command when there is no graph.db, and names tsift index without an index", async () => {
    const root = tempTree({ "a.py": "def f():\n    return 1\n", ".tsift/.keep": "" });
    const location = indexLocation(root);
    const doctor = await doctorGraphDb(null, location, place, { location: ".tsift/graph.db", recovery: null });
    expect(doctor.fail_closed).toBe(true);
    expect(doctor.repair_commands).toEqual(["tsift graph-db refresh"]);
    const store = await openSqliteGraphStore(graphDbPath(root));
    try {
      await expect(refreshGraphDb(store, location, { place, location: ".tsift/graph.db" })).rejects.toMatchObject({
        code: "index_missing",
        hint: "tsift index",
      });
    } finally {
      await store.close();
    }
  });
});

/** graph.db as the file refresh takes it, opened with the SQLite adapter in this thread (no built worker from source). */
function sqliteFile(root: string): GraphDbFile {
  return { path: graphDbPath(root), open: (file) => openSqliteGraphStore(file) };
}

describe("the graph.db file use cases: refresh and traverse", () => {
  it("refreshes under the writer lock, and with force replaces a damaged graph.db by one built beside it", async () => {
    const root = tempTree({ "src/a.ts": "export function alpha() { return beta(); }\nexport function beta() { return 1; }\n" });
    const location = indexLocation(root);
    await updateIndex(location);
    const lockPath = join(root, ".tsift", "graph.write.lock");
    const first = await refreshGraphDbFile(sqliteFile(root), location, { place, location: ".tsift/graph.db", lockPath });
    expect(first.data.mode).toBe("cold_source_graph_rebuild");
    expect(first.lockWarning).toBeNull();
    expect(existsSync(lockPath)).toBe(false);

    writeFileSync(graphDbPath(root), "not a database, just damage ".repeat(200));
    await expect(refreshGraphDbFile(sqliteFile(root), location, { place, location: ".tsift/graph.db", lockPath })).rejects.toMatchObject({
      code: "corrupt_data",
    });
    const forced = await refreshGraphDbFile(sqliteFile(root), location, { place, location: ".tsift/graph.db", lockPath, force: true });
    expect(forced.data.location).toBe(".tsift/graph.db");
    expect(forced.data.counts).toEqual(first.data.counts);
    expect(forced.data.replaced?.reason).toEqual(expect.any(String));
    expect(readdirSync(join(root, ".tsift")).filter((name) => name.startsWith("graph.db.corrupt-"))).toHaveLength(1);
    const again = await refreshGraphDbFile(sqliteFile(root), location, { place, location: ".tsift/graph.db", lockPath });
    expect(again.data.mode).toBe("cached_source_watermark_reuse");
  });

  it("traverse indexes a project that has nothing yet, and without a refresh names the projection that is missing", async () => {
    const root = tempTree({ "src/a.ts": "export function alpha() { return beta(); }\nexport function beta() { return 1; }\n" });
    const location = indexLocation(root);
    const at = {
      root,
      index: location,
      place,
      file: sqliteFile(root),
      lockPath: join(root, ".tsift", "graph.write.lock"),
      openReadOnly: (path: string) => openSqliteGraphStoreReadOnly(path),
    };
    await expect(traverseGraphDb(at, "alpha", { refresh: false })).rejects.toMatchObject({ code: "index_missing", hint: "tsift index" });
    const { data, notes } = await traverseGraphDb(at, "alpha");
    expect(notes[0]).toMatch(/index/);
    expect(data.refresh).toBe("cold_source_graph_rebuild");
    expect(data.nodes.map((node) => node.label)).toContain("beta");
    await expect(traverseGraphDb(at, undefined, { to: "beta" })).rejects.toMatchObject({ code: "usage" });

    const other = tempTree({ "a.py": "def f():\n    return 1\n" });
    await updateIndex(indexLocation(other));
    const unprojected = { ...at, root: other, index: indexLocation(other), file: sqliteFile(other), lockPath: join(other, ".tsift", "graph.write.lock") };
    await expect(traverseGraphDb(unprojected, undefined, { refresh: false })).rejects.toMatchObject({ code: "index_missing", hint: "tsift graph-db refresh" });
  });
});
