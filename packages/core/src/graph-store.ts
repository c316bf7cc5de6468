import type {
  GraphCounts,
  GraphEdge,
  GraphEdgeInput,
  GraphNeighborhoodOptions,
  GraphNode,
  GraphPagedSubgraph,
  GraphPathOptions,
  GraphPathResult,
  GraphProjection,
  GraphQueryOptions,
  GraphQueryPage,
  GraphTombstone,
  ProjectionRefreshReport,
  ProjectionVersion,
  ReplaceProjectionOptions,
} from "./graph-types";

export type GraphEdgeQueryOptions = GraphQueryOptions;

/**
 * The storage contract every backend implements and the conformance suite checks.
 *
 * Async because remote libSQL is; synchronous engines resolve immediately. Every list
 * is ordered by stable id (node id or edge key, code-point order) and every page is
 * bounded. Writes are transactional: a failing batch leaves the store unchanged.
 */
export interface GraphStore {
  /** Backend id used in reports and metric keys: "sqlite", "libsql", "convex-snapshot". */
  readonly backend: string;
  readonly readOnly: boolean;

  /** Inserts or replaces nodes; clears tombstones for their ids. */
  upsertNodes(nodes: readonly GraphNode[]): Promise<void>;
  /** Inserts or replaces edges; both endpoints must exist. Returns the stored edges with ids. */
  upsertEdges(edges: readonly GraphEdgeInput[]): Promise<GraphEdge[]>;
  /** Deletes nodes and their incident edges, writing tombstones. Returns nodes deleted. */
  deleteNodes(ids: readonly string[]): Promise<number>;
  /** Deletes edges by key, writing tombstones. Returns edges deleted. */
  deleteEdges(edgeIds: readonly string[]): Promise<number>;

  getNode(id: string): Promise<GraphNode | null>;
  /** Existing nodes among `ids`, ordered by id. */
  getNodes(ids: readonly string[]): Promise<GraphNode[]>;
  /** All nodes, optionally filtered by kinds and properties, paged by id. */
  scanNodes(options?: GraphQueryOptions): Promise<GraphQueryPage<GraphNode>>;
  /** Nodes of one kind, optionally property-filtered, paged by id. */
  nodesByKind(kind: string, options?: Omit<GraphQueryOptions, "kinds">): Promise<GraphQueryPage<GraphNode>>;

  getEdge(edgeId: string): Promise<GraphEdge | null>;
  /** All edges filtered by kind and edge properties, paged by edge id. */
  scanEdges(options?: GraphEdgeQueryOptions): Promise<GraphQueryPage<GraphEdge>>;
  outgoingEdges(nodeId: string, options?: GraphEdgeQueryOptions): Promise<GraphQueryPage<GraphEdge>>;
  incomingEdges(nodeId: string, options?: GraphEdgeQueryOptions): Promise<GraphQueryPage<GraphEdge>>;
  /** Outgoing and incoming edges of a node (self-loops once), paged by edge id. */
  incidentEdges(nodeId: string, options?: GraphEdgeQueryOptions): Promise<GraphQueryPage<GraphEdge>>;
  /** Every edge whose endpoints are both in `nodeIds`, ordered by edge id. */
  edgesBetweenNodes(nodeIds: readonly string[], options?: { kinds?: readonly string[] }): Promise<GraphEdge[]>;

  /** Nodes reachable within `depth` hops (start included), paged by id, plus edges among them. */
  neighborhood(nodeId: string, options?: GraphNeighborhoodOptions): Promise<GraphPagedSubgraph>;
  /** Shortest directed path over outgoing edges, bounded by `maxHops` (default 64). */
  shortestPath(fromId: string, toId: string, options?: GraphPathOptions): Promise<GraphPathResult>;

  counts(): Promise<GraphCounts>;
  /** The edge with the smallest key (optionally of given kinds): a cheap "is there data" probe. */
  sampleEdge(options?: { kinds?: readonly string[] }): Promise<GraphEdge | null>;
  tombstones(options?: { cursor?: string | null; limit?: number }): Promise<GraphQueryPage<GraphTombstone>>;

  /** Atomically replaces the whole graph with `projection`; readers see old or new. */
  replaceProjection(projection: GraphProjection, options?: ReplaceProjectionOptions): Promise<ProjectionRefreshReport>;
  projectionStatus(scope?: string): Promise<ProjectionVersion | null>;

  close(): Promise<void>;
}
