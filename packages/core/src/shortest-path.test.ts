import { describe, expect, it } from "vitest";
import { edgeKey } from "./edge-key";
import type { GraphEdge } from "./graph-types";
import { shortestPathUsingOutgoing } from "./shortest-path";

function expanderFor(pairs: [string, string][]) {
  const edges: GraphEdge[] = pairs.map(([from, to]) => ({ id: edgeKey(from, "calls", to), from_id: from, to_id: to, kind: "calls" }));
  const calls: string[][] = [];
  const expand = async (frontier: readonly string[]) => {
    calls.push([...frontier]);
    return edges.filter((edge) => frontier.includes(edge.from_id));
  };
  return { expand, calls };
}

describe("shortestPathUsingOutgoing", () => {
  it("expands one frontier level per call", async () => {
    const { expand, calls } = expanderFor([
      ["a", "b"],
      ["b", "c"],
      ["c", "d"],
    ]);
    const result = await shortestPathUsingOutgoing("a", "d", {}, expand);
    expect(result.path?.nodes).toEqual(["a", "b", "c", "d"]);
    expect(calls).toEqual([["a"], ["b"], ["c"]]);
  });

  it("breaks ties by the smallest parent id", async () => {
    const { expand } = expanderFor([
      ["s", "y"],
      ["s", "x"],
      ["y", "t"],
      ["x", "t"],
    ]);
    expect((await shortestPathUsingOutgoing("s", "t", {}, expand)).path?.nodes).toEqual(["s", "x", "t"]);
  });

  it("warns only when the hop cap cut a search that could continue", async () => {
    const { expand } = expanderFor([
      ["a", "b"],
      ["b", "c"],
      ["c", "d"],
    ]);
    const capped = await shortestPathUsingOutgoing("a", "d", { maxHops: 2 }, expand);
    expect(capped.path).toBeNull();
    expect(capped.hopCapReached).toBe(true);
    expect(capped.warnings[0]).toContain("--max-hops 2");
    const dead = await shortestPathUsingOutgoing("d", "a", { maxHops: 2 }, expand);
    expect(dead).toMatchObject({ path: null, hopCapReached: false, warnings: [] });
  });

  it("handles cycles and a zero hop cap", async () => {
    const { expand } = expanderFor([
      ["a", "b"],
      ["b", "a"],
    ]);
    expect((await shortestPathUsingOutgoing("a", "z", {}, expand)).path).toBeNull();
    expect((await shortestPathUsingOutgoing("a", "a", { maxHops: 0 }, expand)).path?.hops).toBe(0);
    expect((await shortestPathUsingOutgoing("a", "b", { maxHops: 0 }, expand)).hopCapReached).toBe(true);
  });
});
