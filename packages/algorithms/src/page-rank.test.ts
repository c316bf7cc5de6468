import { describe, expect, it } from "vitest";
import { CANONICAL } from "../test/canonical-graph";
import type { EdgeListGraph } from "./edge-list-graph";
import { pageRank } from "./page-rank";

describe("pageRank", () => {
  it("ranks a function many call above its callers", () => {
    const graph: EdgeListGraph = {
      nodes: [],
      edges: [
        ["a", "util"],
        ["b", "util"],
        ["c", "util"],
        ["util", "leaf"],
      ],
    };
    const report = pageRank(graph);
    expect(report.ranking[0]!.name).toBe("leaf");
    expect(report.ranking[1]!.name).toBe("util");
    expect(report.scores.util!).toBeGreaterThan(report.scores.a!);
    const sum = Object.values(report.scores).reduce((total, score) => total + score, 0);
    expect(sum).toBeCloseTo(1, 6);
    expect(report.ranking.map((row) => row.rank)).toEqual([1, 2, 3, 4, 5]);
  });

  it("canonical: the alpha/beta/gamma cycle outranks main and the dead pair is even", () => {
    const report = pageRank(CANONICAL);
    expect(report.node_count).toBe(9);
    expect(report.scores.alpha!).toBeGreaterThan(report.scores.main!);
    expect(report.scores.delta!).toBeCloseTo(report.scores.epsilon!, 9);
    const top3 = report.ranking.slice(0, 3).map((row) => row.name);
    expect(top3).toContain("alpha");
  });

  it("weighs edges by call sites unless told not to", () => {
    const edges: Array<[string, string]> = [
      ["a", "x"],
      ["a", "x"],
      ["a", "x"],
      ["a", "y"],
    ];
    const weighted = pageRank({ nodes: [], edges });
    expect(weighted.scores.x!).toBeGreaterThan(weighted.scores.y!);
    const plain = pageRank({ nodes: [], edges }, { weighted: false });
    expect(plain.scores.x!).toBeCloseTo(plain.scores.y!, 9);
  });

  it("empty graph: empty report", () => {
    expect(pageRank({ nodes: [], edges: [] })).toEqual({ scores: {}, ranking: [], node_count: 0, edge_count: 0 });
  });

  it("a non-converging run is an internal error", () => {
    expect(() => pageRank(CANONICAL, { maxIterations: 1, tolerance: 1e-15 })).toThrowError(expect.objectContaining({ code: "internal" }));
  });
});
