import { describe, expect, it } from "vitest";
import { CANONICAL } from "../test/canonical-graph";
import { pageRank } from "./page-rank";
import { personalizedPageRank } from "./personalized-page-rank";

describe("personalizedPageRank", () => {
  it("without personalization it agrees with pageRank", () => {
    const plain = pageRank(CANONICAL, { tolerance: 1e-12, maxIterations: 1000 });
    const personalized = personalizedPageRank(CANONICAL, { tolerance: 1e-12, maxIterations: 1000 });
    // beta and gamma tie exactly, so only the scores (not float-level order) are compared.
    expect(personalized.node_count).toBe(plain.node_count);
    for (const [name, score] of Object.entries(plain.scores)) expect(personalized.scores[name]!).toBeCloseTo(score, 6);
  });

  it("restarts at the personalized nodes, so they and their callees outrank the rest", () => {
    const graph = {
      nodes: ["lonely"],
      edges: [
        ["a", "shared"],
        ["b", "shared"],
        ["c", "c_helper"],
      ] as Array<[string, string]>,
    };
    const plain = personalizedPageRank(graph);
    expect(plain.scores.shared!).toBeGreaterThan(plain.scores.c_helper!);
    const centred = personalizedPageRank(graph, { personalization: { c: 1 } });
    // c_helper hands its rank back to the restart node c, so c leads.
    expect(centred.ranking.slice(0, 2).map((row) => row.name)).toEqual(["c", "c_helper"]);
    expect(centred.scores.shared!).toBeLessThan(centred.scores.c_helper!);
    expect(centred.scores.lonely!).toBe(0);
    const sum = Object.values(centred.scores).reduce((total, score) => total + score, 0);
    expect(sum).toBeCloseTo(1, 6);
  });

  it("ignores unknown ids and non-positive weights; ids named after Object.prototype keys work", () => {
    const graph = { nodes: [], edges: [["constructor", "toString"]] as Array<[string, string]> };
    const report = personalizedPageRank(graph, { personalization: { nowhere: 5, toString: 0, constructor: 2 } });
    expect(report.ranking.map((row) => row.name)).toEqual(["constructor", "toString"]);
    expect(report.scores.toString!).toBeGreaterThan(0);
  });

  it("empty graph: empty report; a non-converging run is an internal error", () => {
    expect(personalizedPageRank({ nodes: [], edges: [] })).toEqual({ scores: {}, ranking: [], node_count: 0, edge_count: 0 });
    expect(() => personalizedPageRank(CANONICAL, { maxIterations: 1, tolerance: 1e-15 })).toThrowError(expect.objectContaining({ code: "internal" }));
  });
});
