import { TsiftError } from "./errors";
import type { GraphStore } from "./graph-store";
import { resolveGraphNode, type ResolvedNode } from "./resolve-graph-node";
import { DEFAULT_MAX_HOPS } from "./schema";
import { neighborhoodSlice, overviewSlice, pathSlice, type TraverseSlice } from "./traverse-slice";

export interface TraverseGraphOptions {
  /** Start node: an id, a `gsym-`/`gfil-` handle, a file path, a (qualified) symbol name or a route. None: the overview. */
  node?: string;
  /** With `node`: the shortest path to this node instead of a neighborhood. */
  to?: string;
  /** Neighborhood hops; default 2. */
  depth?: number;
  /** Most nodes in the slice; default 60. */
  limit?: number;
  /** Longest path searched; default DEFAULT_MAX_HOPS. */
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
  const limit = options.limit ?? 60;
  const slice =
    start && end
      ? await pathSlice(store, start.node.id, end.node.id, options.maxHops ?? DEFAULT_MAX_HOPS)
      : start
        ? await neighborhoodSlice(store, start.node.id, options.depth ?? 2, limit)
        : await overviewSlice(store, limit);
  const warnings = [...slice.warnings];
  if (start && start.alternatives.length > 0)
    warnings.push(`"${options.node}" also names ${start.alternatives.map((a) => a.id).join(", ")}; pass an id or handle to pick one`);
  return { slice, start, end, warnings };
}
