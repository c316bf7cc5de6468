import { TsiftError } from "./errors";
import { graphDbPageReport, type GraphDbPageOptions, type GraphDbPageReport } from "./graph-db-page";
import { GRAPH_QUERY_LIMITS, allPageWarning, capAtMost, capPageLimit, checkFilterSize } from "./graph-query-caps";
import type { GraphStore } from "./graph-store";
import type { GraphDirection, GraphEdge, GraphNode, GraphPath } from "./graph-types";
import { rankNeighbors, type RankedNeighbor } from "./ranked-neighbors";

// The reads behind `tsift graph-db <node|edge|edges|incident|kind|neighborhood|path>`: each
// takes any GraphStore and returns exactly what the command prints with `--json`, so the CLI
// and a library user get the same answer from the same call.

/** `node <id>`: `node` is null when the id is not in the store (the CLI exits 3). */
export interface GraphDbNodeData {
  node: GraphNode | null;
}

/** `edge <key>`: `edge` is null when the key is not in the store (the CLI exits 3). */
export interface GraphDbEdgeData {
  edge: GraphEdge | null;
}

/** `edges` and `incident`: one page of edges in edge-key order. */
export interface GraphDbEdgesData {
  edges: GraphEdge[];
  page: GraphDbPageReport;
  /** Present when a request was capped (GRAPH_QUERY_LIMITS); the CLI prints each as a `warning:` line. */
  warnings?: string[];
}

/** `kind`: one page of nodes in id order and the edges among them. */
export interface GraphDbSubgraphData {
  nodes: GraphNode[];
  edges: GraphEdge[];
  page: GraphDbPageReport;
  /** Present when a request was capped (GRAPH_QUERY_LIMITS); the CLI prints each as a `warning:` line. */
  warnings?: string[];
}

/** `neighborhood`: a page of the walk, each node's hop depth, and a capped ranked preview. */
export interface GraphDbNeighborhoodData extends GraphDbSubgraphData {
  depths: Record<string, number>;
  ranked_neighbors: RankedNeighbor[];
}

/** `path`: the shortest directed path, or `path: null` with the hop cap that bounded the search. */
export interface GraphDbPathData {
  from: string;
  to: string;
  path: GraphPath | null;
  hops: number | null;
  max_hops: number;
  /** The CLI prints each as a `warning:` line on stderr. */
  warnings: string[];
}

/** `kind` pages nodes, so it takes no edge kinds. */
export type GraphDbKindOptions = Omit<GraphDbPageOptions, "edgeKinds">;

export interface GraphDbNeighborhoodOptions extends GraphDbPageOptions {
  /** Hops from the node; default 1, at most GRAPH_QUERY_LIMITS.depth. */
  depth?: number | undefined;
  /** Which edges to follow; default "out". */
  direction?: GraphDirection | undefined;
}

export interface GraphDbPathOptions {
  edgeKinds?: readonly string[] | undefined;
  /** Hop cap for the search; default 64, at most GRAPH_QUERY_LIMITS.maxHops. */
  maxHops?: number | undefined;
}

export async function readGraphDbNode(store: GraphStore, id: string): Promise<GraphDbNodeData> {
  return { node: await store.getNode(id) };
}

export async function readGraphDbEdge(store: GraphStore, id: string): Promise<GraphDbEdgeData> {
  return { edge: await store.getEdge(id) };
}

/** A missing node or endpoint: exit 3 in the CLI, which adds what to run next. */
export function graphNodeNotFound(id: string): TsiftError {
  return new TsiftError("not_found", `node ${id} is not in the graph`, { details: { id } });
}

/** Page options with the limit capped (and filters bounded), and the warnings to report once the page is read. */
function cappedPage<O extends GraphDbPageOptions>(
  options: O,
): { options: O; warnings: string[]; finish(page: { truncated: boolean; nextCursor: string | null }): string[] } {
  checkFilterSize("--edge-kind", options.edgeKinds?.length ?? 0);
  checkFilterSize("--property", Object.keys(options.properties ?? {}).length);
  const capped = capPageLimit(options.limit);
  const warnings = capped.warning ? [capped.warning] : [];
  return {
    options: { ...options, limit: capped.limit },
    warnings,
    finish: (page) => (capped.all && page.truncated ? [...warnings, allPageWarning(GRAPH_QUERY_LIMITS.pageLimit, page.nextCursor)] : warnings),
  };
}

/** Adds `warnings` only when there are some, so an uncapped answer keeps its shape. */
function withWarnings<D extends object>(data: D, warnings: string[]): D & { warnings?: string[] } {
  return warnings.length > 0 ? { ...data, warnings } : data;
}

const scanOptions = (options: GraphDbPageOptions) => ({
  kinds: options.edgeKinds,
  properties: options.properties,
  cursor: options.cursor ?? null,
  limit: options.limit,
});

/** `edges`: every edge filtered by kind and edge property. */
export async function readGraphDbEdges(store: GraphStore, requested: GraphDbPageOptions = {}): Promise<GraphDbEdgesData> {
  const { options, finish } = cappedPage(requested);
  const page = await store.scanEdges(scanOptions(options));
  return withWarnings({ edges: page.items, page: graphDbPageReport(requested, page, { nodes: 0, edges: page.items.length }) }, finish(page));
}

/**
 * `incident <id>`: the edges into and out of one node (a self-loop once). An id that is
 * neither a node nor the endpoint of any edge throws `not_found`.
 */
export async function readGraphDbIncident(store: GraphStore, id: string, requested: GraphDbPageOptions = {}): Promise<GraphDbEdgesData> {
  const { options, finish } = cappedPage(requested);
  const page = await store.incidentEdges(id, scanOptions(options));
  // An empty page is also what a typo gets; only then is the node looked up. Edges whose
  // endpoint row is missing (a damaged projection) stay readable.
  if (page.items.length === 0 && options.cursor == null && !(await store.getNode(id))) throw graphNodeNotFound(id);
  return withWarnings({ edges: page.items, page: graphDbPageReport(requested, page, { nodes: 0, edges: page.items.length }) }, finish(page));
}

/** `kind <kind>`: nodes of one kind, property-filtered, with the edges among the page's nodes. */
export async function readGraphDbKind(store: GraphStore, kind: string, requested: GraphDbKindOptions = {}): Promise<GraphDbSubgraphData> {
  const { options, finish } = cappedPage(requested);
  const page = await store.nodesByKind(kind, { properties: options.properties, cursor: options.cursor ?? null, limit: options.limit });
  const edges = await store.edgesBetweenNodes(page.items.map((node) => node.id));
  return withWarnings({ nodes: page.items, edges, page: graphDbPageReport(requested, page, { nodes: page.items.length, edges: edges.length }) }, finish(page));
}

/**
 * `neighborhood <id>`: nodes within `depth` hops paged by id, the edges among them, and a
 * ranked preview scored over the returned slice. A missing start node throws `not_found`.
 */
export async function readGraphDbNeighborhood(store: GraphStore, id: string, requested: GraphDbNeighborhoodOptions = {}): Promise<GraphDbNeighborhoodData> {
  const paged = cappedPage(requested);
  const options = paged.options;
  const depth = capAtMost("--depth", options.depth, GRAPH_QUERY_LIMITS.depth);
  if (!(await store.getNode(id))) throw graphNodeNotFound(id);
  const result = await store.neighborhood(id, {
    depth: depth.value,
    direction: options.direction,
    edgeKinds: options.edgeKinds,
    properties: options.properties,
    cursor: options.cursor ?? null,
    limit: options.limit,
  });
  const page = graphDbPageReport(requested, result.page, { nodes: result.nodes.length, edges: result.edges.length });
  const ranked_neighbors = rankNeighbors(id, result.nodes, result.edges, result.depths);
  const warnings = [...(depth.warning ? [depth.warning] : []), ...paged.finish(result.page)];
  return withWarnings({ nodes: result.nodes, edges: result.edges, depths: result.depths, page, ranked_neighbors }, warnings);
}

/**
 * `path <from> <to>`: the shortest directed path over outgoing edges within `maxHops`. An
 * endpoint that is not a node throws `not_found` (the first missing one is named).
 */
export async function readGraphDbPath(store: GraphStore, from: string, to: string, options: GraphDbPathOptions = {}): Promise<GraphDbPathData> {
  checkFilterSize("--edge-kind", options.edgeKinds?.length ?? 0);
  const found = new Set((await store.getNodes([from, to])).map((node) => node.id));
  for (const id of [from, to]) if (!found.has(id)) throw graphNodeNotFound(id);
  const maxHops = capAtMost("--max-hops", options.maxHops, GRAPH_QUERY_LIMITS.maxHops);
  const result = await store.shortestPath(from, to, { edgeKinds: options.edgeKinds, maxHops: maxHops.value });
  const warnings = [...(maxHops.warning ? [maxHops.warning] : []), ...result.warnings];
  return { from, to, path: result.path, hops: result.path?.hops ?? null, max_hops: result.maxHops, warnings };
}
