import { describe, expect, it } from "vitest";
import { ConvexSnapshotGraphStore } from "./convex-snapshot-store";
import { toConvexRows } from "./convex-snapshot";
import { isTsiftError } from "./errors";
import { readGraphDbEdges, readGraphDbIncident, readGraphDbKind, readGraphDbNeighborhood, readGraphDbPath } from "./graph-db-reads";
import { GRAPH_QUERY_LIMITS, capAtMost, capPageLimit } from "./graph-query-caps";
import { canonicalProjection, cyclicNodeId, cyclicProjection, starProjection } from "./testing/fixtures";

const notFound = (id: string) => (error: unknown) => isTsiftError(error, "not_found") && (error as Error).message === `node ${id} is not in the graph`;

describe("graph query caps", () => {
  it("lower a request above the maximum and say so; leave the rest alone", () => {
    expect(capAtMost("--depth", 20_000, 1_000)).toEqual({ value: 1_000, warning: "--depth 20000 is above the maximum 1000; used --depth 1000" });
    expect(capAtMost("--depth", 1_000, 1_000)).toEqual({ value: 1_000 });
    expect(capAtMost("--depth", undefined, 1_000)).toEqual({ value: undefined });
    expect(capPageLimit(0)).toEqual({ limit: GRAPH_QUERY_LIMITS.pageLimit, all: true });
    expect(capPageLimit(20)).toEqual({ limit: 20, all: false });
    expect(capPageLimit(10_001).warning).toBe("--limit 10001 is above the maximum 10000; used --limit 10000");
  });

  it("a neighbourhood at depth 20,000 on a cyclic graph is the depth-5 one, with a warning", async () => {
    const graph = ConvexSnapshotGraphStore.fromRows(toConvexRows(cyclicProjection(30)));
    const start = cyclicNodeId(0, 30);
    const shallow = await readGraphDbNeighborhood(graph, start, { depth: 5, limit: 0 });
    expect(shallow.page.total).toBe(30);
    expect(shallow.warnings).toBeUndefined();
    const deep = await readGraphDbNeighborhood(graph, start, { depth: 20_000, limit: 0 });
    expect(deep.warnings).toEqual(["--depth 20000 is above the maximum 1000; used --depth 1000"]);
    const { warnings: _, ...rest } = deep;
    expect(rest).toEqual(shallow);
  });

  it("--limit 0 pages at the maximum and warns only when that truncates", async () => {
    const graph = ConvexSnapshotGraphStore.fromRows(toConvexRows(starProjection(6_000)));
    const all = await readGraphDbEdges(graph, { limit: 0 });
    expect(all.edges).toHaveLength(GRAPH_QUERY_LIMITS.pageLimit);
    expect(all.page).toMatchObject({ truncated: true, limit: 0 });
    expect(all.warnings).toEqual([`--limit 0 returns at most 10000 rows per page; pass --cursor ${all.page.next_cursor} for the next page`]);
    const rest = await readGraphDbEdges(graph, { limit: 0, cursor: all.page.next_cursor! });
    expect(rest.edges).toHaveLength(2_000);
    expect(rest.warnings).toBeUndefined();
    const big = await readGraphDbKind(graph, "symbol", { limit: 50_000 });
    expect(big.nodes).toHaveLength(6_001);
    expect(big.warnings).toEqual(["--limit 50000 is above the maximum 10000; used --limit 10000"]);
    expect((await readGraphDbIncident(graph, "hub", { limit: 0 })).edges).toHaveLength(GRAPH_QUERY_LIMITS.pageLimit);
  });

  it("a path caps --max-hops and fails not_found on a missing endpoint", async () => {
    const graph = ConvexSnapshotGraphStore.fromRows(toConvexRows(canonicalProjection()));
    const main = "sym:main.rs:main";
    const capped = await readGraphDbPath(graph, main, "sym:main.rs:helper", { maxHops: 5_000 });
    expect(capped.max_hops).toBe(GRAPH_QUERY_LIMITS.maxHops);
    expect(capped.hops).toBe(3);
    expect(capped.warnings).toEqual(["--max-hops 5000 is above the maximum 1000; used --max-hops 1000"]);
    await expect(readGraphDbPath(graph, "nope", main)).rejects.toSatisfy(notFound("nope"));
    await expect(readGraphDbPath(graph, main, "nope2")).rejects.toSatisfy(notFound("nope2"));
    await expect(readGraphDbIncident(graph, "nope")).rejects.toSatisfy(notFound("nope"));
    await expect(readGraphDbNeighborhood(graph, "nope")).rejects.toSatisfy(notFound("nope"));
    expect((await readGraphDbIncident(graph, main)).edges.length).toBeGreaterThan(0);
  });

  it("refuses more edge kinds or property filters than the stated maximum instead of dropping some", async () => {
    const graph = ConvexSnapshotGraphStore.fromRows(toConvexRows(canonicalProjection()));
    const kinds = Array.from({ length: GRAPH_QUERY_LIMITS.filterValues + 1 }, (_, i) => `kind${i}`);
    const properties = Object.fromEntries(kinds.map((kind) => [kind, "x"]));
    const refused = (flag: string) => (error: unknown) =>
      isTsiftError(error, "invalid_input") && (error as Error).message === `${flag} takes at most 100 values in one read (got 101)`;
    await expect(readGraphDbEdges(graph, { edgeKinds: kinds })).rejects.toSatisfy(refused("--edge-kind"));
    await expect(readGraphDbKind(graph, "symbol", { properties })).rejects.toSatisfy(refused("--property"));
    await expect(readGraphDbNeighborhood(graph, "sym:main.rs:main", { edgeKinds: kinds })).rejects.toSatisfy(refused("--edge-kind"));
    await expect(readGraphDbPath(graph, "sym:main.rs:main", "sym:main.rs:helper", { edgeKinds: kinds })).rejects.toSatisfy(refused("--edge-kind"));
    expect((await readGraphDbEdges(graph, { edgeKinds: kinds.slice(0, 100) })).edges).toEqual([]);
  });
});
