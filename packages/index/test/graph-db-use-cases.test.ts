import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { graphDbPath, type GraphDbPlace } from "@tsift/core";
import { openSqliteGraphStore } from "@tsift/sqlite";
import { doctorGraphDb, indexLocation, refreshGraphDb, updateIndex } from "../src/index";
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
