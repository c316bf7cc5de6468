import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { edgeKey, type GraphEdgeInput, type GraphNode } from "@tsift/core";
import { openSqliteGraphStore } from "@tsift/sqlite";
import {
  CODE_PROJECTION_VERSION,
  codeGraphFreshness,
  codeGraphSourceState,
  fileHandle,
  projectCodeGraph,
  refreshCodeGraph,
  symbolHandle,
  updateIndex,
} from "../src/index";
import { indexFixture, type IndexedFixture } from "./graph-fixture";
import { bumpMtime } from "./helpers";

const node = (nodes: readonly GraphNode[], id: string) => nodes.find((n) => n.id === id);
const edge = (edges: readonly GraphEdgeInput[], from: string, kind: string, to: string) =>
  edges.find((e) => e.from_id === from && e.kind === kind && e.to_id === to);

describe("projectCodeGraph on the precise-callers fixture", () => {
  let fixture: IndexedFixture;
  beforeAll(async () => {
    fixture = await indexFixture("precise-callers");
  });
  afterAll(() => fixture.close());

  it("projects files, symbols, routes and modules with handles, provenance and freshness", () => {
    const { projection, stats } = projectCodeGraph(fixture.db);
    const { nodes } = projection;
    const store = node(nodes, "file:src/store.ts")!;
    expect(store).toMatchObject({
      kind: "file",
      label: "src/store.ts",
      properties: { handle: fileHandle("src/store.ts"), language: "typescript", path: "src/store.ts" },
    });
    expect(store.properties!.handle).toMatch(/^gfil-[0-9a-f]{12}$/);
    const [indexedAt, hash] = fixture.db.prepare("SELECT indexed_at, content_hash FROM files WHERE path = 'src/store.ts'").raw().get() as [string, string];
    expect(store.freshness).toEqual({ content_hash: hash, observed_at_unix: Math.floor(Date.parse(indexedAt) / 1000) });

    const get = node(nodes, "sym:src/store.ts#Store.get")!;
    expect(get).toMatchObject({
      kind: "symbol",
      label: "Store.get",
      properties: {
        ref_id: "get",
        path: "src/store.ts",
        line: "8",
        kind: "method",
        language: "typescript",
        handle: symbolHandle("src/store.ts", "Store.get", 8),
      },
      provenance: [{ source: "tsift-index", source_ref: "src/store.ts:8" }],
    });
    expect(get.properties!.handle).toMatch(/^gsym-[0-9a-f]{12}$/);

    const route = nodes.find((n) => n.kind === "route")!;
    expect(route).toMatchObject({
      id: "route:src/server.ts#GET /health",
      label: "GET /health",
      properties: { framework: "express", method: "GET", route_path: "/health", path: "src/server.ts" },
    });
    expect(node(nodes, "module:express")).toMatchObject({ kind: "module", label: "express" });
    expect(stats.nodes).toEqual({ projection_meta: 1, file: 7, symbol: 16, route: 1, module: 1 });
    expect(stats.unhandled_routes).toBe(0);
  });

  it("projects resolved calls with line and resolution metadata, never by name alone", () => {
    const { projection, stats } = projectCodeGraph(fixture.db);
    const { edges } = projection;
    expect(edge(edges, "sym:src/store.ts#Store.getOr", "calls", "sym:src/store.ts#Store.get")).toMatchObject({
      properties: { line: "13", resolution: "same_scope" },
    });
    expect(edge(edges, "sym:src/cache.ts#Cache.peek", "calls", "sym:src/cache.ts#Cache.get")).toBeDefined();
    // `app.get(…)` is express's get, not Store.get or Cache.get.
    const intoGet = edges.filter((e) => e.kind === "calls" && (e.to_id === "sym:src/store.ts#Store.get" || e.to_id === "sym:src/cache.ts#Cache.get"));
    expect(intoGet.map((e) => e.from_id).sort()).toEqual(["sym:src/cache.ts#Cache.peek", "sym:src/store.ts#Store.getOr"]);
    expect(edge(edges, "sym:src/app.ts#main", "calls", "sym:src/dates.ts#format")).toMatchObject({ properties: { resolution: "import" } });
    expect(stats.call_sites.projected).toBeGreaterThan(0);
    expect(stats.call_sites.unresolved).toBeGreaterThan(0);
  });

  it("projects containment, imports and route handlers", () => {
    const { edges } = projectCodeGraph(fixture.db).projection;
    expect(edge(edges, "file:src/store.ts", "defines", "sym:src/store.ts#Store.get")).toBeDefined();
    expect(edge(edges, "sym:src/store.ts#Store", "contains", "sym:src/store.ts#Store.get")).toBeDefined();
    expect(edge(edges, "file:src/app.ts", "imports", "file:src/dates.ts")).toMatchObject({
      properties: { names: "format as formatDate,stamp", import_kind: "import", line: "2" },
    });
    expect(edge(edges, "file:src/index.ts", "imports", "file:src/store.ts")).toMatchObject({ properties: { import_kind: "export_from" } });
    expect(edge(edges, "file:src/server.ts", "imports", "module:express")).toBeDefined();
    expect(edge(edges, "file:src/server.ts", "defines_route", "route:src/server.ts#GET /health")).toBeDefined();
    expect(edge(edges, "route:src/server.ts#GET /health", "handled_by", "sym:src/server.ts#health")).toMatchObject({
      properties: { route_path: "/health", method: "GET" },
    });
  });

  it("records the projection version, source hash and watermark on the projection_meta node", () => {
    const { projection, source } = projectCodeGraph(fixture.db, { scope: "root" });
    expect(node(projection.nodes, "projection_meta:root")).toMatchObject({
      kind: "projection_meta",
      properties: { projection_version: CODE_PROJECTION_VERSION, content_hash: source.contentHash, source_watermark: source.watermark, scope: "root" },
    });
  });

  it("is deterministic: an unchanged index projects identical rows", () => {
    const first = projectCodeGraph(fixture.db);
    const second = projectCodeGraph(fixture.db);
    expect(second.projection).toEqual(first.projection);
    const ids = first.projection.nodes.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    const keys = first.projection.edges.map((e) => edgeKey(e.from_id, e.kind, e.to_id));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("refreshCodeGraph", () => {
  let fixture: IndexedFixture;
  beforeAll(async () => {
    fixture = await indexFixture("precise-callers");
  });
  afterAll(() => fixture.close());

  it("rebuilds cold, reuses an unchanged watermark, and applies a delta after an edit", async () => {
    const store = await openSqliteGraphStore(join(fixture.root, ".tsift", "graph.db"));
    try {
      const cold = await refreshCodeGraph(store, fixture.location, { updateIndex: true });
      expect(cold).toMatchObject({
        mode: "cold_source_graph_rebuild",
        projection_version: CODE_PROJECTION_VERSION,
        delta: { nodes: { deleted: 0, unchanged: 0 } },
        index: { updated: false },
      });
      expect(cold.counts.nodes).toBe(cold.delta.nodes.upserted);
      expect(cold.content_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(cold.phase_timings.map((p) => p.name)).toEqual(
        expect.arrayContaining(["index_update", "source_watermark", "source_graph_build", "validate_and_hash", "write_nodes", "write_edges"]),
      );

      const reused = await refreshCodeGraph(store, fixture.location);
      expect(reused).toMatchObject({ mode: "cached_source_watermark_reuse", content_hash: cold.content_hash, counts: cold.counts, stats: null, index: null });
      expect(reused.phase_timings.map((p) => p.name)).not.toContain("source_graph_build");

      // A touch changes the stat, not the bytes: still a reuse.
      bumpMtime(join(fixture.root, "src/text.ts"));
      expect((await refreshCodeGraph(store, fixture.location, { updateIndex: true })).mode).toBe("cached_source_watermark_reuse");

      const path = join(fixture.root, "src/dates.ts");
      writeFileSync(path, readFileSync(path, "utf8").replace(/export function stamp[\s\S]*$/, ""));
      bumpMtime(path, 10);
      // Without the index update the refresh projects the index as it is: still a reuse.
      expect((await refreshCodeGraph(store, fixture.location)).mode).toBe("cached_source_watermark_reuse");
      const edited = await refreshCodeGraph(store, fixture.location, { updateIndex: true });
      expect(edited.mode).toBe("cold_source_graph_rebuild");
      expect(edited.index).toMatchObject({ updated: true, changed_files: 1 });
      expect(edited.delta.nodes.deleted).toBe(1);
      expect(edited.delta.nodes.unchanged).toBeGreaterThan(edited.delta.nodes.upserted);
      expect(edited.tombstones.written).toBeGreaterThanOrEqual(2);
      expect(await store.getNode("sym:src/dates.ts#stamp")).toBeNull();
      expect(edited.source_watermark).not.toBe(cold.source_watermark);
    } finally {
      await store.close();
    }
  });

  it("reports freshness against the index without writing", async () => {
    const store = await openSqliteGraphStore(join(fixture.root, ".tsift", "other.db"));
    try {
      expect((await codeGraphFreshness(store, fixture.location)).state).toBe("not_projected");
      await refreshCodeGraph(store, fixture.location);
      expect((await codeGraphFreshness(store, fixture.location)).state).toBe("current");
      const path = join(fixture.root, "src/text.ts");
      writeFileSync(path, `${readFileSync(path, "utf8")}\nexport function extra() {}\n`);
      bumpMtime(path, 20);
      await updateIndex(fixture.location, { workers: 0 });
      const stale = await codeGraphFreshness(store, fixture.location);
      expect(stale.state).toBe("stale");
      await fixture.reopen();
      expect(stale.source_watermark).toBe(codeGraphSourceState(fixture.db).watermark);
    } finally {
      await store.close();
    }
  });
});
