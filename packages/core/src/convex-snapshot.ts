import { readFile } from "node:fs/promises";
import { edgeKey } from "./edge-key";
import { TsiftError } from "./errors";
import type { GraphEdge, GraphFreshness, GraphNode, GraphProjection, GraphProperties, GraphProvenance } from "./graph-types";
import { normalizeEdge, normalizeNode } from "./rows";

/** A row of the Convex `nodes` table. */
export interface ConvexNodeRow {
  externalId: string;
  kind: string;
  label: string;
  properties?: GraphProperties;
  provenance?: GraphProvenance[];
  freshness?: GraphFreshness;
}

/** A row of the Convex `edges` table; `edgeKey` is `edgeKey(from, kind, to)`. */
export interface ConvexEdgeRow {
  edgeKey: string;
  fromExternalId: string;
  toExternalId: string;
  kind: string;
  properties?: GraphProperties;
  provenance?: GraphProvenance[];
  freshness?: GraphFreshness;
}

export interface ConvexIndexMetadata {
  table: "nodes" | "edges";
  name: string;
  fields?: string[];
}

export interface ConvexProjectionMetadata {
  /** Projection scope the snapshot holds; default "root". */
  scope?: string;
  projectionMetaId?: string;
  projectionVersion?: string;
  projectionHash?: string;
  sourceWatermark?: string;
  observedAtUnix?: number;
}

/** The snapshot a Convex deployment exports: both tables plus their index metadata. */
export interface ConvexProjectionRows {
  projection?: ConvexProjectionMetadata;
  indexes: Array<ConvexIndexMetadata | string>;
  nodes: ConvexNodeRow[];
  edges: ConvexEdgeRow[];
}

/** Indexes a Convex schema must declare so reads and idempotent upserts stay indexed. */
export const CONVEX_REQUIRED_INDEXES: readonly string[] = [
  "nodes.by_external_id",
  "nodes.by_kind",
  "edges.by_edge_key",
  "edges.by_from_kind",
  "edges.by_to_kind",
];

export type ConvexSnapshotProblemKind =
  "malformed" | "missing_index" | "duplicate_node" | "duplicate_edge" | "missing_from_node" | "missing_to_node" | "edge_key_mismatch";

export interface ConvexSnapshotProblem {
  kind: ConvexSnapshotProblemKind;
  message: string;
  row?: string;
}

export interface ConvexSnapshotValidation {
  ok: boolean;
  problems: ConvexSnapshotProblem[];
  nodes: GraphNode[];
  edges: GraphEdge[];
}

const MAX_REPORTED_PROBLEMS = 50;

function indexName(entry: ConvexIndexMetadata | string): string {
  return typeof entry === "string" ? entry : `${entry?.table}.${entry?.name}`;
}

/**
 * Checks a snapshot without trusting it: required index metadata, unique ids, edge keys
 * that match their endpoints, and endpoints that exist. Never throws; `problems` says
 * what is wrong (capped at 50, most specific first).
 */
export function validateConvexSnapshot(raw: unknown): ConvexSnapshotValidation {
  const problems: ConvexSnapshotProblem[] = [];
  const report = (problem: ConvexSnapshotProblem) => {
    if (problems.length < MAX_REPORTED_PROBLEMS) problems.push(problem);
  };
  const rows = raw as Partial<ConvexProjectionRows> | null;
  if (!rows || typeof rows !== "object" || !Array.isArray(rows.nodes) || !Array.isArray(rows.edges)) {
    report({ kind: "malformed", message: "snapshot must be an object with `nodes` and `edges` arrays" });
    return { ok: false, problems, nodes: [], edges: [] };
  }
  if (!Array.isArray(rows.indexes)) {
    report({ kind: "missing_index", message: `missing required index metadata: ${CONVEX_REQUIRED_INDEXES.join(", ")}` });
  } else {
    const declared = new Set(rows.indexes.map(indexName));
    const missing = CONVEX_REQUIRED_INDEXES.filter((name) => !declared.has(name));
    if (missing.length > 0) report({ kind: "missing_index", message: `missing required index metadata: ${missing.join(", ")}` });
  }

  const nodes: GraphNode[] = [];
  const nodeIds = new Set<string>();
  for (const row of rows.nodes) {
    try {
      const node = normalizeNode({
        id: row?.externalId,
        kind: row?.kind,
        label: row?.label,
        properties: row?.properties,
        provenance: row?.provenance,
        freshness: row?.freshness,
      } as GraphNode);
      if (nodeIds.has(node.id)) {
        report({ kind: "duplicate_node", message: `duplicate node externalId ${node.id}`, row: node.id });
        continue;
      }
      nodeIds.add(node.id);
      nodes.push(node);
    } catch (error) {
      report({ kind: "malformed", message: `node row rejected: ${(error as Error).message}` });
    }
  }

  const edges: GraphEdge[] = [];
  const edgeKeys = new Set<string>();
  for (const row of rows.edges) {
    const key = row?.edgeKey;
    if (typeof key !== "string" || key.length === 0) {
      report({ kind: "malformed", message: "edge row without edgeKey" });
      continue;
    }
    if (edgeKeys.has(key)) {
      report({ kind: "duplicate_edge", message: `duplicate edge edgeKey ${key}`, row: key });
      continue;
    }
    edgeKeys.add(key);
    if (typeof row.fromExternalId !== "string" || typeof row.toExternalId !== "string" || typeof row.kind !== "string") {
      report({ kind: "malformed", message: `edge ${key} needs fromExternalId, toExternalId and kind`, row: key });
      continue;
    }
    if (edgeKey(row.fromExternalId, row.kind, row.toExternalId) !== key) {
      report({ kind: "edge_key_mismatch", message: `edge ${key} does not match edgeKey(${row.fromExternalId}, ${row.kind}, ${row.toExternalId})`, row: key });
      continue;
    }
    let broken = false;
    if (!nodeIds.has(row.fromExternalId)) {
      report({ kind: "missing_from_node", message: `edge ${key} references missing from node ${row.fromExternalId}`, row: key });
      broken = true;
    }
    if (!nodeIds.has(row.toExternalId)) {
      report({ kind: "missing_to_node", message: `edge ${key} references missing to node ${row.toExternalId}`, row: key });
      broken = true;
    }
    if (broken) continue;
    try {
      edges.push(
        normalizeEdge({
          id: key,
          from_id: row.fromExternalId,
          to_id: row.toExternalId,
          kind: row.kind,
          properties: row.properties,
          provenance: row.provenance,
          freshness: row.freshness,
        }),
      );
    } catch (error) {
      report({ kind: "malformed", message: `edge row rejected: ${(error as Error).message}`, row: key });
    }
  }
  return { ok: problems.length === 0, problems, nodes, edges };
}

/** Converts a projection into Convex table rows (nodes before edges, the order upserts need). */
export function toConvexRows(projection: GraphProjection, projectionMeta?: ConvexProjectionMetadata): ConvexProjectionRows {
  const nodes = projection.nodes.map((raw) => {
    const node = normalizeNode(raw);
    const row: ConvexNodeRow = { externalId: node.id, kind: node.kind, label: node.label };
    if (node.properties) row.properties = node.properties;
    if (node.provenance) row.provenance = node.provenance;
    if (node.freshness) row.freshness = node.freshness;
    return row;
  });
  const edges = projection.edges.map((raw) => {
    const edge = normalizeEdge(raw);
    const row: ConvexEdgeRow = { edgeKey: edge.id, fromExternalId: edge.from_id, toExternalId: edge.to_id, kind: edge.kind };
    if (edge.properties) row.properties = edge.properties;
    if (edge.provenance) row.provenance = edge.provenance;
    if (edge.freshness) row.freshness = edge.freshness;
    return row;
  });
  const rows: ConvexProjectionRows = {
    indexes: CONVEX_REQUIRED_INDEXES.map((name) => {
      const [table, index] = name.split(".") as ["nodes" | "edges", string];
      return { table, name: index };
    }),
    nodes,
    edges,
  };
  if (projectionMeta) rows.projection = projectionMeta;
  return rows;
}

export async function readConvexSnapshotFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new TsiftError(code === "ENOENT" ? "not_found" : "io_error", `cannot read Convex snapshot ${path}: ${(error as Error).message}`, {
      cause: error,
      details: { path },
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new TsiftError("corrupt_data", `Convex snapshot ${path} is not valid JSON: ${(error as Error).message}`, { cause: error, details: { path } });
  }
}
