import { describe, expect, it } from "vitest";
import { CANONICAL, CANONICAL_EDGES, shuffled } from "../test/canonical-graph";
import { detectCommunities } from "./detect-communities";
import type { EdgeListGraph } from "./edge-list-graph";

const graph = (edges: Array<[string, string]>, nodes: string[] = []): EdgeListGraph => ({ nodes, edges });
const sizes = (report: ReturnType<typeof detectCommunities>) => report.communities.map((community) => community.members.length);

describe("detectCommunities — acceptance cases", () => {
  it("empty graph: all zero", () => {
    expect(detectCommunities(graph([]))).toEqual({
      communities: [],
      modularity: 0,
      iterations: 0,
      node_count: 0,
      edge_count: 0,
      community_count: 0,
      membership: {},
    });
  });

  it("a-b: two nodes, one edge, one community of two", () => {
    const report = detectCommunities(graph([["a", "b"]]));
    expect([report.node_count, report.edge_count]).toEqual([2, 1]);
    expect(report.communities.map((community) => community.members)).toEqual([["a", "b"]]);
  });

  it("a-a + a-b: the self-loop is dropped", () => {
    const report = detectCommunities(
      graph([
        ["a", "a"],
        ["a", "b"],
      ]),
    );
    expect([report.node_count, report.edge_count]).toEqual([2, 1]);
  });

  it("a triple duplicate edge counts once", () => {
    const report = detectCommunities(
      graph([
        ["main", "helper"],
        ["main", "helper"],
        ["main", "helper"],
      ]),
    );
    expect([report.node_count, report.edge_count]).toEqual([2, 1]);
  });

  it("two triangles joined by a bridge: exactly two communities of three, Q > 0", () => {
    const report = detectCommunities(
      graph([
        ["a", "b"],
        ["b", "c"],
        ["c", "a"],
        ["d", "e"],
        ["e", "f"],
        ["f", "d"],
        ["a", "d"],
      ]),
    );
    expect(report.communities.map((community) => community.members)).toEqual([
      ["a", "b", "c"],
      ["d", "e", "f"],
    ]);
    expect(report.modularity).toBeGreaterThan(0);
    // Standard Newman Q of this partition: 2 × (3/7 − (7/14)²).
    expect(report.modularity).toBeCloseTo(2 * (3 / 7 - 0.25), 12);
  });

  it("disconnected a-b, c-d: four nodes, two edges, Q ≥ 0", () => {
    const report = detectCommunities(
      graph([
        ["a", "b"],
        ["c", "d"],
      ]),
    );
    expect([report.node_count, report.edge_count]).toEqual([4, 2]);
    expect(report.modularity).toBeGreaterThanOrEqual(0);
    expect(sizes(report)).toEqual([2, 2]);
  });
});

describe("detectCommunities — canonical fixture", () => {
  const report = detectCommunities(CANONICAL);

  it("finds {alpha, beta, gamma} and {delta, epsilon}", () => {
    const memberLists = report.communities.map((community) => community.members);
    expect(memberLists).toContainEqual(["alpha", "beta", "gamma"]);
    expect(memberLists).toContainEqual(["delta", "epsilon"]);
    expect(report.communities[0]!.members.length).toBeGreaterThanOrEqual(3);
    expect([report.node_count, report.edge_count]).toEqual([9, 8]);
    expect(report.modularity).toBeGreaterThan(0.3);
  });

  it("contributions sum to the modularity, membership matches the lists", () => {
    const sum = report.communities.reduce((total, community) => total + community.modularity_contribution, 0);
    expect(sum).toBeCloseTo(report.modularity, 12);
    for (const community of report.communities) {
      for (const member of community.members) expect(report.membership[member]).toBe(community.id);
    }
    expect(report.communities.map((community) => community.id)).toEqual(report.communities.map((_, i) => i));
  });

  it("is deterministic: same result for any edge order, and on every run", () => {
    for (let seed = 1; seed <= 10; seed++) {
      expect(detectCommunities({ nodes: [], edges: shuffled(CANONICAL_EDGES, seed) })).toEqual(report);
    }
  });

  it("takes a seed or an rng", () => {
    const seeded = detectCommunities(CANONICAL, { seed: 99 });
    expect(detectCommunities(CANONICAL, { seed: 99 })).toEqual(seeded);
    let calls = 0;
    detectCommunities(CANONICAL, {
      rng: () => {
        calls++;
        return 0.5;
      },
    });
    expect(calls).toBeGreaterThan(0);
  });

  it("a higher resolution never yields fewer communities here", () => {
    expect(detectCommunities(CANONICAL, { resolution: 3 }).community_count).toBeGreaterThanOrEqual(report.community_count);
  });

  it("takes node ids that are Object.prototype names", () => {
    const report = detectCommunities({ nodes: [], edges: [["__proto__", "constructor"]] });
    expect(report.membership.__proto__).toBe(0);
    expect(report.membership.constructor).toBe(0);
    expect(Object.keys(report.membership).sort()).toEqual(["__proto__", "constructor"]);
  });

  it("keeps isolated nodes as singleton communities", () => {
    const withIsolated = detectCommunities({ nodes: ["zeta"], edges: CANONICAL_EDGES });
    expect(withIsolated.node_count).toBe(10);
    expect(withIsolated.communities.at(-1)!.members).toEqual(["zeta"]);
  });
});
