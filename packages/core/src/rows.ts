import { createHash } from "node:crypto";
import { edgeKey } from "./edge-key";
import { TsiftError } from "./errors";
import type { GraphEdge, GraphEdgeInput, GraphFreshness, GraphNode, GraphProperties, GraphProvenance } from "./graph-types";

/**
 * Column encoding shared by every SQL backend, so a row written by one store hashes
 * and decodes identically in another (a file written by SQLite opens in libSQL).
 */
export interface EncodedNodeRow {
  id: string;
  kind: string;
  label: string;
  properties_json: string;
  provenance_json: string;
  freshness_json: string | null;
  row_hash: string;
}

export interface EncodedEdgeRow {
  edge_key: string;
  from_id: string;
  to_id: string;
  kind: string;
  properties_json: string;
  provenance_json: string;
  freshness_json: string | null;
  row_hash: string;
}

function requireText(value: unknown, what: string): string {
  if (typeof value !== "string" || value.length === 0) {
    throw new TsiftError("invalid_input", `${what} must be a non-empty string`, { details: { value } });
  }
  return value;
}

function normalizeProperties(properties: unknown, owner: string): GraphProperties | undefined {
  if (properties === undefined || properties === null) return undefined;
  if (typeof properties !== "object" || Array.isArray(properties)) {
    throw new TsiftError("invalid_input", `properties of ${owner} must be an object of strings`);
  }
  const keys = Object.keys(properties).sort();
  if (keys.length === 0) return undefined;
  const sorted: GraphProperties = {};
  for (const key of keys) {
    const value = (properties as Record<string, unknown>)[key];
    if (typeof value !== "string") {
      throw new TsiftError("invalid_input", `property ${key} of ${owner} must be a string`, { details: { key, value } });
    }
    sorted[key] = value;
  }
  return sorted;
}

function normalizeProvenance(provenance: unknown, owner: string): GraphProvenance[] | undefined {
  if (provenance === undefined || provenance === null) return undefined;
  if (!Array.isArray(provenance)) throw new TsiftError("invalid_input", `provenance of ${owner} must be an array`);
  if (provenance.length === 0) return undefined;
  return provenance.map((entry: Partial<GraphProvenance>) => {
    const out: GraphProvenance = {
      source: requireText(entry?.source, `provenance.source of ${owner}`),
      source_ref: typeof entry?.source_ref === "string" ? entry.source_ref : "",
    };
    if (typeof entry.content_hash === "string") out.content_hash = entry.content_hash;
    return out;
  });
}

function normalizeFreshness(freshness: unknown): GraphFreshness | undefined {
  if (freshness === undefined || freshness === null || typeof freshness !== "object") return undefined;
  const source = freshness as GraphFreshness;
  const out: GraphFreshness = {};
  if (typeof source.content_hash === "string") out.content_hash = source.content_hash;
  if (typeof source.observed_at_unix === "number" && Number.isFinite(source.observed_at_unix)) {
    out.observed_at_unix = Math.trunc(source.observed_at_unix);
  }
  return out.content_hash === undefined && out.observed_at_unix === undefined ? undefined : out;
}

/** Validates a node and returns it in canonical form (sorted properties, empty parts omitted). */
export function normalizeNode(node: GraphNode): GraphNode {
  const id = requireText(node?.id, "node id");
  const out: GraphNode = {
    id,
    kind: requireText(node.kind, `kind of node ${id}`),
    label: typeof node.label === "string" ? node.label : "",
  };
  const properties = normalizeProperties(node.properties, `node ${id}`);
  if (properties) out.properties = properties;
  const provenance = normalizeProvenance(node.provenance, `node ${id}`);
  if (provenance) out.provenance = provenance;
  const freshness = normalizeFreshness(node.freshness);
  if (freshness) out.freshness = freshness;
  return out;
}

/** Validates an edge, derives its key, and rejects a supplied id that disagrees with it. */
export function normalizeEdge(edge: GraphEdgeInput): GraphEdge {
  const from = requireText(edge?.from_id, "edge from_id");
  const to = requireText(edge.to_id, "edge to_id");
  const kind = requireText(edge.kind, "edge kind");
  const id = edgeKey(from, kind, to);
  if (edge.id !== undefined && edge.id !== id) {
    throw new TsiftError("invalid_input", `edge id ${edge.id} does not match edgeKey(${from}, ${kind}, ${to})`, {
      details: { expected: id, actual: edge.id },
    });
  }
  const out: GraphEdge = { id, from_id: from, to_id: to, kind };
  const properties = normalizeProperties(edge.properties, `edge ${id}`);
  if (properties) out.properties = properties;
  const provenance = normalizeProvenance(edge.provenance, `edge ${id}`);
  if (provenance) out.provenance = provenance;
  const freshness = normalizeFreshness(edge.freshness);
  if (freshness) out.freshness = freshness;
  return out;
}

function rowHash(parts: string): string {
  return createHash("sha256").update(parts).digest("hex").slice(0, 32);
}

/** Encodes a node for SQL storage. The input must already be normalized. */
export function encodeNodeRow(node: GraphNode): EncodedNodeRow {
  const properties_json = node.properties ? JSON.stringify(node.properties) : "{}";
  const provenance_json = node.provenance ? JSON.stringify(node.provenance) : "[]";
  const freshness_json = node.freshness ? JSON.stringify(node.freshness) : null;
  return {
    id: node.id,
    kind: node.kind,
    label: node.label,
    properties_json,
    provenance_json,
    freshness_json,
    row_hash: rowHash(`n\0${node.id}\0${node.kind}\0${node.label}\0${properties_json}\0${provenance_json}\0${freshness_json ?? ""}`),
  };
}

/** Encodes an edge for SQL storage. The input must already be normalized. */
export function encodeEdgeRow(edge: GraphEdge): EncodedEdgeRow {
  const properties_json = edge.properties ? JSON.stringify(edge.properties) : "{}";
  const provenance_json = edge.provenance ? JSON.stringify(edge.provenance) : "[]";
  const freshness_json = edge.freshness ? JSON.stringify(edge.freshness) : null;
  return {
    edge_key: edge.id,
    from_id: edge.from_id,
    to_id: edge.to_id,
    kind: edge.kind,
    properties_json,
    provenance_json,
    freshness_json,
    row_hash: rowHash(`e\0${edge.from_id}\0${edge.kind}\0${edge.to_id}\0${properties_json}\0${provenance_json}\0${freshness_json ?? ""}`),
  };
}

interface StoredColumns {
  properties_json: string;
  provenance_json: string;
  freshness_json: string | null;
}

function decodeExtras(row: StoredColumns, target: { properties?: GraphProperties; provenance?: GraphProvenance[]; freshness?: GraphFreshness }): void {
  if (row.properties_json && row.properties_json !== "{}") target.properties = JSON.parse(row.properties_json) as GraphProperties;
  if (row.provenance_json && row.provenance_json !== "[]") target.provenance = JSON.parse(row.provenance_json) as GraphProvenance[];
  if (row.freshness_json) target.freshness = JSON.parse(row.freshness_json) as GraphFreshness;
}

export function decodeNodeRow(row: { id: string; kind: string; label: string } & StoredColumns): GraphNode {
  const node: GraphNode = { id: row.id, kind: row.kind, label: row.label };
  decodeExtras(row, node);
  return node;
}

export function decodeEdgeRow(row: { edge_key: string; from_id: string; to_id: string; kind: string } & StoredColumns): GraphEdge {
  const edge: GraphEdge = { id: row.edge_key, from_id: row.from_id, to_id: row.to_id, kind: row.kind };
  decodeExtras(row, edge);
  return edge;
}
