import { edgeKey } from "./edge-key";
import { TsiftError } from "./errors";
import type { GraphEdge, GraphEdgeInput, GraphFreshness, GraphNode, GraphProperties, GraphProvenance } from "./graph-types";
import { hashEdgeFields, hashNodeFields, rowHashHex } from "./row-hash";

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

/**
 * A validated row in canonical form, before its JSON columns are built: what a refresh
 * hashes for every row and encodes only for the rows it writes. `properties`,
 * `provenance` and `freshness` may be the caller's own objects when they were already
 * canonical, so treat them as read-only.
 */
export interface CanonicalNodeRow {
  id: string;
  kind: string;
  label: string;
  properties: Readonly<GraphProperties> | undefined;
  provenance: readonly GraphProvenance[] | undefined;
  freshness: GraphFreshness | undefined;
  propertyCount: number;
}

export interface CanonicalEdgeRow {
  id: string;
  from_id: string;
  to_id: string;
  kind: string;
  properties: Readonly<GraphProperties> | undefined;
  provenance: readonly GraphProvenance[] | undefined;
  freshness: GraphFreshness | undefined;
  propertyCount: number;
}

/** Hashes a canonical row into `out[at..at+3]` (see row-hash.ts). */
export function hashNodeRow(row: CanonicalNodeRow, out: Uint32Array, at: number): void {
  hashNodeFields(out, at, row.id, row.kind, row.label, row.properties, row.provenance, row.freshness);
}

export function hashEdgeRow(row: CanonicalEdgeRow, out: Uint32Array, at: number): void {
  hashEdgeFields(out, at, row.id, row.properties, row.provenance, row.freshness);
}

/** Scratch words for hashes computed on the way to one encoded row. */
const scratch = new Uint32Array(4);

/** The SQL columns of a canonical row; `hash` supplies its already computed hash words. */
export function encodeCanonicalNodeRow(row: CanonicalNodeRow, hash?: { words: Uint32Array; at: number }): EncodedNodeRow {
  if (!hash) hashNodeRow(row, scratch, 0);
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    properties_json: row.properties ? JSON.stringify(row.properties) : "{}",
    provenance_json: row.provenance ? JSON.stringify(row.provenance) : "[]",
    freshness_json: row.freshness ? JSON.stringify(row.freshness) : null,
    row_hash: hash ? rowHashHex(hash.words, hash.at) : rowHashHex(scratch, 0),
  };
}

export function encodeCanonicalEdgeRow(row: CanonicalEdgeRow, hash?: { words: Uint32Array; at: number }): EncodedEdgeRow {
  if (!hash) hashEdgeRow(row, scratch, 0);
  return {
    edge_key: row.id,
    from_id: row.from_id,
    to_id: row.to_id,
    kind: row.kind,
    properties_json: row.properties ? JSON.stringify(row.properties) : "{}",
    provenance_json: row.provenance ? JSON.stringify(row.provenance) : "[]",
    freshness_json: row.freshness ? JSON.stringify(row.freshness) : null,
    row_hash: hash ? rowHashHex(hash.words, hash.at) : rowHashHex(scratch, 0),
  };
}

function propertyCountOf(properties: Readonly<GraphProperties> | undefined): number {
  return properties ? Object.keys(properties).length : 0;
}

/** Encodes a node for SQL storage. The input must already be normalized. */
export function encodeNodeRow(node: GraphNode): EncodedNodeRow {
  return encodeCanonicalNodeRow({
    id: node.id,
    kind: node.kind,
    label: node.label,
    properties: node.properties,
    provenance: node.provenance,
    freshness: node.freshness,
    propertyCount: propertyCountOf(node.properties),
  });
}

/** Encodes an edge for SQL storage. The input must already be normalized. */
export function encodeEdgeRow(edge: GraphEdge): EncodedEdgeRow {
  return encodeCanonicalEdgeRow({
    id: edge.id,
    from_id: edge.from_id,
    to_id: edge.to_id,
    kind: edge.kind,
    properties: edge.properties,
    provenance: edge.provenance,
    freshness: edge.freshness,
    propertyCount: propertyCountOf(edge.properties),
  });
}

/**
 * `normalizeNode(node)` without the intermediate copies when the input is already
 * canonical (sorted string properties, canonical provenance and freshness), which is what
 * projections built by tsift look like. Same validation, same errors, same row.
 */
export function canonicalNodeRow(node: GraphNode): CanonicalNodeRow {
  const id = requireText(node?.id, "node id");
  const kind = requireText(node.kind, `kind of node ${id}`);
  const label = typeof node.label === "string" ? node.label : "";
  let propertyCount = canonicalPropertyCount(node.properties);
  const properties = propertyCount > 0 ? node.properties : normalizeProperties(node.properties, `node ${id}`);
  if (propertyCount < 0) propertyCount = propertyCountOf(properties);
  const provenance = isCanonicalProvenance(node.provenance) ? node.provenance : normalizeProvenance(node.provenance, `node ${id}`);
  const freshness = isCanonicalFreshness(node.freshness) ? node.freshness : normalizeFreshness(node.freshness);
  return { id, kind, label, properties, provenance, freshness, propertyCount };
}

/** `normalizeEdge(edge)` with the same fast path as `canonicalNodeRow`. */
export function canonicalEdgeRow(edge: GraphEdgeInput): CanonicalEdgeRow {
  const from = requireText(edge?.from_id, "edge from_id");
  const to = requireText(edge.to_id, "edge to_id");
  const kind = requireText(edge.kind, "edge kind");
  const id = edgeKey(from, kind, to);
  if (edge.id !== undefined && edge.id !== id) {
    throw new TsiftError("invalid_input", `edge id ${edge.id} does not match edgeKey(${from}, ${kind}, ${to})`, {
      details: { expected: id, actual: edge.id },
    });
  }
  let propertyCount = canonicalPropertyCount(edge.properties);
  const properties = propertyCount > 0 ? edge.properties : normalizeProperties(edge.properties, `edge ${id}`);
  if (propertyCount < 0) propertyCount = propertyCountOf(properties);
  const provenance = isCanonicalProvenance(edge.provenance) ? edge.provenance : normalizeProvenance(edge.provenance, `edge ${id}`);
  const freshness = isCanonicalFreshness(edge.freshness) ? edge.freshness : normalizeFreshness(edge.freshness);
  return { id, from_id: from, to_id: to, kind, properties, provenance, freshness, propertyCount };
}

/** An object literal (no custom prototype, so no inherited `toJSON` to change its JSON). */
function isPlainObject(value: unknown): value is object {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * The number of properties when `normalizeProperties` would return an equal object with
 * the same key order (a non-empty plain object of strings whose keys strictly ascend;
 * Object.keys order is what JSON.stringify writes, so the JSON is byte-identical too),
 * else -1.
 */
function canonicalPropertyCount(properties: unknown): number {
  if (!isPlainObject(properties)) return -1;
  const keys = Object.keys(properties);
  if (keys.length === 0) return -1;
  let previous = "";
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if ((i > 0 && !(previous < key)) || typeof (properties as Record<string, unknown>)[key] !== "string") return -1;
    previous = key;
  }
  return keys.length;
}

/** True when `normalizeProvenance` would return entries with exactly these keys, in this order. */
function isCanonicalProvenance(provenance: unknown): provenance is GraphProvenance[] {
  if (!Array.isArray(provenance) || provenance.length === 0) return false;
  for (const entry of provenance as unknown[]) {
    if (!isPlainObject(entry)) return false;
    const record = entry as Record<string, unknown>;
    const source = record.source;
    if (typeof source !== "string" || source.length === 0 || typeof record.source_ref !== "string") return false;
    const keys = Object.keys(record);
    if (keys[0] !== "source" || keys[1] !== "source_ref") return false;
    if (keys.length === 3 ? keys[2] !== "content_hash" || typeof record.content_hash !== "string" : keys.length !== 2) return false;
  }
  return true;
}

/** True when `normalizeFreshness` would return an equal object with the same key order. */
function isCanonicalFreshness(freshness: unknown): freshness is GraphFreshness {
  if (!isPlainObject(freshness)) return false;
  const record = freshness as Record<string, unknown>;
  const keys = Object.keys(record);
  const hashOk = (key: string | undefined) => key === "content_hash" && typeof record.content_hash === "string";
  const timeOk = (key: string | undefined) =>
    key === "observed_at_unix" && Number.isSafeInteger(record.observed_at_unix) && !Object.is(record.observed_at_unix, -0);
  if (keys.length === 2) return hashOk(keys[0]) && timeOk(keys[1]);
  if (keys.length === 1) return hashOk(keys[0]) || timeOk(keys[0]);
  return false;
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
