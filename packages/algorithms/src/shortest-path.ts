import type { AbstractGraph } from "graphology-types";
import { bidirectional } from "graphology-shortest-path/unweighted.js";
import isGraph from "graphology-utils/is-graph.js";
import { DEFAULT_MAX_HOPS, resolveMaxHops } from "@tsift/core";
import { buildCallGraph, type GraphInput } from "./build-call-graph";
import { nodeId, nodeKey } from "./internal/node-key";
import { undirectedView } from "./internal/undirected-view";

export interface ShortestPathOptions {
  /** Follow calls in both directions (what `tsift path --undirected` asks); default false: caller → callee only, as `tsift path`. */
  undirected?: boolean;
  /** Longest path accepted, in hops; default 64 (DEFAULT_MAX_HOPS). `Infinity` for no cap. */
  maxHops?: number;
}

export interface ShortestPathResult {
  /** Node ids from `from` to `to`, or null when there is no path within the cap. */
  path: string[] | null;
  hops: number | null;
  /** A path exists but is longer than `maxHops`. */
  exceeded_max_hops: boolean;
}

/**
 * Shortest path by breadth-first search from both ends (graphology-shortest-path's
 * `bidirectional`), directed by default, undirected on request. An edge list is
 * built sorted (`buildCallGraph`), so ties go to the neighbour first in id order; a
 * graphology graph is searched as given, without a copy (an undirected one needs no
 * view), and its insertion order breaks ties. `from` equal to `to` is a zero-hop path
 * even when the node is absent; an unknown endpoint is no path. Pure: the input is not
 * modified.
 */
export function shortestPath(input: GraphInput, from: string, to: string, options: ShortestPathOptions = {}): ShortestPathResult {
  const maxHops = options.maxHops === Infinity ? Infinity : resolveMaxHops(options.maxHops ?? DEFAULT_MAX_HOPS);
  if (from === to) return { path: [from], hops: 0, exceeded_max_hops: false };
  const foreign = isGraph(input);
  const graph: AbstractGraph = foreign ? (input as AbstractGraph) : buildCallGraph(input);
  const source = foreign ? from : nodeKey(from);
  const target = foreign ? to : nodeKey(to);
  if (!graph.hasNode(source) || !graph.hasNode(target)) return { path: null, hops: null, exceeded_max_hops: false };
  const searched = options.undirected && graph.type !== "undirected" ? undirectedView(graph) : graph;
  const found = bidirectional(searched, source, target);
  const path = found === null ? null : foreign ? found : found.map(nodeId);
  if (path === null) return { path: null, hops: null, exceeded_max_hops: false };
  const hops = path.length - 1;
  if (hops > maxHops) return { path: null, hops: null, exceeded_max_hops: true };
  return { path, hops, exceeded_max_hops: false };
}
