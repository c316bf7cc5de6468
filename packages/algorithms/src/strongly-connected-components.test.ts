import { DirectedGraph, UndirectedGraph } from "graphology";
import { isTsiftError } from "@tsift/core";
import { describe, expect, it } from "vitest";
import type { EdgeListGraph } from "./edge-list-graph";
import { stronglyConnectedComponents } from "./strongly-connected-components";

type Edge = [string, string];

function scc(edges: Edge[], nodes: string[] = []) {
  return stronglyConnectedComponents({ nodes, edges });
}

describe("stronglyConnectedComponents — acceptance cases", () => {
  it("a→b: two trivial components", () => {
    const report = scc([["a", "b"]]);
    expect(report.total_components).toBe(2);
    expect(report.non_trivial).toBe(0);
    expect(report.components).toEqual([["a"], ["b"]]);
  });

  it("a→b→c→a: one cycle of three", () => {
    const report = scc([
      ["a", "b"],
      ["b", "c"],
      ["c", "a"],
    ]);
    expect(report.non_trivial).toBe(1);
    expect(report.largest).toBe(3);
    expect(report.components[0]).toEqual(["a", "b", "c"]);
  });

  it("a↔b, c↔d, a→c: two non-trivial components", () => {
    const report = scc([
      ["a", "b"],
      ["b", "a"],
      ["c", "d"],
      ["d", "c"],
      ["a", "c"],
    ]);
    expect(report.non_trivial).toBe(2);
    expect(report.total_components).toBe(2);
    expect(report.components).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
  });

  it("a→a: a self-loop is non-trivial", () => {
    const report = scc([["a", "a"]]);
    expect(report.non_trivial).toBe(1);
    expect(report.components).toEqual([["a"]]);
    expect(report.largest).toBe(1);
  });

  it("DAG a→b, b→c, a→c: no cycles, three components", () => {
    const report = scc([
      ["a", "b"],
      ["b", "c"],
      ["a", "c"],
    ]);
    expect(report.non_trivial).toBe(0);
    expect(report.total_components).toBe(3);
  });

  it("a→b→c→a plus b↔d: one component of four", () => {
    const report = scc([
      ["a", "b"],
      ["b", "c"],
      ["c", "a"],
      ["b", "d"],
      ["d", "b"],
    ]);
    expect(report.non_trivial).toBe(1);
    expect(report.largest).toBe(4);
    expect(report.components).toEqual([["a", "b", "c", "d"]]);
  });

  it("empty input: zero components", () => {
    expect(scc([])).toEqual({
      components: [],
      total_components: 0,
      non_trivial: 0,
      largest: 0,
      node_count: 0,
      edge_count: 0,
    });
  });
});

describe("stronglyConnectedComponents — report shape", () => {
  it("keeps isolated nodes as trivial components", () => {
    const report = scc([["a", "b"]], ["z", "a", "b", "m"]);
    expect(report.node_count).toBe(4);
    expect(report.components).toEqual([["a"], ["b"], ["m"], ["z"]]);
  });

  it("adds nodes that only appear in edges", () => {
    const report = scc([["x", "y"]], ["w"]);
    expect(report.node_count).toBe(3);
    expect(report.components.flat().sort()).toEqual(["w", "x", "y"]);
  });

  it("counts edges as given, duplicates and self-loops included", () => {
    const report = scc([
      ["a", "b"],
      ["a", "b"],
      ["b", "b"],
    ]);
    expect(report.edge_count).toBe(3);
    expect(report.non_trivial).toBe(1);
  });

  it("ignores duplicate node ids", () => {
    expect(scc([], ["a", "a", "b"]).node_count).toBe(2);
  });

  it("sorts by size desc, then members, in code-unit order", () => {
    const report = scc([
      ["b", "c"],
      ["c", "b"],
      ["X", "Y"],
      ["Y", "X"],
      ["p", "q"],
      ["q", "r"],
      ["r", "p"],
      ["é", "é"],
    ]);
    expect(report.components).toEqual([["p", "q", "r"], ["X", "Y"], ["b", "c"], ["é"]]);
  });

  it("does not depend on node or edge order", () => {
    const edges: Edge[] = [
      ["a", "b"],
      ["b", "c"],
      ["c", "a"],
      ["c", "d"],
      ["d", "e"],
      ["e", "d"],
      ["f", "f"],
      ["g", "a"],
    ];
    const expected = scc(edges);
    const random = mulberry32(7);
    for (let trial = 0; trial < 20; trial++) {
      const shuffled = shuffle(edges, random);
      const nodes = shuffle(["a", "b", "c", "d", "e", "f", "g"], random);
      expect(scc(shuffled, nodes)).toEqual(expected);
    }
  });

  it("does not mutate its input", () => {
    const graph: EdgeListGraph = { nodes: ["b", "a"], edges: [["b", "a"]] };
    const copy = structuredClone(graph);
    stronglyConnectedComponents(graph);
    expect(graph).toEqual(copy);
  });
});

describe("stronglyConnectedComponents — graphology input", () => {
  it("reads a directed graph's nodes and edges", () => {
    const graph = new DirectedGraph();
    graph.mergeEdge("a", "b");
    graph.mergeEdge("b", "a");
    graph.addNode("z");
    const report = stronglyConnectedComponents(graph);
    expect(report.components).toEqual([["a", "b"], ["z"]]);
    expect([report.node_count, report.edge_count, report.non_trivial]).toEqual([3, 2, 1]);
  });

  it("reads an undirected edge both ways", () => {
    const graph = new UndirectedGraph();
    graph.mergeEdge("a", "b");
    expect(stronglyConnectedComponents(graph).components).toEqual([["a", "b"]]);
  });
});

describe("stronglyConnectedComponents — scale", () => {
  it("handles a 100k-node chain without recursion", () => {
    const n = 100_000;
    const edges: Edge[] = [];
    for (let i = 0; i < n - 1; i++) edges.push([`n${i}`, `n${i + 1}`]);
    const report = scc(edges);
    expect(report.total_components).toBe(n);
    expect(report.non_trivial).toBe(0);
    expect(report.largest).toBe(1);
  });

  it("finds a 100k-node cycle as one component", () => {
    const n = 100_000;
    const edges: Edge[] = [];
    for (let i = 0; i < n; i++) edges.push([`n${i}`, `n${(i + 1) % n}`]);
    const report = scc(edges);
    expect(report.total_components).toBe(1);
    expect(report.non_trivial).toBe(1);
    expect(report.largest).toBe(n);
  });
});

describe("stronglyConnectedComponents — agrees with a brute-force reference", () => {
  it("on 200 random small graphs", () => {
    const random = mulberry32(42);
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(random() * 12);
      const m = Math.floor(random() * n * 2.5);
      const nodes = Array.from({ length: n }, (_, i) => `v${i}`);
      const edges: Edge[] = [];
      for (let e = 0; e < m; e++) {
        edges.push([nodes[Math.floor(random() * n)]!, nodes[Math.floor(random() * n)]!]);
      }
      const report = scc(edges, nodes);
      const expected = bruteForceComponents(nodes, edges);
      expect(report.components).toEqual(expected.components);
      expect(report.non_trivial).toBe(expected.nonTrivial);
    }
  });
});

describe("stronglyConnectedComponents — invalid input", () => {
  it("rejects non-string node ids and malformed edges", () => {
    const expectInvalid = (graph: unknown) => {
      try {
        stronglyConnectedComponents(graph as EdgeListGraph);
      } catch (error) {
        expect(isTsiftError(error, "invalid_input")).toBe(true);
        return;
      }
      throw new Error("expected invalid_input");
    };
    expectInvalid({ nodes: [1], edges: [] });
    expectInvalid({ nodes: [], edges: [["a"]] });
    expectInvalid({ nodes: [], edges: [["a", null]] });
  });
});

// Mutual reachability by repeated BFS: quadratic, obviously correct, and shares
// no code with Tarjan.
function bruteForceComponents(nodes: string[], edges: Edge[]) {
  const adjacency = new Map(nodes.map((node) => [node, [] as string[]]));
  for (const [from, to] of edges) adjacency.get(from)!.push(to);
  const reach = new Map<string, Set<string>>();
  for (const start of nodes) {
    const seen = new Set<string>([start]);
    const queue = [start];
    while (queue.length > 0) {
      for (const next of adjacency.get(queue.pop()!)!) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    reach.set(start, seen);
  }
  const assigned = new Set<string>();
  const components: string[][] = [];
  let nonTrivial = 0;
  for (const node of nodes) {
    if (assigned.has(node)) continue;
    const members = nodes.filter((other) => reach.get(node)!.has(other) && reach.get(other)!.has(node));
    members.forEach((member) => assigned.add(member));
    members.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (members.length > 1 || edges.some(([from, to]) => from === node && to === node)) nonTrivial++;
    components.push(members);
  }
  components.sort((a, b) => b.length - a.length || (a[0]! < b[0]! ? -1 : 1));
  return { components, nonTrivial };
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
