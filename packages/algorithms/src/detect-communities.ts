import louvain from "graphology-communities-louvain";
import { buildCallGraph, type GraphInput } from "./build-call-graph";
import { compareCodeUnits } from "./internal/compare";
import { nodeId } from "./internal/node-key";
import { seededRandom } from "./internal/seeded-random";
import { undirectedView } from "./internal/undirected-view";

export interface DetectCommunitiesOptions {
  /** Seed of the random walk; default 1. The same seed and graph give the same communities. */
  seed?: number;
  /** A custom random source instead of `seed` (any `() => number` in [0, 1)). */
  rng?: () => number;
  /** Modularity resolution γ; above 1 favours smaller communities. Default 1. */
  resolution?: number;
  /** graphology's fast local moves (a queue of nodes to revisit); default true. */
  fastLocalMoves?: boolean;
  /** Sweep nodes from a random start instead of in order; default true. */
  randomWalk?: boolean;
}

export interface Community {
  /** Position in `communities` (0 = largest). */
  id: number;
  /** Node ids, sorted. */
  members: string[];
  /** lc/m − γ·(dc/2m)²: this community's share of the modularity. */
  modularity_contribution: number;
}

export interface CommunityReport {
  /** By size desc, then first member. */
  communities: Community[];
  /** Newman modularity of the partition, in [-0.5, 1]; 0 without edges. */
  modularity: number;
  /** Local-moving phases graphology ran (one per level with fast local moves). */
  iterations: number;
  node_count: number;
  /** Distinct undirected, non-self edges: the m of the modularity. */
  edge_count: number;
  community_count: number;
  /** Node id → community id. */
  membership: Record<string, number>;
}

export const DEFAULT_COMMUNITY_SEED = 1;

/**
 * Louvain communities of the call graph read as undirected, unit-weight and without
 * self-loops, by graphology-communities-louvain. Nodes
 * are inserted in sorted order and the random walk is seeded, so the result is a
 * function of the graph alone. Pure: the input is not modified.
 */
export function detectCommunities(input: GraphInput, options: DetectCommunitiesOptions = {}): CommunityReport {
  const view = undirectedView(buildCallGraph(input));
  const resolution = options.resolution ?? 1;
  const groups = new Map<number, string[]>();
  let modularity = 0;
  let iterations = 0;
  if (view.size === 0) {
    view.forEachNode((node, _attributes) => groups.set(groups.size, [node]));
  } else {
    const detailed = louvain.detailed(view, {
      getEdgeWeight: null,
      resolution,
      rng: options.rng ?? seededRandom(options.seed ?? DEFAULT_COMMUNITY_SEED),
      fastLocalMoves: options.fastLocalMoves ?? true,
      randomWalk: options.randomWalk ?? true,
    });
    modularity = detailed.modularity;
    const moves = detailed.moves as ReadonlyArray<number | readonly number[]>;
    iterations = moves.reduce<number>((sum, level) => sum + (Array.isArray(level) ? level.length : 1), 0);
    for (const [node, community] of Object.entries(detailed.communities)) {
      const members = groups.get(community);
      if (members) members.push(node);
      else groups.set(community, [node]);
    }
  }

  const keys = [...groups.values()].map((members) => members.map((key) => [nodeId(key), key] as const).sort(([a], [b]) => compareCodeUnits(a, b)));
  keys.sort((a, b) => b.length - a.length || compareCodeUnits(a[0]![0], b[0]![0]));
  const sorted = keys.map((members) => members.map(([id]) => id));
  // No prototype: node ids such as `constructor` or `__proto__` are ordinary keys here.
  const membership: Record<string, number> = Object.create(null) as Record<string, number>;
  sorted.forEach((members, id) => {
    for (const member of members) membership[member] = id;
  });

  // Per-community terms of Q = Σ_c [ l_c/m − γ (d_c / 2m)² ].
  const m = view.size;
  const internal = new Float64Array(sorted.length);
  const degree = new Float64Array(sorted.length);
  const communityOf = new Map<string, number>();
  keys.forEach((members, id) => members.forEach(([, key]) => communityOf.set(key, id)));
  view.forEachNode((node) => {
    degree[communityOf.get(node)!]! += view.degree(node);
  });
  view.forEachEdge((_edge, _attributes, source, target) => {
    if (communityOf.get(source) === communityOf.get(target)) internal[communityOf.get(source)!]!++;
  });
  const communities = sorted.map((members, id) => ({
    id,
    members,
    modularity_contribution: m === 0 ? 0 : internal[id]! / m - resolution * (degree[id]! / (2 * m)) ** 2,
  }));
  return {
    communities,
    modularity: m === 0 ? 0 : modularity,
    iterations,
    node_count: view.order,
    edge_count: m,
    community_count: communities.length,
    membership,
  };
}
