import { compareIds } from "./compare-ids";
import {
  CONVEX_REQUIRED_INDEXES,
  toConvexRows,
  validateConvexSnapshot,
  type ConvexEdgeRow,
  type ConvexNodeRow,
  type ConvexProjectionMetadata,
  type ConvexProjectionRows,
  type ConvexSnapshotProblem,
} from "./convex-snapshot";
import { TsiftError } from "./errors";
import type { GraphEdge, GraphNode, GraphProjection } from "./graph-types";
import { normalizeEdge, normalizeNode } from "./rows";

export const CONVEX_SYNC_CONTRACT_VERSION = "convex-sync-v1";

/**
 * Rows per mutation. The demo `upsertEdges` mutation hits the Convex isolate's carry-over
 * budget around 100 rows, so the default stays at half that.
 */
export const DEFAULT_CONVEX_SYNC_CHUNK_SIZE = 50;

/** Upserts write nodes before edges (edges reference nodes); tombstones delete edges before nodes. */
export type ConvexSyncOperation = "upsertNodes" | "upsertEdges" | "deleteEdges" | "deleteNodes";
export const CONVEX_SYNC_OPERATION_ORDER: readonly ConvexSyncOperation[] = ["upsertNodes", "upsertEdges", "deleteEdges", "deleteNodes"];

export type ConvexSyncRow = ConvexNodeRow | ConvexEdgeRow | { externalId: string } | { edgeKey: string };

export interface ConvexSyncChunk {
  /** 0-based position in the apply order. */
  index: number;
  operation: ConvexSyncOperation;
  count: number;
  first_key: string;
  last_key: string;
  rows: ConvexSyncRow[];
}

export interface ConvexRequiredIndex {
  table: "nodes" | "edges";
  name: string;
  fields: string[];
}

/** Fields of every index a Convex schema must declare (the snapshot `indexes` metadata). */
export const CONVEX_REQUIRED_INDEX_FIELDS: readonly ConvexRequiredIndex[] = [
  { table: "nodes", name: "by_external_id", fields: ["externalId"] },
  { table: "nodes", name: "by_kind", fields: ["kind"] },
  { table: "edges", name: "by_edge_key", fields: ["edgeKey"] },
  { table: "edges", name: "by_from_kind", fields: ["fromExternalId", "kind"] },
  { table: "edges", name: "by_to_kind", fields: ["toExternalId", "kind"] },
];

export interface ConvexSyncSummary {
  node_upserts: number;
  edge_upserts: number;
  node_tombstones: number;
  edge_tombstones: number;
  unchanged_nodes: number;
  unchanged_edges: number;
  chunks: number;
}

export interface ConvexSnapshotComparison {
  provided: boolean;
  /** `none`: no snapshot given (everything is an upsert); `current`: nothing to send; `stale`: rows or metadata differ. */
  status: "none" | "current" | "stale";
  /** Whether the snapshot's projection metadata names this projection's hash, version and watermark. */
  projection_metadata: "match" | "stale" | "missing" | "not_provided";
  duplicate_failures: number;
  orphan_failures: number;
  missing_required_indexes: string[];
  /** Problems found in the snapshot (capped), most specific first. */
  problems: ConvexSnapshotProblem[];
}

export interface ConvexSyncPlan {
  contract_version: typeof CONVEX_SYNC_CONTRACT_VERSION;
  chunk_size: number;
  projection: ConvexProjectionMetadata;
  snapshot: ConvexSnapshotComparison;
  summary: ConvexSyncSummary;
  required_indexes: ConvexRequiredIndex[];
  chunks: ConvexSyncChunk[];
  retry: { idempotent_by: string[]; order: ConvexSyncOperation[]; max_attempts: number; on_partial_failure: string };
}

export interface PlanConvexSyncOptions {
  /** The remote snapshot (`{projection?, indexes, nodes, edges}`), unvalidated; absent: upsert everything. */
  snapshot?: unknown;
  chunkSize?: number;
  /** Local projection metadata sent with the plan and compared with the snapshot's. */
  projection?: ConvexProjectionMetadata;
}

/** Attempts per chunk before `--apply` stops; chunks are idempotent, so a rerun resumes safely. */
export const CONVEX_SYNC_MAX_ATTEMPTS = 3;

const nodeJson = (node: GraphNode) => JSON.stringify(node);
const edgeJson = (edge: GraphEdge) => JSON.stringify(edge);

function chunkRows(operation: ConvexSyncOperation, rows: ConvexSyncRow[], keys: string[], size: number, into: ConvexSyncChunk[]): void {
  for (let start = 0; start < rows.length; start += size) {
    const slice = rows.slice(start, start + size);
    into.push({ index: into.length, operation, count: slice.length, first_key: keys[start]!, last_key: keys[start + slice.length - 1]!, rows: slice });
  }
}

function metadataStatus(
  local: ConvexProjectionMetadata | undefined,
  remote: ConvexProjectionMetadata | undefined,
): ConvexSnapshotComparison["projection_metadata"] {
  if (!remote || !remote.projectionHash) return "missing";
  if (!local) return "match";
  const same = (a: unknown, b: unknown) => a === undefined || b === undefined || a === b;
  return remote.projectionHash === local.projectionHash &&
    same(remote.projectionVersion, local.projectionVersion) &&
    same(remote.sourceWatermark, local.sourceWatermark)
    ? "match"
    : "stale";
}

/**
 * The concrete, idempotent Convex sync plan for a local projection: node upserts, then
 * edge upserts, then edge tombstones, then node tombstones, each sorted by key and cut
 * into chunks of `chunkSize`. Against a snapshot, rows the remote already holds
 * byte-for-byte are left out and remote rows the projection no longer has become
 * tombstones; a snapshot with duplicate or dangling rows still gets a plan (upserts
 * by key repair it) and reports the failures.
 */
export function planConvexSync(local: GraphProjection, options: PlanConvexSyncOptions = {}): ConvexSyncPlan {
  const chunkSize = options.chunkSize ?? DEFAULT_CONVEX_SYNC_CHUNK_SIZE;
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new TsiftError("invalid_input", `chunk size must be a whole number >= 1, got ${chunkSize}`);
  const nodes = local.nodes.map(normalizeNode).sort((a, b) => compareIds(a.id, b.id));
  const edges = local.edges.map(normalizeEdge).sort((a, b) => compareIds(a.id, b.id));

  const remoteNodes = new Map<string, string>();
  const remoteEdges = new Map<string, string>();
  const comparison: ConvexSnapshotComparison = {
    provided: options.snapshot !== undefined,
    status: "none",
    projection_metadata: "not_provided",
    duplicate_failures: 0,
    orphan_failures: 0,
    missing_required_indexes: [],
    problems: [],
  };
  if (options.snapshot !== undefined) {
    const validation = validateConvexSnapshot(options.snapshot);
    for (const node of validation.nodes) remoteNodes.set(node.id, nodeJson(node));
    for (const edge of validation.edges) remoteEdges.set(edge.id, edgeJson(edge));
    // Dangling remote edges are dropped by validation; they must still be deleted remotely.
    const raw = options.snapshot as Partial<ConvexProjectionRows>;
    for (const row of Array.isArray(raw?.edges) ? raw.edges : []) {
      if (typeof row?.edgeKey === "string" && !remoteEdges.has(row.edgeKey)) remoteEdges.set(row.edgeKey, "");
    }
    comparison.problems = validation.problems;
    comparison.duplicate_failures = validation.problems.filter((p) => p.kind === "duplicate_node" || p.kind === "duplicate_edge").length;
    comparison.orphan_failures = validation.problems.filter((p) => p.kind === "missing_from_node" || p.kind === "missing_to_node").length;
    const declared = new Set(
      (Array.isArray(raw?.indexes) ? raw.indexes : []).map((entry) => (typeof entry === "string" ? entry : `${entry?.table}.${entry?.name}`)),
    );
    comparison.missing_required_indexes = CONVEX_REQUIRED_INDEXES.filter((name) => !declared.has(name));
    comparison.projection_metadata = metadataStatus(options.projection, raw?.projection);
  }

  const upsertNodes = nodes.filter((node) => remoteNodes.get(node.id) !== nodeJson(node));
  const upsertEdges = edges.filter((edge) => remoteEdges.get(edge.id) !== edgeJson(edge));
  const localNodeIds = new Set(nodes.map((node) => node.id));
  const localEdgeIds = new Set(edges.map((edge) => edge.id));
  const deleteEdges = [...remoteEdges.keys()].filter((key) => !localEdgeIds.has(key)).sort(compareIds);
  const deleteNodes = [...remoteNodes.keys()].filter((id) => !localNodeIds.has(id)).sort(compareIds);

  const converted = toConvexRows({ nodes: upsertNodes, edges: upsertEdges });
  const chunks: ConvexSyncChunk[] = [];
  chunkRows(
    "upsertNodes",
    converted.nodes,
    upsertNodes.map((node) => node.id),
    chunkSize,
    chunks,
  );
  chunkRows(
    "upsertEdges",
    converted.edges,
    upsertEdges.map((edge) => edge.id),
    chunkSize,
    chunks,
  );
  chunkRows(
    "deleteEdges",
    deleteEdges.map((edgeKey) => ({ edgeKey })),
    deleteEdges,
    chunkSize,
    chunks,
  );
  chunkRows(
    "deleteNodes",
    deleteNodes.map((externalId) => ({ externalId })),
    deleteNodes,
    chunkSize,
    chunks,
  );

  const summary: ConvexSyncSummary = {
    node_upserts: upsertNodes.length,
    edge_upserts: upsertEdges.length,
    node_tombstones: deleteNodes.length,
    edge_tombstones: deleteEdges.length,
    unchanged_nodes: nodes.length - upsertNodes.length,
    unchanged_edges: edges.length - upsertEdges.length,
    chunks: chunks.length,
  };
  if (comparison.provided) {
    const clean = chunks.length === 0 && comparison.projection_metadata === "match" && comparison.problems.length === 0;
    comparison.status = clean ? "current" : "stale";
  }
  return {
    contract_version: CONVEX_SYNC_CONTRACT_VERSION,
    chunk_size: chunkSize,
    projection: options.projection ?? {},
    snapshot: comparison,
    summary,
    required_indexes: CONVEX_REQUIRED_INDEX_FIELDS.map((index) => ({ ...index, fields: [...index.fields] })),
    chunks,
    retry: {
      idempotent_by: ["nodes.externalId", "edges.edgeKey"],
      order: [...CONVEX_SYNC_OPERATION_ORDER],
      max_attempts: CONVEX_SYNC_MAX_ATTEMPTS,
      on_partial_failure:
        "chunks apply in order and are idempotent: rerun the same command to resume; applied chunks are skipped by the snapshot diff or rewritten unchanged",
    },
  };
}

export interface ConvexDriftReport {
  /** `current`: the snapshot equals the local projection; `drift`: it trails it; `fail_closed`: it cannot be trusted at all. */
  status: "current" | "drift" | "fail_closed";
  graph_reads_allowed: boolean;
  summary: {
    node_upserts: number;
    edge_upserts: number;
    node_tombstones: number;
    edge_tombstones: number;
    stale_projection_metadata: boolean;
    duplicate_failures: number;
    orphan_failures: number;
    missing_required_indexes: string[];
  };
  problems: ConvexSnapshotProblem[];
}

/**
 * How far a Convex snapshot trails the local projection. Duplicates, dangling edges and
 * missing index metadata fail closed (derived reads would be wrong); row or metadata
 * differences are drift that `convex-sync --apply` repairs. Reads are allowed only when
 * the snapshot is current.
 */
export function convexDrift(local: GraphProjection, snapshot: unknown, projection?: ConvexProjectionMetadata): ConvexDriftReport {
  const plan = planConvexSync(local, { snapshot, ...(projection ? { projection } : {}) });
  const snap = plan.snapshot;
  const malformed = snap.problems.some((problem) => problem.kind === "malformed" || problem.kind === "edge_key_mismatch");
  const failClosed = snap.duplicate_failures > 0 || snap.orphan_failures > 0 || snap.missing_required_indexes.length > 0 || malformed;
  const status = failClosed ? "fail_closed" : snap.status === "current" ? "current" : "drift";
  return {
    status,
    graph_reads_allowed: status === "current",
    summary: {
      node_upserts: plan.summary.node_upserts,
      edge_upserts: plan.summary.edge_upserts,
      node_tombstones: plan.summary.node_tombstones,
      edge_tombstones: plan.summary.edge_tombstones,
      stale_projection_metadata: snap.projection_metadata !== "match",
      duplicate_failures: snap.duplicate_failures,
      orphan_failures: snap.orphan_failures,
      missing_required_indexes: snap.missing_required_indexes,
    },
    problems: snap.problems.slice(0, 20),
  };
}
