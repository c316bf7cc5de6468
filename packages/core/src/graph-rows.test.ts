import { describe, expect, it } from "vitest";
import { ConvexSnapshotGraphStore } from "./convex-snapshot-store";
import { toConvexRows } from "./convex-snapshot";
import { GRAPH_ROWS_FORMAT, exportGraphRows, parseGraphRows } from "./graph-rows";
import { canonicalProjection } from "./testing/fixtures";

describe("graph rows files", () => {
  it("round-trips a store through export and parse", async () => {
    const store = ConvexSnapshotGraphStore.fromRows(toConvexRows(canonicalProjection()));
    const document = await exportGraphRows(store);
    expect(document.format).toBe(GRAPH_ROWS_FORMAT);
    expect(document.projection?.projection_version).toBe("tsift-conformance-v1");
    const parsed = parseGraphRows(JSON.parse(JSON.stringify(document)));
    expect(parsed.projection.nodes).toEqual(document.nodes);
    expect(parsed.projection.edges).toEqual(document.edges);
  });

  it("reads Convex snapshots too", () => {
    const parsed = parseGraphRows(toConvexRows(canonicalProjection()));
    expect(parsed.format).toBe("convex-snapshot");
    expect(parsed.projection.nodes.length).toBe(canonicalProjection().nodes.length);
  });

  it("names the row that is broken", () => {
    expect(() => parseGraphRows({ format: GRAPH_ROWS_FORMAT, nodes: [{ id: "a", kind: "k", label: "" }, { id: "b" }], edges: [] }, "rows.json")).toThrowError(
      /rows.json: node 1: kind of node b/,
    );
    expect(() => parseGraphRows({ nodes: [], edges: [] }, "x.json")).toThrowError(expect.objectContaining({ code: "invalid_input" }));
  });
});
