import { graphDbPageReport, type GraphDbPageOptions, type GraphDbPageReport } from "./graph-db-page";
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
}

/** `kind`: one page of nodes in id order and the edges among them. */
export interface GraphDbSubgraphData {
  nodes: GraphNode[];
  edges: GraphEdge[];
  page: GraphDbPageReport;
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
  /** Hops from the node; default 1. */
  depth?: number | undefined;
  /** Which edges to follow; default "out". */
  direction?: GraphDirection | undefined;
}

export interface GraphDbPathOptions {
  edgeKinds?: readonly string[] | undefined;
  /** Hop cap for the search; default 64. */
  maxHops?: number | undefined;
}

export async function readGraphDbNode(store: GraphStore, id: string): Promise<GraphDbNodeData> {
  return { node: await store.getNode(id) };
}

export async function readGraphDbEdge(store: GraphStore, id: string): Promise<GraphDbEdgeData> {
  return { edge: await store.getEdge(id) };
}

const scanOptions = (options: GraphDbPageOptions) => ({
  kinds: options.edgeKinds,
  properties: options.properties,
  cursor: options.cursor ?? null,
  limit: options.limit,
});

/** `edges`: every edge filtered by kind and edge property. */
export async function readGraphDbEdges(store: GraphStore, options: GraphDbPageOptions = {}): Promise<GraphDbEdgesData> {
  const page = await store.scanEdges(scanOptions(options));
  return { edges: page.items, page: graphDbPageReport(options, page, { nodes: 0, edges: page.items.length }) };
}

/** `incident <id>`: the edges into and out of one node (a self-loop once). */
export async function readGraphDbIncident(store: GraphStore, id: string, options: GraphDbPageOptions = {}): Promise<GraphDbEdgesData> {
  const page = await store.incidentEdges(id, scanOptions(options));
  return { edges: page.items, page: graphDbPageReport(options, page, { nodes: 0, edges: page.items.length }) };
}

/** `kind <kind>`: nodes of one kind, property-filtered, with the edges among the page's nodes. */
export async function readGraphDbKind(store: GraphStore, kind: string, options: GraphDbKindOptions = {}): Promise<GraphDbSubgraphData> {
  const page = await store.nodesByKind(kind, { properties: options.properties, cursor: options.cursor ?? null, limit: options.limit });
  const edges = await store.edgesBetweenNodes(page.items.map((node) => node.id));
  return { nodes: page.items, edges, page: graphDbPageReport(options, page, { nodes: page.items.length, edges: edges.length }) };
}

/**
 * `neighborhood <id>`: nodes within `depth` hops paged by id, the edges among them, and a
 * ranked preview scored over the returned slice. A missing start node throws `not_found`.
 */
export async function readGraphDbNeighborhood(store: GraphStore, id: string, options: GraphDbNeighborhoodOptions = {}): Promise<GraphDbNeighborhoodData> {
  const result = await store.neighborhood(id, {
    depth: options.depth,
    direction: options.direction,
    edgeKinds: options.edgeKinds,
    properties: options.properties,
    cursor: options.cursor ?? null,
    limit: options.limit,
  });
  const page = graphDbPageReport(options, result.page, { nodes: result.nodes.length, edges: result.edges.length });
  const ranked_neighbors = rankNeighbors(id, result.nodes, result.edges, result.depths);
  return { nodes: result.nodes, edges: result.edges, depths: result.depths, page, ranked_neighbors };
}

/** `path <from> <to>`: the shortest directed path over outgoing edges within `maxHops`. */
export async function readGraphDbPath(store: GraphStore, from: string, to: string, options: GraphDbPathOptions = {}): Promise<GraphDbPathData> {
  const result = await store.shortestPath(from, to, { edgeKinds: options.edgeKinds, maxHops: options.maxHops });
  return { from, to, path: result.path, hops: result.path?.hops ?? null, max_hops: result.maxHops, warnings: result.warnings };
}
