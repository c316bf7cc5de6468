import pagerank from "graphology-metrics/centrality/pagerank.js";
import { TsiftError } from "@tsift/core";
import { buildCallGraph, type GraphInput } from "./build-call-graph";
import { compareCodeUnits } from "./internal/compare";
import { nodeId } from "./internal/node-key";

export interface PageRankOptions {
  /** Damping factor; default 0.85. */
  alpha?: number;
  /** Default 100. */
  maxIterations?: number;
  /** Convergence threshold per node; default 1e-6. */
  tolerance?: number;
  /** Weigh edges by their number of call sites; default true. */
  weighted?: boolean;
}

export interface RankedNode {
  name: string;
  score: number;
  /** 1-based position in `ranking`. */
  rank: number;
}

export interface PageRankReport {
  /** Every node's score; the scores sum to 1. */
  scores: Record<string, number>;
  /** Nodes by score desc, then id. */
  ranking: RankedNode[];
  node_count: number;
  edge_count: number;
}

/**
 * PageRank over the call graph (graphology-metrics): a symbol called by important
 * symbols is important; search prefers this graph ranking to vector similarity.
 * Callees receive rank from their callers; dangling nodes spread theirs uniformly.
 * Throws `TsiftError("internal")` if the iteration does not converge. Pure: the input
 * is not modified.
 */
export function pageRank(input: GraphInput, options: PageRankOptions = {}): PageRankReport {
  const graph = buildCallGraph(input);
  if (graph.order === 0) return { scores: {}, ranking: [], node_count: 0, edge_count: 0 };
  const maxIterations = options.maxIterations ?? 100;
  let raw: Record<string, number>;
  try {
    raw = pagerank(graph, {
      alpha: options.alpha ?? 0.85,
      maxIterations,
      tolerance: options.tolerance ?? 1e-6,
      getEdgeWeight: (options.weighted ?? true) ? "weight" : null,
    });
  } catch (error) {
    throw new TsiftError("internal", `PageRank did not converge within ${maxIterations} iterations`, {
      details: { maxIterations },
      hint: "raise maxIterations or tolerance",
      cause: error,
    });
  }
  // No prototype: node ids such as `constructor` or `__proto__` are ordinary keys here.
  const scores: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const [key, score] of Object.entries(raw)) scores[nodeId(key)] = score;
  const ranking = Object.entries(scores)
    .sort(([a, x], [b, y]) => y - x || compareCodeUnits(a, b))
    .map(([name, score], i) => ({ name, score, rank: i + 1 }));
  return { scores, ranking, node_count: graph.order, edge_count: graph.size };
}
