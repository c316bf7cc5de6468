/**
 * Provider-neutral property-graph records. Field names are the JSON wire contract
 * (`graph-db` output, rows files), so they stay snake_case in the library too: one
 * shape from store to stdout, no mapping layer to drift.
 */

/** Where a row came from: a source system plus a reference inside it. */
export interface GraphProvenance {
  source: string;
  source_ref: string;
  content_hash?: string;
}

/** Rebuild evidence for projections: the source content hash and when it was observed. */
export interface GraphFreshness {
  content_hash?: string;
  observed_at_unix?: number;
}

export type GraphProperties = Record<string, string>;

export interface GraphNode {
  id: string;
  kind: string;
  label: string;
  properties?: GraphProperties;
  provenance?: GraphProvenance[];
  freshness?: GraphFreshness;
}

export interface GraphEdge {
  /** Stable edge key, derived from `(from_id, kind, to_id)` by `edgeKey`. */
  id: string;
  from_id: string;
  to_id: string;
  kind: string;
  properties?: GraphProperties;
  provenance?: GraphProvenance[];
  freshness?: GraphFreshness;
}

/** An edge as callers write it; the id is derived when absent. */
export type GraphEdgeInput = Omit<GraphEdge, "id"> & { id?: string };

/** All property filters must match (AND); values compare exactly. */
export type GraphPropertyFilter = Readonly<Record<string, string>>;

export interface GraphQueryOptions {
  /** Node kinds for node scans, edge kinds for edge scans. */
  kinds?: readonly string[];
  properties?: GraphPropertyFilter;
  /** Exclusive: results start strictly after this id. */
  cursor?: string | null;
  /** Page size; default 100, 0 means no cap. */
  limit?: number;
}

export interface GraphQueryPage<T> {
  items: T[];
  /** Id of the last returned item when more remain, else null. */
  nextCursor: string | null;
  truncated: boolean;
}

export interface GraphSubgraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export type GraphDirection = "out" | "in" | "both";

export interface GraphNeighborhoodOptions {
  /** Hops from the start node; default 1. */
  depth?: number;
  edgeKinds?: readonly string[];
  /** Which way edges are followed; default "out". */
  direction?: GraphDirection;
  /** Filters applied to the returned nodes (not to the walk). */
  nodeKinds?: readonly string[];
  properties?: GraphPropertyFilter;
  cursor?: string | null;
  limit?: number;
}

export interface GraphPageInfo {
  cursor: string | null;
  limit: number;
  nextCursor: string | null;
  truncated: boolean;
  /** Matching nodes before paging. */
  total: number;
}

export interface GraphPagedSubgraph extends GraphSubgraph {
  page: GraphPageInfo;
  /** Shortest hop distance from the start node for every returned node. */
  depths: Record<string, number>;
}

export interface GraphPathOptions {
  edgeKinds?: readonly string[];
  /** Hop cap; default 64. */
  maxHops?: number;
}

export interface GraphPath {
  nodes: string[];
  edges: string[];
  hops: number;
}

export interface GraphPathResult {
  path: GraphPath | null;
  maxHops: number;
  /** True when the search stopped at the hop cap with nodes still unexplored. */
  hopCapReached: boolean;
  warnings: string[];
}

export interface GraphCounts {
  nodes: number;
  edges: number;
  tombstones: { nodes: number; edges: number; total: number };
}

export interface GraphTombstone {
  row_key: string;
  row_kind: "node" | "edge";
  deleted_at_unix: number;
}

/** A complete projection: the store is replaced by exactly these rows. */
export interface GraphProjection {
  nodes: readonly GraphNode[];
  edges: readonly GraphEdgeInput[];
}

export interface ProjectionVersion {
  scope: string;
  projection_version: string;
  content_hash: string | null;
  source_watermark: string | null;
  observed_at_unix: number;
}

export interface ReplaceProjectionOptions {
  /** Projection scope key; default "root". */
  scope?: string;
  /** Default: the `projection_version` property of a `projection_meta` node, else "unversioned". */
  projectionVersion?: string;
  /** Default: `projectionContentHash` of the rows. */
  contentHash?: string;
  sourceWatermark?: string;
  /** Clock override for tombstones and version rows (tests). */
  nowUnix?: number;
}

export interface RowDelta {
  upserted: number;
  deleted: number;
  unchanged: number;
}

export interface RefreshPhaseTiming {
  name: string;
  duration_micros: number;
  detail?: string;
}

export interface ProjectionRefreshReport {
  scope: string;
  projection_version: string;
  content_hash: string;
  source_watermark: string | null;
  nodes: RowDelta;
  edges: RowDelta;
  node_properties: RowDelta;
  edge_properties: RowDelta;
  tombstones: { written: number; pruned: number; total: number };
  counts: { nodes: number; edges: number };
  phase_timings: RefreshPhaseTiming[];
}
