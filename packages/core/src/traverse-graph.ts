import { TsiftError } from "./errors";
import type { GraphStore } from "./graph-store";
import { resolveGraphNode, type ResolvedNode } from "./resolve-graph-node";
import { GRAPH_QUERY_LIMITS, capAtMost } from "./graph-query-caps";
import { DEFAULT_MAX_HOPS } from "./schema";
import { neighborhoodSlice, overviewSlice, pathSlice, type TraverseSlice } from "./traverse-slice";

export interface TraverseGraphOptions {
  /** Start node: an id, a `gsym-`/`gfil-` handle, a file path, a (qualified) symbol name or a route. None: the overview. */
  node?: string;
  /** With `node`: the shortest path to this node instead of a neighborhood. */
  to?: string;
  /** Neighborhood hops; default 2, at most GRAPH_QUERY_LIMITS.traverseDepth. */
  depth?: number;
  /** Most nodes in the slice; default 60, at most GRAPH_QUERY_LIMITS.traverseNodes. */
  limit?: number;
  /** Longest path searched; default DEFAULT_MAX_HOPS, at most GRAPH_QUERY_LIMITS.maxHops. */
  maxHops?: number;
}

export interface TraverseGraphResult {
  slice: TraverseSlice;
  /** How `node` resolved, or null for the overview. */
  start: ResolvedNode | null;
  /** How `to` resolved, or null. */
  end: ResolvedNode | null;
  /** The slice's warnings, plus one when `node` named several nodes. */
  warnings: string[];
}

/**
 * `tsift traverse` over any GraphStore: no node, the most import-connected files; a
 * node, its scored neighborhood; a node and `to`, the shortest path between them.
 */
export async function traverseGraph(store: GraphStore, options: TraverseGraphOptions = {}): Promise<TraverseGraphResult> {
  if (options.to && !options.node) throw new TsiftError("usage", "--to needs a start node: tsift traverse <node> --to <target>");
  const start = options.node ? await resolveGraphNode(store, options.node) : null;
  const end = options.to ? await resolveGraphNode(store, options.to) : null;
  // Only the caps that apply to the slice asked for are checked, so each warning is relevant.
  const capped = [
    capAtMost("--limit", start && end ? undefined : (options.limit ?? 60), GRAPH_QUERY_LIMITS.traverseNodes),
    capAtMost("--depth", start && !end ? (options.depth ?? 2) : undefined, GRAPH_QUERY_LIMITS.traverseDepth),
    capAtMost("--max-hops", start && end ? (options.maxHops ?? DEFAULT_MAX_HOPS) : undefined, GRAPH_QUERY_LIMITS.maxHops),
  ] as const;
  const [limit, depth, maxHops] = capped;
  const slice =
    start && end
      ? await pathSlice(store, start.node.id, end.node.id, maxHops.value!)
      : start
        ? await neighborhoodSlice(store, start.node.id, depth.value!, limit.value!)
        : await overviewSlice(store, limit.value!);
  const warnings = [...capped.flatMap((cap) => (cap.warning ? [cap.warning] : [])), ...slice.warnings];
  if (start && start.alternatives.length > 0)
    warnings.push(`"${options.node}" also names ${start.alternatives.map((a) => a.id).join(", ")}; pass an id or handle to pick one`);
  return { slice, start, end, warnings };
}
