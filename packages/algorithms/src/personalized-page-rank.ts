import { TsiftError } from "@tsift/core";
import { buildCallGraph, type GraphInput } from "./build-call-graph";
import { compareCodeUnits } from "./internal/compare";
import { nodeId, nodeKey } from "./internal/node-key";
import type { PageRankOptions, PageRankReport } from "./page-rank";

export interface PersonalizedPageRankOptions extends PageRankOptions {
  /**
   * Restart weights by node id (need not sum to 1; unknown ids are ignored). The random
   * surfer jumps back to these nodes, so the ranking centres on them and what they reach.
   * Absent or all zero: uniform restarts, which is plain PageRank.
   */
  personalization?: Readonly<Record<string, number>>;
}

/**
 * PageRank with a restart distribution (topic-sensitive PageRank, Haveliwala 2002), by
 * power iteration over the canonical call graph. graphology-metrics' PageRank always
 * restarts uniformly, which cannot centre a ranking on a set of changed symbols; with no
 * personalization this computes the same scores as `pageRank`. Dangling nodes hand their
 * rank to the restart distribution. Deterministic: nodes are visited in id order.
 * Throws `TsiftError("internal")` if it does not converge. Pure: the input is not modified.
 */
export function personalizedPageRank(input: GraphInput, options: PersonalizedPageRankOptions = {}): PageRankReport {
  const graph = buildCallGraph(input);
  const keys = graph.nodes();
  const n = keys.length;
  if (n === 0) return { scores: {}, ranking: [], node_count: 0, edge_count: 0 };
  const alpha = options.alpha ?? 0.85;
  const maxIterations = options.maxIterations ?? 100;
  const tolerance = options.tolerance ?? 1e-6;
  const weighted = options.weighted ?? true;

  const index = new Map(keys.map((key, i) => [key, i]));
  const restart = new Float64Array(n);
  let restartTotal = 0;
  for (const [id, weight] of Object.entries(options.personalization ?? {})) {
    const i = index.get(nodeKey(id));
    if (i === undefined || !(weight > 0)) continue;
    restart[i] = weight;
    restartTotal += weight;
  }
  if (restartTotal === 0) restart.fill(1 / n);
  else for (let i = 0; i < n; i++) restart[i] = restart[i]! / restartTotal;

  // Out-edges as parallel arrays of (target, share of the source's out-weight).
  const outTargets: number[][] = [];
  const outShares: number[][] = [];
  for (const key of keys) {
    const targets: number[] = [];
    const weights: number[] = [];
    graph.forEachOutEdge(key, (_edge, attributes, _source, target) => {
      targets.push(index.get(target)!);
      weights.push(weighted ? attributes.weight : 1);
    });
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    outTargets.push(targets);
    outShares.push(weights.map((weight) => weight / total));
  }

  let rank = new Float64Array(restart);
  let converged = false;
  for (let iteration = 0; iteration < maxIterations && !converged; iteration++) {
    const next = new Float64Array(n);
    let dangling = 0;
    for (let i = 0; i < n; i++) {
      const targets = outTargets[i]!;
      if (targets.length === 0) {
        dangling += rank[i]!;
        continue;
      }
      const shares = outShares[i]!;
      for (let j = 0; j < targets.length; j++) next[targets[j]!]! += alpha * rank[i]! * shares[j]!;
    }
    const jump = 1 - alpha + alpha * dangling;
    let delta = 0;
    for (let i = 0; i < n; i++) {
      next[i]! += jump * restart[i]!;
      delta = Math.max(delta, Math.abs(next[i]! - rank[i]!));
    }
    rank = next;
    converged = delta < tolerance;
  }
  if (!converged) {
    throw new TsiftError("internal", `personalized PageRank did not converge within ${maxIterations} iterations`, {
      details: { maxIterations },
      hint: "raise maxIterations or tolerance",
    });
  }
  const scores: Record<string, number> = Object.create(null) as Record<string, number>;
  keys.forEach((key, i) => (scores[nodeId(key)] = rank[i]!));
  const ranking = Object.entries(scores)
    .sort(([a, x], [b, y]) => y - x || compareCodeUnits(a, b))
    .map(([name, score], i) => ({ name, score, rank: i + 1 }));
  return { scores, ranking, node_count: n, edge_count: graph.size };
}
