import { describe, expect, it } from "vitest";
import { ConvexSnapshotGraphStore } from "./convex-snapshot-store";
import { toConvexRows } from "./convex-snapshot";
import { edgeKey } from "./edge-key";
import { importGraphDbRows } from "./graph-db-import";
import {
  readGraphDbEdge,
  readGraphDbEdges,
  readGraphDbIncident,
  readGraphDbKind,
  readGraphDbNeighborhood,
  readGraphDbNode,
  readGraphDbPath,
} from "./graph-db-reads";
import { parseGraphRows } from "./graph-rows";
import { canonicalProjection } from "./testing/fixtures";

const store = () => ConvexSnapshotGraphStore.fromRows(toConvexRows(canonicalProjection()));
const sym = (name: string) => `sym:main.rs:${name}`;

describe("graph-db reads", () => {
  it("node and edge lookups answer null for an unknown id", async () => {
    const graph = store();
    expect((await readGraphDbNode(graph, sym("main"))).node?.label).toBe("main");
    expect(await readGraphDbNode(graph, "sym:nowhere")).toEqual({ node: null });
    const key = edgeKey(sym("main"), "calls", sym("alpha"));
    expect((await readGraphDbEdge(graph, key)).edge?.from_id).toBe(sym("main"));
    expect(await readGraphDbEdge(graph, "edge:missing")).toEqual({ edge: null });
  });

  it("pages edges by key and reports where the next page starts", async () => {
    const graph = store();
    const first = await readGraphDbEdges(graph, { edgeKinds: ["calls"], limit: 3 });
    expect(first.edges).toHaveLength(3);
    expect(first.page).toEqual({
      cursor: null,
      limit: 3,
      next_cursor: first.edges[2]!.id,
      returned_nodes: 0,
      returned_edges: 3,
      truncated: true,
      diagnostics: ["cursor is exclusive and ordered by id", "result was truncated; pass page.next_cursor as --cursor for the next page"],
    });
    const rest = await readGraphDbEdges(graph, { edgeKinds: ["calls"], limit: 0, cursor: first.page.next_cursor! });
    expect(rest.page).toMatchObject({ cursor: first.page.next_cursor, limit: 0, truncated: false, next_cursor: null });
    expect([...first.edges, ...rest.edges].map((edge) => edge.id)).toEqual(
      (await readGraphDbEdges(graph, { edgeKinds: ["calls"] })).edges.map((edge) => edge.id),
    );
    expect(rest.edges.every((edge) => edge.kind === "calls")).toBe(true);
    expect((await readGraphDbEdges(graph, { properties: { line: "22" } })).edges.map((edge) => edge.to_id)).toEqual([sym("helper")]);
  });

  it("incident edges of a node and nodes of a kind with the edges among them", async () => {
    const graph = store();
    const incident = await readGraphDbIncident(graph, sym("alpha"), { edgeKinds: ["calls"] });
    expect(incident.edges.map((edge) => `${edge.from_id}>${edge.to_id}`).sort()).toEqual(
      [`${sym("alpha")}>${sym("beta")}`, `${sym("alpha")}>${sym("gamma")}`, `${sym("main")}>${sym("alpha")}`].sort(),
    );
    expect(incident.page.limit).toBe(100);
    const files = await readGraphDbKind(graph, "symbol", { properties: { path: "isolated.rs" } });
    expect(files.nodes.map((node) => node.label)).toEqual(["independent_worker", "isolated_leaf"]);
    expect(files.edges.map((edge) => edge.kind)).toEqual(["calls"]);
    expect(files.page).toMatchObject({ returned_nodes: 2, returned_edges: 1, truncated: false });
  });

  it("a neighbourhood carries depths and a ranked preview; a missing start fails not_found", async () => {
    const graph = store();
    const result = await readGraphDbNeighborhood(graph, sym("main"), { depth: 2, edgeKinds: ["calls"] });
    expect(result.depths).toMatchObject({ [sym("main")]: 0, [sym("alpha")]: 1, [sym("beta")]: 2 });
    expect(result.ranked_neighbors[0]).toMatchObject({ depth: 1, via: "calls" });
    expect(result.ranked_neighbors.map((entry) => entry.id)).not.toContain(sym("main"));
    expect(result.page.total).toBe(result.nodes.length);
    await expect(readGraphDbNeighborhood(graph, "sym:nowhere")).rejects.toMatchObject({ code: "not_found" });
  });

  it("a path reports its hops, or null with the cap that stopped it", async () => {
    const graph = store();
    const found = await readGraphDbPath(graph, sym("main"), sym("helper"));
    expect(found).toMatchObject({ hops: 3, max_hops: 64, warnings: [] });
    expect(found.path?.nodes).toEqual([sym("main"), sym("bridge"), sym("shared"), sym("helper")]);
    const capped = await readGraphDbPath(graph, sym("main"), sym("helper"), { maxHops: 1 });
    expect(capped).toMatchObject({ path: null, hops: null, max_hops: 1 });
    expect(capped.warnings[0]).toMatch(/--max-hops/);
  });

  it("an import into a read-only store fails closed without changing it", async () => {
    const graph = store();
    const rows = parseGraphRows(toConvexRows(canonicalProjection()));
    await expect(importGraphDbRows(graph, rows, { location: "<snapshot>" })).rejects.toMatchObject({ code: "read_only" });
    expect((await graph.counts()).nodes).toBe(canonicalProjection().nodes.length);
  });
});
