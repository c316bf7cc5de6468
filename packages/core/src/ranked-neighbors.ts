import { compareIds } from "./compare-ids";
import type { GraphEdge, GraphNode } from "./graph-types";

/** Neighbors in the preview: a handful of high-signal hops, never a second page of the walk. */
export const RANKED_NEIGHBORS_CAP = 8;

/**
 * How much an edge kind says about a neighbor when navigating code: what runs (calls,
 * route handlers) before what merely contains or declares it.
 */
const EDGE_KIND_WEIGHT: Readonly<Record<string, number>> = {
  calls: 1,
  handled_by: 0.9,
  defines_route: 0.8,
  contains: 0.7,
  imports: 0.6,
  defines: 0.5,
};
const OTHER_KIND_WEIGHT = 0.4;

// Depth dominates (a direct neighbor beats a distant one), then the edge kind, then centrality.
const DEPTH_SHARE = 0.5;
const KIND_SHARE = 0.3;
const RANK_SHARE = 0.2;

export interface RankedNeighbor {
  id: string;
  kind: string;
  label: string;
  depth: number;
  /** The strongest edge kind linking it to the slice. */
  via: string;
  /** PageRank within the returned slice, 0..1 of the slice's maximum. */
  pagerank: number;
  score: number;
  handle?: string;
}

const DAMPING = 0.85;
const ITERATIONS = 40;

/**
 * PageRank by power iteration over a slice of at most a page of nodes. Hand-written
 * rather than @tsift/algorithms (graphology) on purpose: loading graphology costs a
 * `graph-db neighborhood` process more than half its 150 ms budget, while a page-sized
 * slice converges in a few dozen passes over a few hundred edges. Dangling nodes spread
 * their rank evenly, as graphology's does.
 */
export function slicePageRank(ids: readonly string[], edges: readonly GraphEdge[]): Map<string, number> {
  const index = new Map(ids.map((id, i) => [id, i]));
  const n = ids.length;
  const out = new Array<number[]>(n).fill([]).map(() => [] as number[]);
  for (const edge of edges) {
    const from = index.get(edge.from_id);
    const to = index.get(edge.to_id);
    if (from !== undefined && to !== undefined) out[from]!.push(to);
  }
  let rank = new Float64Array(n).fill(1 / n);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const next = new Float64Array(n).fill((1 - DAMPING) / n);
    let dangling = 0;
    for (let i = 0; i < n; i++) {
      const targets = out[i]!;
      if (targets.length === 0) dangling += rank[i]!;
      else for (const j of targets) next[j]! += (DAMPING * rank[i]!) / targets.length;
    }
    for (let i = 0; i < n; i++) next[i]! += (DAMPING * dangling) / n;
    rank = next;
  }
  return new Map(ids.map((id, i) => [id, rank[i]!]));
}

/**
 * A capped preview of the neighborhood ranked by traversal depth, edge kind and
 * PageRank over the returned slice (so ranking costs no extra read), while the primary
 * `nodes` list stays in stable id order for cursor paging.
 */
export function rankNeighbors(
  startId: string,
  nodes: readonly GraphNode[],
  edges: readonly GraphEdge[],
  depths: Readonly<Record<string, number>>,
  cap = RANKED_NEIGHBORS_CAP,
): RankedNeighbor[] {
  const candidates = nodes.filter((node) => node.id !== startId);
  if (candidates.length === 0) return [];
  const ranks = slicePageRank(
    nodes.map((node) => node.id),
    edges,
  );
  const top = Math.max(...ranks.values(), Number.MIN_VALUE);
  const via = new Map<string, string>();
  const weight = (kind: string) => EDGE_KIND_WEIGHT[kind] ?? OTHER_KIND_WEIGHT;
  for (const edge of edges) {
    for (const end of [edge.from_id, edge.to_id]) {
      const current = via.get(end);
      if (current === undefined || weight(edge.kind) > weight(current) || (weight(edge.kind) === weight(current) && edge.kind < current))
        via.set(end, edge.kind);
    }
  }
  const ranked = candidates.map((node): RankedNeighbor => {
    const depth = depths[node.id] ?? 1;
    const kind = via.get(node.id) ?? "";
    const pagerank = Math.round(((ranks.get(node.id) ?? 0) / top) * 1e4) / 1e4;
    const score = DEPTH_SHARE / Math.max(1, depth) + KIND_SHARE * (kind ? weight(kind) : 0) + RANK_SHARE * pagerank;
    const entry: RankedNeighbor = { id: node.id, kind: node.kind, label: node.label, depth, via: kind, pagerank, score: Math.round(score * 1e4) / 1e4 };
    if (node.properties?.handle) entry.handle = node.properties.handle;
    return entry;
  });
  return ranked.sort((a, b) => b.score - a.score || compareIds(a.id, b.id)).slice(0, cap);
}
