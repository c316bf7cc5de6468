import { DirectedGraph, MultiDirectedGraph, UndirectedGraph } from "graphology";
import { isTsiftError } from "@tsift/core";
import { describe, expect, it } from "vitest";
import { buildCallGraph } from "./build-call-graph";
import type { EdgeListGraph } from "./edge-list-graph";

describe("buildCallGraph", () => {
  it("sorts nodes, merges duplicate edges into weights, keeps self-loops", () => {
    const graph = buildCallGraph({
      nodes: ["z"],
      edges: [
        ["b", "a"],
        ["a", "b"],
        ["b", "a"],
        ["a", "a"],
      ],
    });
    expect(graph.nodes()).toEqual(["a", "b", "z"]);
    expect(graph.size).toBe(3);
    expect(graph.getEdgeAttribute(graph.edge("b", "a")!, "weight")).toBe(2);
    expect(graph.hasEdge("a", "a")).toBe(true);
    expect(graph.type).toBe("directed");
  });

  it("returns its own output unchanged and copies foreign graphs", () => {
    const built = buildCallGraph({ nodes: [], edges: [["a", "b"]] });
    expect(buildCallGraph(built)).toBe(built);
    const foreign = new DirectedGraph();
    foreign.addNode("y", { module: "m" });
    foreign.addNode("x");
    foreign.addEdge("y", "x");
    const copy = buildCallGraph(foreign);
    expect(copy).not.toBe(foreign);
    expect(copy.nodes()).toEqual(["x", "y"]);
    expect(copy.getNodeAttribute("y", "module")).toBe("m");
    expect(foreign.nodes()).toEqual(["y", "x"]);
  });

  it("reads undirected edges both ways and sums multi-edge weights", () => {
    const undirected = new UndirectedGraph();
    undirected.mergeEdge("a", "b");
    const fromUndirected = buildCallGraph(undirected);
    expect(fromUndirected.hasEdge("a", "b") && fromUndirected.hasEdge("b", "a")).toBe(true);
    const multi = new MultiDirectedGraph();
    multi.mergeNode("a");
    multi.mergeNode("b");
    multi.addEdge("a", "b", { weight: 2 });
    multi.addEdge("a", "b");
    expect(buildCallGraph(multi).getEdgeAttribute("a", "b", "weight")).toBe(3);
  });

  it("does not mutate an edge list", () => {
    const input: EdgeListGraph = { nodes: ["b"], edges: [["b", "a"]] };
    const copy = structuredClone(input);
    buildCallGraph(input);
    expect(input).toEqual(copy);
  });

  it("rejects malformed input with invalid_input", () => {
    for (const bad of [{ nodes: [1], edges: [] }, { nodes: [], edges: [["a"]] }, { nodes: [], edges: [["a", null]] }, null]) {
      let code: unknown;
      try {
        buildCallGraph(bad as unknown as EdgeListGraph);
      } catch (error) {
        code = isTsiftError(error, "invalid_input");
      }
      expect(code).toBe(true);
    }
  });
});
