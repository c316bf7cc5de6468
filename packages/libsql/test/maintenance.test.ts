import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { chainProjection } from "@tsift/core/testing";
import { openLibsqlGraphStore } from "../src/index";

const dir = mkdtempSync(join(tmpdir(), "tsift-libsql-maint-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("SqlGraphStore inspect and compact on libSQL", () => {
  it("inspects, prunes tombstones and vacuums a local file", async () => {
    const store = await openLibsqlGraphStore(join(dir, "graph.db"));
    try {
      await store.replaceProjection(chainProjection(1500));
      await store.replaceProjection(chainProjection(10));
      expect(await store.inspect()).toMatchObject({ missing_tables: [], missing_indexes: [], orphan_edges: { count: 0 } });
      const result = await store.compact({ vacuum: true, pruneTombstones: true });
      expect(result).toMatchObject({ vacuumed: true, checkpoint: "ok" });
      expect(result.tombstones_pruned).toBeGreaterThan(1000);
      expect(result.after!.freelist_count).toBe(0);
      expect((await store.counts()).nodes).toBe(11);
    } finally {
      await store.close();
    }
  });
});
