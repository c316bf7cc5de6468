import { compareIds } from "./compare-ids";
import type { GraphStore } from "./graph-store";
import type { GraphEdge, GraphNode } from "./graph-types";

export type TraverseMode = "overview" | "neighborhood" | "path";

export interface SliceNode extends GraphNode {
  /** Hops from the start (neighborhood) or position on the path. */
  depth?: number;
}

export interface Recommendation {
  id: string;
  kind: string;
  label: string;
  handle?: string;
  /**
   * Why this node is worth visiting next: its relation to the start (`callee`, `caller`,
   * `handler`, …) at depth 1, to the node it was reached through at depth 2 and more
   * (`caller of isFunction`: it calls `isFunction`, a neighbour of the start), or `next hop`.
   */
  reason: string;
  score: number;
  /** Hops from the start (neighborhood, overview: 0 for a file's own entry) or position on the path. */
  depth: number;
  /** The node it was reached through (its `reason` is relative to that one); null at depth 1 and on paths. */
  via: string | null;
}

export interface TraverseSlice {
  mode: TraverseMode;
  nodes: SliceNode[];
  edges: GraphEdge[];
  path: { nodes: string[]; edges: string[]; hops: number; direction: "forward" | "reverse" } | null;
  /** The best `RECOMMENDATIONS_CAP` (8) of `recommendations_total`; `recommendations_truncated` when some were left off. */
  recommendations: Recommendation[];
  recommendations_total: number;
  recommendations_truncated: boolean;
  truncated: boolean;
  warnings: string[];
}

/** Edge kinds in the order a capped walk takes them: what runs before what declares. */
const KIND_ORDER = ["calls", "handled_by", "defines_route", "contains", "imports", "defines"] as const;
const KIND_WEIGHT: Readonly<Record<string, number>> = { calls: 1, handled_by: 0.95, defines_route: 0.85, contains: 0.7, imports: 0.6, defines: 0.5 };
const OTHER_WEIGHT = 0.4;
/** Files importing the current file: many, and rarely what a symbol's neighborhood is about. */
const IMPORTED_BY_WEIGHT = 0.35;
/** Incident edges read per node and kind: bounds a hub's cost, never its correctness. */
const PER_KIND_CAP = 50;
export const RECOMMENDATIONS_CAP = 8;

function reason(edge: GraphEdge, from: string): string {
  const outgoing = edge.from_id === from;
  switch (edge.kind) {
    case "calls":
      return outgoing ? "callee" : "caller";
    case "handled_by":
      return outgoing ? "handler" : "route";
    case "defines_route":
      return outgoing ? "route" : "defining file";
    case "contains":
      return outgoing ? "member" : "container";
    case "imports":
      return outgoing ? "imports" : "imported by";
    case "defines":
      return outgoing ? "defined symbol" : "defining file";
    default:
      return `${edge.kind}${outgoing ? "" : " (incoming)"}`;
  }
}

const sortNodes = (nodes: SliceNode[]) => nodes.sort((a, b) => compareIds(a.id, b.id));

function recommendation(node: GraphNode, why: string, score: number, depth: number, via: string | null): Recommendation {
  const entry: Recommendation = { id: node.id, kind: node.kind, label: node.label, reason: why, score: Math.round(score * 1e4) / 1e4, depth, via };
  if (node.properties?.handle) entry.handle = node.properties.handle;
  return entry;
}

/** What a neighborhood walk knows of a node: its best score (the walk's order) and the shallowest relation that reached it. */
interface Reached {
  depth: number;
  score: number;
  reason: string;
  via: string | null;
}

/**
 * A capped neighborhood that scores edges before queueing neighbors: callers, callees and route handlers are taken ahead of the
 * lexicographically first of a file's thousand `defines`, best score first, until
 * `limit` nodes are in. Each node's incident edges are read per kind, capped. A node's
 * `depth`, `reason` and `via` are its shallowest relation found (the best-scored one at that
 * depth), so a node met both beside the start and two hops out is labelled by the former.
 */
export async function neighborhoodSlice(store: GraphStore, startId: string, depth: number, limit: number): Promise<TraverseSlice> {
  const selected = new Map<string, Reached>([[startId, { depth: 0, score: 1, reason: "start", via: null }]]);
  const candidates = new Map<string, Reached>();
  let truncated = false;
  const expand = async (id: string, at: number) => {
    const seen = new Set<string>();
    const consider = (edge: GraphEdge) => {
      if (seen.has(edge.id)) return;
      seen.add(edge.id);
      const other = edge.from_id === id ? edge.to_id : edge.from_id;
      if (selected.has(other)) return;
      const weight = edge.kind === "imports" && edge.to_id === id ? IMPORTED_BY_WEIGHT : (KIND_WEIGHT[edge.kind] ?? OTHER_WEIGHT);
      const score = weight / (at + 1);
      const found: Reached = { depth: at + 1, score, reason: reason(edge, id), via: at === 0 ? null : id };
      const current = candidates.get(other);
      if (!current || found.depth < current.depth || (found.depth === current.depth && score > current.score))
        candidates.set(other, { ...found, score: Math.max(score, current?.score ?? 0) });
      else if (score > current.score) current.score = score;
    };
    for (const kind of KIND_ORDER) {
      const page = await store.incidentEdges(id, { kinds: [kind], limit: PER_KIND_CAP });
      truncated ||= page.truncated;
      page.items.forEach(consider);
    }
    // Kinds this walk does not rank (other adapters' rows) still count, at the lowest weight.
    const rest = await store.incidentEdges(id, { limit: PER_KIND_CAP });
    rest.items.forEach(consider);
  };
  await expand(startId, 0);
  while (selected.size < limit && candidates.size > 0) {
    let best: string | undefined;
    for (const [id, candidate] of candidates) {
      const top = best === undefined ? undefined : candidates.get(best)!;
      if (!top || candidate.score > top.score || (candidate.score === top.score && compareIds(id, best!) < 0)) best = id;
    }
    const chosen = candidates.get(best!)!;
    candidates.delete(best!);
    selected.set(best!, chosen);
    if (chosen.depth < depth) await expand(best!, chosen.depth);
  }
  truncated ||= candidates.size > 0;
  const found = await store.getNodes([...selected.keys()]);
  const nodes = sortNodes(found.map((node) => ({ ...node, depth: selected.get(node.id)!.depth })));
  const edges = await store.edgesBetweenNodes(nodes.map((node) => node.id));
  const byId = new Map(found.map((node) => [node.id, node]));
  const ranked = [...selected.entries()].filter(([id]) => id !== startId).sort(([a, x], [b, y]) => y.score - x.score || compareIds(a, b));
  const recommendations = ranked.slice(0, RECOMMENDATIONS_CAP).map(([id, entry]) => {
    const why = entry.via === null ? entry.reason : `${entry.reason} of ${byId.get(entry.via)?.label ?? entry.via}`;
    return recommendation(byId.get(id)!, why, entry.score, entry.depth, entry.via);
  });
  return { mode: "neighborhood", nodes, edges, path: null, ...capped(recommendations, ranked.length), truncated, warnings: [] };
}

/** The recommendations with their total, so a capped list says how many were left off. */
function capped(
  recommendations: Recommendation[],
  total: number,
): Pick<TraverseSlice, "recommendations" | "recommendations_total" | "recommendations_truncated"> {
  return { recommendations, recommendations_total: total, recommendations_truncated: total > recommendations.length };
}

/**
 * The shortest path between two nodes over outgoing edges; when there is none that way,
 * the reverse one (a caller asking how it is reached), flagged as such.
 */
export async function pathSlice(store: GraphStore, fromId: string, toId: string, maxHops: number): Promise<TraverseSlice> {
  let result = await store.shortestPath(fromId, toId, { maxHops });
  let direction: "forward" | "reverse" = "forward";
  const warnings = [...result.warnings];
  if (!result.path) {
    const reverse = await store.shortestPath(toId, fromId, { maxHops });
    if (reverse.path) {
      result = reverse;
      direction = "reverse";
      warnings.push(`no path from ${fromId} to ${toId}; showing the path from ${toId} to ${fromId}`);
    } else warnings.push(...reverse.warnings.filter((warning) => !warnings.includes(warning)));
  }
  if (!result.path) return { mode: "path", nodes: [], edges: [], path: null, ...capped([], 0), truncated: result.hopCapReached, warnings };
  const order = new Map(result.path.nodes.map((id, i) => [id, i]));
  const found = await store.getNodes(result.path.nodes);
  const nodes = sortNodes(found.map((node) => ({ ...node, depth: order.get(node.id)! })));
  const edges = (await store.edgesBetweenNodes(result.path.nodes)).filter((edge) => result.path!.edges.includes(edge.id));
  const byId = new Map(found.map((node) => [node.id, node]));
  const recommendations = result.path.nodes
    .slice(1, RECOMMENDATIONS_CAP + 1)
    .map((id, i) => recommendation(byId.get(id)!, i === 0 ? "next hop" : `hop ${i + 1}`, 1 / (i + 1), i + 1, null));
  return {
    mode: "path",
    nodes,
    edges,
    path: { ...result.path, direction },
    ...capped(recommendations, result.path.nodes.length - 1),
    truncated: false,
    warnings,
  };
}

/**
 * The project at a glance: the files most connected by imports (in- plus out-degree),
 * with the import edges among them. Reads only `imports` edges, so it stays cheap on
 * graphs with millions of symbol rows.
 */
export async function overviewSlice(store: GraphStore, limit: number): Promise<TraverseSlice> {
  const degree = new Map<string, number>();
  for (let cursor: string | null = null; ;) {
    const page = await store.scanEdges({ kinds: ["imports"], cursor, limit: 5000 });
    for (const edge of page.items) {
      degree.set(edge.from_id, (degree.get(edge.from_id) ?? 0) + 1);
      degree.set(edge.to_id, (degree.get(edge.to_id) ?? 0) + 1);
    }
    if (!page.truncated) break;
    cursor = page.nextCursor;
  }
  let ids = [...degree.entries()].sort(([a, x], [b, y]) => y - x || compareIds(a, b)).map(([id]) => id);
  if (ids.length === 0) ids = (await store.nodesByKind("file", { limit })).items.map((node) => node.id);
  const truncated = ids.length > limit;
  const chosen = ids.slice(0, limit);
  const found = await store.getNodes(chosen);
  const edges = await store.edgesBetweenNodes(chosen);
  const listed = chosen.flatMap((id) => (found.some((n) => n.id === id) ? [id] : []));
  const recommendations = listed.slice(0, RECOMMENDATIONS_CAP).map((id) => {
    const node = found.find((n) => n.id === id)!;
    return recommendation(node, `${degree.get(id) ?? 0} import link(s)`, degree.get(id) ?? 0, 0, null);
  });
  return { mode: "overview", nodes: sortNodes(found), edges, path: null, ...capped(recommendations, listed.length), truncated, warnings: [] };
}
