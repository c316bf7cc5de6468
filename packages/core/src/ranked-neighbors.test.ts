import { describe, expect, it } from "vitest";
import { edgeKey } from "./edge-key";
import type { GraphEdge, GraphNode } from "./graph-types";
import { RANKED_NEIGHBORS_CAP, rankNeighbors, slicePageRank } from "./ranked-neighbors";

const edge = (from: string, kind: string, to: string): GraphEdge => ({ id: edgeKey(from, kind, to), from_id: from, kind, to_id: to });
const node = (id: string, kind = "symbol"): GraphNode => ({ id, kind, label: id, properties: { handle: `gsym-${id.padStart(12, "0")}` } });

describe("slicePageRank", () => {
  it("sums to one, ranks a shared callee highest and handles dangling nodes", () => {
    const ids = ["a", "b", "c", "hub"];
    const ranks = slicePageRank(ids, [edge("a", "calls", "hub"), edge("b", "calls", "hub"), edge("c", "calls", "hub"), edge("a", "calls", "b")]);
    const total = [...ranks.values()].reduce((sum, value) => sum + value, 0);
    expect(total).toBeCloseTo(1, 9);
    expect(Math.max(...ranks.values())).toBe(ranks.get("hub"));
    expect(ranks.get("b")!).toBeGreaterThan(ranks.get("c")!);
  });
});

describe("rankNeighbors", () => {
  it("ranks by depth, then edge kind: a callee's callee outranks the defining file; capped", () => {
    const nodes = ["start", "callee", "deep", "file"].map((id) => node(id, id === "file" ? "file" : "symbol"));
    const edges = [edge("start", "calls", "callee"), edge("callee", "calls", "deep"), edge("file", "defines", "start")];
    const ranked = rankNeighbors("start", nodes, edges, { start: 0, callee: 1, deep: 2, file: 1 });
    expect(ranked.map((entry) => entry.id)).toEqual(["callee", "deep", "file"]);
    expect(ranked[0]).toMatchObject({ depth: 1, via: "calls", handle: "gsym-000000callee" });
    const many = Array.from({ length: 20 }, (_, i) => node(`n${String(i).padStart(2, "0")}`));
    const star = rankNeighbors(
      "start",
      [node("start"), ...many],
      many.map((n) => edge("start", "calls", n.id)),
      {},
    );
    expect(star).toHaveLength(RANKED_NEIGHBORS_CAP);
  });
});
