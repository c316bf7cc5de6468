import { describe, expect, it } from "vitest";
import { CANONICAL, CANONICAL_EDGES, CANONICAL_HEALTH, shuffled } from "../test/canonical-graph";
import type { EdgeListGraph } from "./edge-list-graph";
import { healthReport } from "./health-report";

const graph = (edges: Array<[string, string]>, nodes: string[] = []): EdgeListGraph => ({ nodes, edges });

describe("healthReport — acceptance cases", () => {
  it("empty input: all zeros", () => {
    expect(healthReport(graph([]))).toEqual({
      scores: [],
      avg_connectivity: 0,
      avg_reachability: 0,
      avg_centrality: 0,
      avg_cycle_risk: 0,
      avg_overall: 0,
      node_count: 0,
      edge_count: 0,
    });
  });

  it("a hub scores above its leaves", () => {
    const report = healthReport(
      graph([
        ["hub", "a"],
        ["hub", "b"],
        ["hub", "c"],
        ["a", "b"],
      ]),
    );
    const score = (name: string) => report.scores.find((row) => row.name === name)!.overall;
    expect(score("hub")).toBeGreaterThan(score("a"));
    expect(report.scores[0]!.name).toBe("hub");
  });

  it("a chain has no cycle risk; a↔b has it on both", () => {
    const chain = healthReport(
      graph([
        ["a", "b"],
        ["b", "c"],
      ]),
    );
    expect(chain.scores.map((row) => row.cycle_risk)).toEqual([0, 0, 0]);
    const pair = healthReport(
      graph([
        ["a", "b"],
        ["b", "a"],
      ]),
    );
    expect(pair.scores.map((row) => row.cycle_risk)).toEqual([1, 1]);
  });

  it("every value lies in [0, 1]", () => {
    const report = healthReport(
      graph(
        [
          ["a", "b"],
          ["b", "c"],
          ["c", "a"],
          ["c", "d"],
          ["x", "x"],
        ],
        ["lonely"],
      ),
    );
    for (const row of report.scores) {
      for (const value of [row.overall, row.connectivity, row.reachability, row.centrality, row.cycle_risk]) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
      }
    }
  });

  it("a single node is fully central", () => {
    expect(healthReport(graph([], ["solo"])).scores).toEqual([{ name: "solo", overall: 0.5, connectivity: 0, reachability: 0, centrality: 1, cycle_risk: 0 }]);
  });
});

describe("healthReport — canonical fixture", () => {
  const report = healthReport(CANONICAL);

  it("matches the derived health table, in order", () => {
    expect(report.scores.map((row) => row.name)).toEqual(CANONICAL_HEALTH.map(([name]) => name));
    CANONICAL_HEALTH.forEach(([name, overall, connectivity, reachability, centrality, cycleRisk], i) => {
      const row = report.scores[i]!;
      expect(row.name).toBe(name);
      expect(row.overall).toBeCloseTo(overall, 4);
      expect(row.connectivity).toBeCloseTo(connectivity, 4);
      expect(row.reachability).toBeCloseTo(reachability, 4);
      expect(row.centrality).toBeCloseTo(centrality, 4);
      expect(row.cycle_risk).toBe(cycleRisk);
    });
    expect(report.avg_overall).toBeCloseTo(0.4483, 4);
    expect([report.node_count, report.edge_count]).toEqual([9, 12]);
  });

  it("does not depend on edge order", () => {
    expect(healthReport({ nodes: [], edges: shuffled(CANONICAL_EDGES, 3) })).toEqual(report);
  });

  it("takes custom weights", () => {
    const onlyCentrality = healthReport(CANONICAL, { weights: { connectivity: 0, reachability: 0, centrality: 1, cycle_risk: 0 } });
    for (const row of onlyCentrality.scores) expect(row.overall).toBeCloseTo(row.centrality, 12);
  });
});

describe("healthReport — agrees with per-node BFS", () => {
  it("on 100 random graphs, including blocks wider than 1024 nodes", () => {
    for (let trial = 0; trial < 100; trial++) {
      const n = trial < 95 ? 1 + (trial % 13) : 1500 + trial;
      const nodes = Array.from({ length: n }, (_, i) => `v${i}`);
      const edgeCount = Math.floor((((trial * 7919) % 23) / 10) * n) + (trial % 3);
      const edges: Array<[string, string]> = [];
      for (let e = 0; e < edgeCount; e++) edges.push([nodes[(e * 31 + trial) % n]!, nodes[(e * e * 17 + 3 * trial + 1) % n]!]);
      const report = healthReport({ nodes, edges });
      const expected = bruteForceReach(nodes, edges);
      for (const row of report.scores) {
        const [fwd, bwd] = expected.get(row.name)!;
        expect(row.centrality).toBeCloseTo(n > 1 ? (fwd + bwd) / (2 * n) : 1, 12);
        expect(row.reachability).toBeCloseTo((fwd - 1 + bwd - 1) / (2 * Math.max(n - 1, 1)), 12);
      }
    }
  });
});

function bruteForceReach(nodes: string[], edges: Array<[string, string]>): Map<string, [number, number]> {
  const out = new Map(nodes.map((node) => [node, new Set<string>()]));
  const into = new Map(nodes.map((node) => [node, new Set<string>()]));
  for (const [from, to] of edges) {
    if (from === to) continue;
    out.get(from)!.add(to);
    into.get(to)!.add(from);
  }
  const count = (start: string, adjacency: Map<string, Set<string>>) => {
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length > 0) {
      for (const next of adjacency.get(queue.shift()!)!) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    return seen.size;
  };
  return new Map(nodes.map((node) => [node, [count(node, out), count(node, into)]]));
}

describe("healthReport — scale", () => {
  // Its speed is measured by tools/bench/test-suite/timing-checks.mjs, not asserted here.
  it("scores a 20k-node cycle plus tail", () => {
    const edges: Array<[string, string]> = [];
    for (let i = 0; i < 10_000; i++) edges.push([`c${i}`, `c${(i + 1) % 10_000}`]);
    for (let i = 0; i < 10_000; i++) edges.push([i === 0 ? "c0" : `t${i - 1}`, `t${i}`]);
    const report = healthReport({ nodes: [], edges });
    expect(report.node_count).toBe(20_000);
  });
});
