import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { GRAPH_REQUIRED_INDEXES, SqlGraphStore, type GraphEdgeInput, type GraphNode, type GraphProjection } from "@tsift/core";
import { openSqliteConnection, openSqliteGraphStore } from "../src/index";

/**
 * Cold refreshes above the bulk threshold (20k rows) drop the randomly ordered secondary
 * indexes, load rows in key order and rebuild the indexes inside the same transaction;
 * big refreshes also widen the page cache for their duration. The conformance suite's
 * fixtures are far below the threshold, so this file exercises that path.
 */

const dir = mkdtempSync(join(tmpdir(), "tsift-sqlite-bulk-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;
const nextPath = () => join(dir, `graph-${++counter}.db`);

/** `files` files of 10 symbols; every symbol calls the next two symbols (wrapping), so ~3.5 rows per symbol. */
function bulkProjection(files: number): GraphProjection {
  const nodes: GraphNode[] = [];
  const edges: GraphEdgeInput[] = [];
  const symbols: string[] = [];
  for (let f = 0; f < files; f++) {
    const path = `src/m${f}.ts`;
    nodes.push({ id: `file:${path}`, kind: "file", label: path, properties: { path, language: "typescript" } });
    for (let s = 0; s < 10; s++) {
      const id = `sym:${path}:f${s}`;
      nodes.push({
        id,
        kind: "symbol",
        label: `f${s}`,
        properties: { ref_id: `${f * 10 + s}`, path, line: String(s * 3 + 1), kind: s % 3 === 0 ? "class" : "function" },
      });
      edges.push({ from_id: `file:${path}`, to_id: id, kind: "defines", properties: { line: String(s * 3 + 1) } });
      symbols.push(id);
    }
  }
  symbols.forEach((id, i) => {
    for (const step of [1, 2]) edges.push({ from_id: id, to_id: symbols[(i + step) % symbols.length]!, kind: "calls", properties: { line: String(i % 50) } });
  });
  return { nodes, edges };
}

function indexNames(path: string): string[] {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'idx_graph_%' ORDER BY name").all() as { name: string }[]).map(
      (row) => row.name,
    );
  } finally {
    db.close();
  }
}

describe("bulk cold refresh", () => {
  const projection = bulkProjection(800); // 8,800 nodes + 24,000 edges

  it("loads, rebuilds every index and reports exact deltas", async () => {
    const path = nextPath();
    const store = await openSqliteGraphStore(path);
    try {
      const cold = await store.replaceProjection(projection);
      expect(cold.nodes).toEqual({ upserted: 8800, deleted: 0, unchanged: 0 });
      expect(cold.edges).toEqual({ upserted: 24000, deleted: 0, unchanged: 0 });
      expect(cold.node_properties).toEqual({ upserted: 800 * 2 + 8000 * 4, deleted: 0, unchanged: 0 });
      expect(cold.edge_properties).toEqual({ upserted: 24000, deleted: 0, unchanged: 0 });
      expect(cold.phase_timings.map((phase) => phase.name)).toContain("rebuild_indexes");
      expect(indexNames(path)).toEqual([...GRAPH_REQUIRED_INDEXES].sort());

      const again = await store.replaceProjection({ nodes: [...projection.nodes].reverse(), edges: [...projection.edges].reverse() });
      expect(again.nodes).toEqual({ upserted: 0, deleted: 0, unchanged: 8800 });
      expect(again.edges).toEqual({ upserted: 0, deleted: 0, unchanged: 24000 });
      expect(again.node_properties).toEqual({ upserted: 0, deleted: 0, unchanged: 800 * 2 + 8000 * 4 });
      expect(again.content_hash).toBe(cold.content_hash);

      const page = await store.nodesByKind("symbol", { properties: { kind: "class" }, limit: 5 });
      expect(page.items).toHaveLength(5);
      expect(page.items.every((node) => node.properties?.kind === "class")).toBe(true);
      const incident = await store.incidentEdges("sym:src/m7.ts:f3", { limit: 10 });
      expect(incident.items.map((edge) => edge.kind).sort()).toEqual(["calls", "calls", "calls", "calls", "defines"]);
      expect((await store.counts()).edges).toBe(24000);
    } finally {
      await store.close();
    }
  });

  it("diffs stored edge keys of any shape: keys that are not edge: + lowercase hex are absent and removed", async () => {
    const path = nextPath();
    const store = await openSqliteGraphStore(path);
    try {
      await store.replaceProjection(projection);
      const odd = [`edge:${"AB".repeat(16)}`, "legacy-key", `edge:${"0".repeat(31)}é`];
      const db = new Database(path);
      try {
        const insert = db.prepare(
          "INSERT INTO graph_edges (edge_key, from_id, to_id, kind, row_hash) VALUES (?, 'file:src/m0.ts', 'file:src/m1.ts', 'odd', 'x')",
        );
        for (const key of odd) insert.run(key);
      } finally {
        db.close();
      }
      const again = await store.replaceProjection(projection);
      expect(again.edges).toEqual({ upserted: 0, deleted: odd.length, unchanged: 24000 });
      expect(again.nodes).toEqual({ upserted: 0, deleted: 0, unchanged: 8800 });
      expect((await store.counts()).edges).toBe(24000);
      const third = await store.replaceProjection(projection);
      expect(third.edges).toEqual({ upserted: 0, deleted: 0, unchanged: 24000 });
    } finally {
      await store.close();
    }
  });

  it("rolls a failed bulk load back with the indexes in place", async () => {
    const path = nextPath();
    (await openSqliteGraphStore(path)).close();
    const db = new Database(path);
    db.exec("CREATE TRIGGER fail_edges BEFORE INSERT ON graph_edges BEGIN SELECT RAISE(ABORT, 'injected edge insert failure'); END");
    db.close();
    const store = await openSqliteGraphStore(path);
    try {
      await expect(store.replaceProjection(projection)).rejects.toThrow(/injected/);
      expect((await store.counts()).nodes).toBe(0);
    } finally {
      await store.close();
    }
    expect(indexNames(path)).toEqual([...GRAPH_REQUIRED_INDEXES].sort());
  });

  it("reports the first invalid edge in input order, duplicate or dangling", async () => {
    const store = await openSqliteGraphStore(nextPath());
    try {
      const nodes: GraphNode[] = ["a", "b", "c"].map((id) => ({ id, kind: "symbol", label: id }));
      const ab = { from_id: "a", to_id: "b", kind: "calls" };
      const dangling = { from_id: "a", to_id: "zz", kind: "calls" };
      const bc = { from_id: "b", to_id: "c", kind: "calls" };
      await expect(store.replaceProjection({ nodes, edges: [ab, bc, ab, dangling] })).rejects.toThrow(/duplicate edge a -calls-> b/);
      await expect(store.replaceProjection({ nodes, edges: [ab, dangling, bc, ab] })).rejects.toThrow(/references node zz/);
      await expect(store.replaceProjection({ nodes, edges: [ab, bc, ab, { ...bc, properties: { n: 1 as unknown as string } }] })).rejects.toThrow(
        /duplicate edge a -calls-> b/,
      );
      await expect(store.replaceProjection({ nodes, edges: [ab, { ...bc, properties: { n: 1 as unknown as string } }, ab] })).rejects.toThrow(
        /must be a string/,
      );
      expect((await store.counts()).nodes).toBe(0);
    } finally {
      await store.close();
    }
  });

  it("widens the page cache only while a big refresh runs", async () => {
    const connection = openSqliteConnection(nextPath());
    const store = await SqlGraphStore.open(connection);
    try {
      const before = connection.database.pragma("cache_size", { simple: true });
      const big = bulkProjection(1500); // 16,500 nodes + 45,000 edges: above the 50k-row threshold
      await store.replaceProjection(big);
      expect(connection.database.pragma("cache_size", { simple: true })).toBe(before);
      await expect(store.replaceProjection({ nodes: big.nodes, edges: [{ from_id: "missing", to_id: "x", kind: "k" }] })).rejects.toThrow();
      expect(connection.database.pragma("cache_size", { simple: true })).toBe(before);
    } finally {
      await store.close();
    }
  });
});
