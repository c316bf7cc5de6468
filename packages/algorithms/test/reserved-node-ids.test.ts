import { describe, expect, it } from "vitest";
import {
  buildCallGraph,
  couplingReport,
  deadCode,
  detectCommunities,
  healthReport,
  inferEntryPoints,
  pageRank,
  shortestPath,
  stronglyConnectedComponents,
  type EdgeListGraph,
} from "../src/index";

// graphology keys neighbours by plain objects: these names break its edges unless escaped.
const graph: EdgeListGraph = {
  nodes: ["\u0001odd"],
  edges: [
    ["main", "constructor"],
    ["constructor", "toString"],
    ["toString", "constructor"],
    ["toString", "__proto__"],
    ["hasOwnProperty", "valueOf"],
  ],
};
const ids = ["\u0001odd", "__proto__", "constructor", "hasOwnProperty", "main", "toString", "valueOf"];

describe("node ids that are Object.prototype property names", () => {
  it("every algorithm accepts and reports them unchanged", () => {
    expect(buildCallGraph(graph).order).toBe(7);
    expect(
      detectCommunities(graph)
        .communities.flatMap((community) => community.members)
        .sort(),
    ).toEqual(ids);
    expect(shortestPath(graph, "main", "__proto__").path).toEqual(["main", "constructor", "toString", "__proto__"]);
    expect(
      healthReport(graph)
        .scores.map((score) => score.name)
        .sort(),
    ).toEqual(ids);
    expect(deadCode(graph, { entryPoints: ["main"] }).dead_nodes.map((node) => node.name)).toEqual(["\u0001odd", "valueOf", "hasOwnProperty"]);
    expect(inferEntryPoints(graph).entry_points).toEqual(["main"]);
    expect(inferEntryPoints(graph, { candidates: [{ node: "constructor", name: "constructor", exported: true }] }).entry_points).toEqual([
      "constructor",
      "main",
    ]);
    expect(couplingReport(graph, { moduleOf: (node) => (node === "valueOf" ? "b" : "a") }).modules.map((row) => [row.module, row.fan_out])).toEqual([
      ["a", 1],
      ["b", 0],
    ]);
    expect(Object.keys(pageRank(graph).scores).sort()).toEqual(ids);
    expect(stronglyConnectedComponents(graph).components[0]).toEqual(["constructor", "toString"]);
  });
});
