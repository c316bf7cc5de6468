import { describe, expect, it } from "vitest";
import { buildCallGraph, deadCode, detectCommunities, inferEntryPoints, shortestPath } from "../src/index";

describe("README example", () => {
  it("gives the answers the README shows", () => {
    const graph = buildCallGraph({
      nodes: [],
      edges: [
        ["main", "alpha"],
        ["main", "bridge"],
        ["alpha", "beta"],
        ["beta", "alpha"],
        ["bridge", "helper"],
        ["delta", "epsilon"],
      ],
    });
    expect(detectCommunities(graph).communities.map((community) => community.members)).toEqual([
      ["bridge", "helper", "main"],
      ["alpha", "beta"],
      ["delta", "epsilon"],
    ]);
    expect(shortestPath(graph, "helper", "alpha", { undirected: true }).path).toEqual(["helper", "bridge", "main", "alpha"]);
    const { entry_points } = inferEntryPoints(graph);
    expect(entry_points).toEqual(["main"]);
    expect(deadCode(graph, { entryPoints: entry_points }).dead_nodes.map((node) => [node.name, node.reason])).toEqual([
      ["epsilon", "orphaned_leaf"],
      ["delta", "unreachable"],
    ]);
  });
});
