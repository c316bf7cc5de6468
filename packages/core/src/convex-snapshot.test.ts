import { describe, expect, it } from "vitest";
import { ConvexSnapshotGraphStore } from "./convex-snapshot-store";
import { toConvexRows, validateConvexSnapshot, type ConvexProjectionRows } from "./convex-snapshot";
import { edgeKey } from "./edge-key";
import { canonicalProjection } from "./testing/fixtures";

const valid = (): ConvexProjectionRows => toConvexRows(canonicalProjection());

describe("Convex snapshot validation fails closed", () => {
  it("accepts a complete snapshot", () => {
    expect(validateConvexSnapshot(valid()).ok).toBe(true);
  });

  it("rejects duplicate node ids", () => {
    const rows = valid();
    rows.nodes.push({ ...rows.nodes[0]! });
    expect(validateConvexSnapshot(rows).problems.map((p) => p.kind)).toContain("duplicate_node");
    expect(() => ConvexSnapshotGraphStore.fromRows(rows)).toThrowError(/duplicate node externalId/);
  });

  it("rejects edges whose endpoints are missing", () => {
    const rows = valid();
    rows.edges.push({ edgeKey: edgeKey("ghost", "calls", "sym:main.rs:main"), fromExternalId: "ghost", toExternalId: "sym:main.rs:main", kind: "calls" });
    const problems = validateConvexSnapshot(rows).problems;
    expect(problems.map((p) => p.message).join()).toMatch(/references missing from node ghost/);
    expect(() => ConvexSnapshotGraphStore.fromRows(rows)).toThrowError(expect.objectContaining({ code: "corrupt_data" }));
  });

  it("rejects missing index metadata", () => {
    const rows = valid();
    rows.indexes = rows.indexes.filter((index) => typeof index !== "string" && index.name !== "by_to_kind");
    expect(validateConvexSnapshot(rows).problems[0]?.message).toBe("missing required index metadata: edges.by_to_kind");
    const none = { ...valid(), indexes: undefined } as unknown;
    expect(validateConvexSnapshot(none).ok).toBe(false);
  });

  it("rejects duplicate and tampered edge keys", () => {
    const rows = valid();
    rows.edges.push({ ...rows.edges[0]! });
    rows.edges[1] = { ...rows.edges[1]!, toExternalId: rows.edges[2]!.toExternalId };
    const kinds = validateConvexSnapshot(rows).problems.map((p) => p.kind);
    expect(kinds).toContain("duplicate_edge");
    expect(kinds).toContain("edge_key_mismatch");
  });

  it("rejects something that is not a snapshot", () => {
    expect(validateConvexSnapshot({ nodes: {} }).problems[0]?.kind).toBe("malformed");
    expect(validateConvexSnapshot(null).ok).toBe(false);
  });

  it("is read-only", async () => {
    const store = ConvexSnapshotGraphStore.fromRows(valid());
    await expect(store.upsertNodes([])).rejects.toMatchObject({ code: "read_only" });
    await expect(store.deleteEdges([])).rejects.toMatchObject({ code: "read_only" });
  });
});
