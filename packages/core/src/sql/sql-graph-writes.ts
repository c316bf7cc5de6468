import { TsiftError } from "../errors";
import type { GraphEdge, GraphEdgeInput, GraphNode } from "../graph-types";
import { encodeEdgeRow, encodeNodeRow, normalizeEdge, normalizeNode } from "../rows";
import { insertRows, nowUnix } from "./sql-bulk";
import type { SqlExecutor, SqlValue } from "./sql-executor";
import { IN_CHUNK_SIZE, chunked, placeholders } from "./sql-fragments";
import { EDGE_PROPERTIES, NODE_PROPERTIES, deleteOwnedProperties, insertPropertiesHead } from "./sql-property-rows";

export const UPSERT_NODE_HEAD = "INSERT INTO graph_nodes (id, kind, label, properties_json, provenance_json, freshness_json, row_hash, source_watermark)";
export const UPSERT_NODE_TAIL =
  " ON CONFLICT(id) DO UPDATE SET kind = excluded.kind, label = excluded.label, properties_json = excluded.properties_json, provenance_json = excluded.provenance_json, freshness_json = excluded.freshness_json, row_hash = excluded.row_hash, source_watermark = excluded.source_watermark";
export const UPSERT_EDGE_HEAD =
  "INSERT INTO graph_edges (edge_key, from_id, to_id, kind, properties_json, provenance_json, freshness_json, row_hash, source_watermark)";
export const UPSERT_EDGE_TAIL =
  " ON CONFLICT(edge_key) DO UPDATE SET properties_json = excluded.properties_json, provenance_json = excluded.provenance_json, freshness_json = excluded.freshness_json, row_hash = excluded.row_hash, source_watermark = excluded.source_watermark";

function lastById<T>(items: readonly T[], idOf: (item: T) => string): T[] {
  const byId = new Map<string, T>();
  for (const item of items) byId.set(idOf(item), item);
  return [...byId.values()];
}

async function existingIds(db: SqlExecutor, table: string, column: string, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const chunk of chunked(ids, IN_CHUNK_SIZE)) {
    const rows = await db.all<Record<string, string>>(`SELECT ${column} AS id FROM ${table} WHERE ${column} IN (${placeholders(chunk.length)})`, chunk);
    for (const row of rows) found.add(row.id!);
  }
  return found;
}

async function deleteWhereIn(db: SqlExecutor, table: string, column: string, ids: readonly string[]): Promise<number> {
  let changes = 0;
  for (const chunk of chunked(ids, IN_CHUNK_SIZE)) {
    changes += (await db.run(`DELETE FROM ${table} WHERE ${column} IN (${placeholders(chunk.length)})`, chunk)).changes;
  }
  return changes;
}

export function propertyRows(ownerId: string, properties: Record<string, string> | undefined): SqlValue[][] {
  return properties ? Object.entries(properties).map(([key, value]) => [ownerId, key, value]) : [];
}

export async function writeTombstones(db: SqlExecutor, keys: readonly string[], kind: "node" | "edge", at: number): Promise<void> {
  await insertRows(
    db,
    "INSERT INTO graph_tombstones (row_key, row_kind, deleted_at_unix)",
    3,
    keys.map((key) => [key, kind, at]),
    " ON CONFLICT(row_key) DO UPDATE SET row_kind = excluded.row_kind, deleted_at_unix = excluded.deleted_at_unix",
  );
}

export function pruneTombstones(db: SqlExecutor, keys: readonly string[]): Promise<number> {
  return deleteWhereIn(db, "graph_tombstones", "row_key", keys);
}

export async function upsertNodeRows(db: SqlExecutor, input: readonly GraphNode[]): Promise<void> {
  const nodes = lastById(input.map(normalizeNode), (node) => node.id);
  const ids = nodes.map((node) => node.id);
  // Before the rows are overwritten: their stored properties_json names the rows to delete.
  await deleteOwnedProperties(db, NODE_PROPERTIES, ids);
  const encoded = nodes.map(encodeNodeRow);
  await insertRows(
    db,
    UPSERT_NODE_HEAD,
    8,
    encoded.map((row) => [row.id, row.kind, row.label, row.properties_json, row.provenance_json, row.freshness_json, row.row_hash, null]),
    UPSERT_NODE_TAIL,
  );
  await insertRows(
    db,
    insertPropertiesHead(NODE_PROPERTIES),
    3,
    nodes.flatMap((node) => propertyRows(node.id, node.properties)),
    " ON CONFLICT DO NOTHING",
  );
  await pruneTombstones(db, ids);
}

export async function upsertEdgeRows(db: SqlExecutor, input: readonly GraphEdgeInput[]): Promise<GraphEdge[]> {
  const edges = lastById(input.map(normalizeEdge), (edge) => edge.id);
  const endpoints = [...new Set(edges.flatMap((edge) => [edge.from_id, edge.to_id]))];
  const present = await existingIds(db, "graph_nodes", "id", endpoints);
  const missing = endpoints.filter((id) => !present.has(id));
  if (missing.length > 0) {
    const shown = missing.slice(0, 5).join(", ");
    throw new TsiftError("invalid_input", `edges reference missing node(s): ${shown}${missing.length > 5 ? ` (+${missing.length - 5} more)` : ""}`, {
      details: { missing: missing.slice(0, 50) },
      hint: "upsert nodes before the edges that connect them",
    });
  }
  const keys = edges.map((edge) => edge.id);
  await deleteOwnedProperties(db, EDGE_PROPERTIES, keys);
  const encoded = edges.map(encodeEdgeRow);
  await insertRows(
    db,
    UPSERT_EDGE_HEAD,
    9,
    encoded.map((row) => [row.edge_key, row.from_id, row.to_id, row.kind, row.properties_json, row.provenance_json, row.freshness_json, row.row_hash, null]),
    UPSERT_EDGE_TAIL,
  );
  await insertRows(
    db,
    insertPropertiesHead(EDGE_PROPERTIES),
    3,
    edges.flatMap((edge) => propertyRows(edge.id, edge.properties)),
    " ON CONFLICT DO NOTHING",
  );
  await pruneTombstones(db, keys);
  return edges;
}

async function removeEdges(db: SqlExecutor, keys: readonly string[], at: number): Promise<number> {
  await writeTombstones(db, keys, "edge", at);
  await deleteOwnedProperties(db, EDGE_PROPERTIES, keys);
  return deleteWhereIn(db, "graph_edges", "edge_key", keys);
}

/** Deletes nodes with their incident edges and properties, children first, so no FK cascade is needed. */
export async function deleteNodeRows(db: SqlExecutor, ids: readonly string[]): Promise<number> {
  const at = nowUnix();
  const existing = [...(await existingIds(db, "graph_nodes", "id", [...new Set(ids)]))];
  if (existing.length === 0) return 0;
  const incident = new Set<string>();
  for (const chunk of chunked(existing, IN_CHUNK_SIZE)) {
    const list = placeholders(chunk.length);
    const rows = await db.all<{ edge_key: string }>(
      `SELECT edge_key FROM graph_edges WHERE from_id IN (${list}) UNION SELECT edge_key FROM graph_edges WHERE to_id IN (${list})`,
      [...chunk, ...chunk],
    );
    for (const row of rows) incident.add(row.edge_key);
  }
  await removeEdges(db, [...incident], at);
  await writeTombstones(db, existing, "node", at);
  await deleteOwnedProperties(db, NODE_PROPERTIES, existing);
  return deleteWhereIn(db, "graph_nodes", "id", existing);
}

export async function deleteEdgeRows(db: SqlExecutor, keys: readonly string[]): Promise<number> {
  const existing = [...(await existingIds(db, "graph_edges", "edge_key", [...new Set(keys)]))];
  if (existing.length === 0) return 0;
  return removeEdges(db, existing, nowUnix());
}
