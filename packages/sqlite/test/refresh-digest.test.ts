import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import type { GraphProjection, ProjectionRefreshReport } from "@tsift/core";
import { openSqliteGraphStore } from "../src/index";

/**
 * A refresh of an unchanged projection trusts the rows digest the previous refresh stored
 * instead of reading every stored key and hash. These cases prove the digest cannot be
 * trusted past a write it did not make: SQL from another connection, and a file whose
 * triggers are gone (as an older tsift would leave a file it created).
 */

const dir = mkdtempSync(join(tmpdir(), "tsift-refresh-digest-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;
const nextPath = () => join(dir, `graph-${++counter}.db`);

function projection(): GraphProjection {
  return {
    nodes: [
      { id: "a", kind: "n", label: "a", properties: { color: "red" } },
      { id: "b", kind: "n", label: "b" },
      { id: "c", kind: "n", label: "c" },
    ],
    edges: [
      { from_id: "a", to_id: "b", kind: "link", properties: { weight: "1" } },
      { from_id: "b", to_id: "c", kind: "link" },
    ],
  };
}

const diffDetail = (report: ProjectionRefreshReport) => report.phase_timings.find((phase) => phase.name === "stage_and_diff")?.detail ?? "";

function withRawDb(path: string, body: (db: Database.Database) => void): void {
  const db = new Database(path);
  try {
    body(db);
  } finally {
    db.close();
  }
}

describe("rows digest of the last refresh", () => {
  it("skips the stored-row diff when nothing was written since the last refresh", async () => {
    const store = await openSqliteGraphStore(nextPath());
    try {
      const cold = await store.replaceProjection(projection());
      expect(diffDetail(cold)).toMatch(/cold insert/);
      const again = await store.replaceProjection({ nodes: [...projection().nodes].reverse(), edges: projection().edges });
      expect(diffDetail(again)).toMatch(/rows digest/);
      expect(again.content_hash).toBe(cold.content_hash);
      expect([again.nodes.unchanged, again.edges.unchanged]).toEqual([3, 2]);
      const changed = projection();
      changed.nodes[1]!.label = "B";
      const next = await store.replaceProjection(changed);
      expect(diffDetail(next)).toMatch(/1 nodes and 0 edges changed/);
      expect(diffDetail(await store.replaceProjection(changed))).toMatch(/rows digest/);
    } finally {
      await store.close();
    }
  });

  it("sees a row changed by SQL from another connection and restores it", async () => {
    const path = nextPath();
    const store = await openSqliteGraphStore(path);
    try {
      await store.replaceProjection(projection());
      // The row diff trusts stored row hashes, so a writer that changes a row changes its hash too.
      withRawDb(path, (db) => db.prepare("UPDATE graph_nodes SET label = 'tampered', row_hash = ? WHERE id = 'b'").run("0".repeat(32)));
      const report = await store.replaceProjection(projection());
      expect(diffDetail(report)).not.toMatch(/rows digest/);
      expect(report.nodes).toEqual({ upserted: 1, deleted: 0, unchanged: 2 });
      expect((await store.getNode("b"))?.label).toBe("b");
    } finally {
      await store.close();
    }
  });

  it("does not trust a digest whose triggers are missing, and puts them back", async () => {
    const path = nextPath();
    const store = await openSqliteGraphStore(path);
    try {
      await store.replaceProjection(projection());
      withRawDb(path, (db) => {
        const triggers = db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'graph_refresh_stale_%'").all() as { name: string }[];
        expect(triggers).toHaveLength(6);
        // What a writer unaware of the digest leaves: no triggers, then a change nothing recorded.
        for (const { name } of triggers) db.exec(`DROP TRIGGER ${name}`);
        db.prepare("DELETE FROM graph_edges WHERE from_id = 'b'").run();
      });
      const report = await store.replaceProjection(projection());
      expect(diffDetail(report)).not.toMatch(/rows digest/);
      expect(report.edges).toEqual({ upserted: 1, deleted: 0, unchanged: 1 });
      withRawDb(path, (db) => {
        expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'graph_refresh_stale_%'").get()).toEqual({ n: 6 });
      });
      expect(diffDetail(await store.replaceProjection(projection()))).toMatch(/rows digest/);
    } finally {
      await store.close();
    }
  });

  it("keeps the previous digest when a refresh fails before it commits", async () => {
    const path = nextPath();
    const store = await openSqliteGraphStore(path);
    try {
      await store.replaceProjection(projection());
      const dangling: GraphProjection = { ...projection(), edges: [...projection().edges, { from_id: "a", to_id: "nowhere", kind: "link" }] };
      await expect(store.replaceProjection(dangling)).rejects.toThrow(/nowhere/);
      expect(diffDetail(await store.replaceProjection(projection()))).toMatch(/rows digest/);
    } finally {
      await store.close();
    }
  });
});
