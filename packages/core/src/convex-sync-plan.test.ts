import { describe, expect, it } from "vitest";
import { convexDrift, planConvexSync } from "./convex-sync-plan";
import { toConvexRows } from "./convex-snapshot";
import { canonicalProjection } from "./testing/fixtures";

const meta = { scope: "root", projectionVersion: "v1", projectionHash: "h1", sourceWatermark: "w1" };

describe("planConvexSync", () => {
  it("upserts every row, nodes before edges, in ordered chunks without a snapshot", () => {
    const projection = canonicalProjection();
    const plan = planConvexSync(projection, { chunkSize: 5, projection: meta });
    expect(plan.summary).toMatchObject({ node_upserts: 12, edge_upserts: 17, node_tombstones: 0, edge_tombstones: 0, chunks: 3 + 4 });
    expect(plan.chunks.map((chunk) => chunk.operation)).toEqual([
      "upsertNodes",
      "upsertNodes",
      "upsertNodes",
      "upsertEdges",
      "upsertEdges",
      "upsertEdges",
      "upsertEdges",
    ]);
    expect(plan.chunks.map((chunk) => chunk.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const nodeKeys = plan.chunks.filter((c) => c.operation === "upsertNodes").flatMap((c) => c.rows.map((row) => (row as { externalId: string }).externalId));
    expect(nodeKeys).toEqual([...nodeKeys].sort());
    expect(plan.snapshot).toMatchObject({ provided: false, status: "none" });
    expect(plan.required_indexes.map((index) => `${index.table}.${index.name}`)).toContain("edges.by_from_kind");
    expect(plan.chunk_size).toBe(5);
  });

  it("is idempotent against a current snapshot and tombstones edges before nodes for stale rows", () => {
    const projection = canonicalProjection();
    const current = planConvexSync(projection, { snapshot: toConvexRows(projection, { ...meta }), projection: meta });
    expect(current.summary).toMatchObject({ node_upserts: 0, edge_upserts: 0, node_tombstones: 0, edge_tombstones: 0, chunks: 0, unchanged_nodes: 12 });
    expect(current.snapshot.status).toBe("current");

    // The remote still has a node and edge the local projection dropped, and a changed label.
    const stale = toConvexRows(projection, { ...meta, projectionHash: "old" });
    stale.nodes.push({ externalId: "sym:gone", kind: "symbol", label: "gone" });
    stale.edges.push({ edgeKey: "edge:00000000000000000000000000000000", fromExternalId: "sym:gone", toExternalId: "sym:main.rs:main", kind: "calls" });
    stale.nodes[0] = { ...stale.nodes[0]!, label: "renamed" };
    const plan = planConvexSync(projection, { snapshot: stale, projection: meta, chunkSize: 50 });
    expect(plan.summary).toMatchObject({ node_upserts: 1, edge_upserts: 0, node_tombstones: 1, edge_tombstones: 1 });
    expect(plan.chunks.map((chunk) => chunk.operation)).toEqual(["upsertNodes", "deleteEdges", "deleteNodes"]);
    expect(plan.snapshot).toMatchObject({ status: "stale", projection_metadata: "stale" });
  });
});

describe("convexDrift", () => {
  it("allows reads only when the snapshot equals the local projection", () => {
    const projection = canonicalProjection();
    expect(convexDrift(projection, toConvexRows(projection, meta), meta)).toMatchObject({ status: "current", graph_reads_allowed: true });
    const behind = toConvexRows({ nodes: projection.nodes, edges: projection.edges.slice(1) }, meta);
    expect(convexDrift(projection, behind, meta)).toMatchObject({ status: "drift", graph_reads_allowed: false, summary: { edge_upserts: 1 } });
  });

  it("fails closed on duplicates, dangling edges and missing index metadata", () => {
    const projection = canonicalProjection();
    const broken = toConvexRows(projection, meta);
    broken.nodes.push({ ...broken.nodes[0]! });
    broken.edges.push({ edgeKey: "edge:ffffffffffffffffffffffffffffffff", fromExternalId: "nowhere", toExternalId: "sym:main.rs:main", kind: "calls" });
    broken.indexes = broken.indexes.slice(1);
    const drift = convexDrift(projection, broken, meta);
    expect(drift.status).toBe("fail_closed");
    expect(drift.graph_reads_allowed).toBe(false);
    expect(drift.summary.duplicate_failures).toBe(1);
    expect(drift.summary.missing_required_indexes).toEqual(["nodes.by_external_id"]);
    expect(drift.summary.edge_tombstones).toBe(1);
  });
});
