import { compareIds } from "./compare-ids";
import { TsiftError } from "./errors";
import type { GraphEdge, GraphPathOptions, GraphPathResult } from "./graph-types";
import { DEFAULT_MAX_HOPS } from "./schema";

/** Returns outgoing edges (of the requested kinds) of every node in a frontier. */
export type FrontierExpander = (frontier: readonly string[]) => Promise<readonly GraphEdge[]>;

export function resolveMaxHops(maxHops: number | undefined): number {
  if (maxHops === undefined) return DEFAULT_MAX_HOPS;
  if (!Number.isInteger(maxHops) || maxHops < 0) {
    throw new TsiftError("invalid_input", `maxHops must be a whole number >= 0 (got ${maxHops})`);
  }
  return maxHops;
}

export function hopCapWarning(toId: string, maxHops: number): string {
  return `no path to ${toId} within --max-hops ${maxHops}: the search stopped at the hop cap with nodes left to explore; rerun with --max-hops ${Math.max(1, maxHops) * 2} to search deeper`;
}

/**
 * Breadth-first shortest directed path, one frontier level per `expand` call so a
 * backend can answer each level with one batched query. Deterministic: a node's parent
 * is the smallest-id frontier node with an edge to it, via the smallest edge key, so
 * every backend returns the same path when several shortest paths exist.
 */
export async function shortestPathUsingOutgoing(fromId: string, toId: string, options: GraphPathOptions, expand: FrontierExpander): Promise<GraphPathResult> {
  const maxHops = resolveMaxHops(options.maxHops);
  if (fromId === toId) return { path: { nodes: [fromId], edges: [], hops: 0 }, maxHops, hopCapReached: false, warnings: [] };

  const parents = new Map<string, { parent: string; edge: string } | null>([[fromId, null]]);
  let frontier: string[] = [fromId];
  const discoverNext = (edges: readonly GraphEdge[]): string[] => {
    const ordered = [...edges].sort((a, b) => compareIds(a.from_id, b.from_id) || compareIds(a.id, b.id));
    const next: string[] = [];
    for (const edge of ordered) {
      if (parents.has(edge.to_id)) continue;
      parents.set(edge.to_id, { parent: edge.from_id, edge: edge.id });
      next.push(edge.to_id);
    }
    return next.sort(compareIds);
  };

  for (let hop = 1; hop <= maxHops; hop++) {
    frontier = discoverNext(await expand(frontier));
    if (parents.has(toId)) {
      const nodes: string[] = [toId];
      const edges: string[] = [];
      for (let step = parents.get(toId); step; step = parents.get(step.parent)) {
        nodes.push(step.parent);
        edges.push(step.edge);
      }
      nodes.reverse();
      edges.reverse();
      return { path: { nodes, edges, hops: edges.length }, maxHops, hopCapReached: false, warnings: [] };
    }
    if (frontier.length === 0) return { path: null, maxHops, hopCapReached: false, warnings: [] };
  }

  // Out of hops: the cap only mattered if the last frontier still leads somewhere new.
  const beyond = await expand(frontier);
  const hopCapReached = beyond.some((edge) => !parents.has(edge.to_id));
  return { path: null, maxHops, hopCapReached, warnings: hopCapReached ? [hopCapWarning(toId, maxHops)] : [] };
}
