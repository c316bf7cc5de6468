import { rowsPerStatement } from "./sql-bulk";
import type { SqlExecutor } from "./sql-executor";
import { IN_CHUNK_SIZE, chunked, placeholders } from "./sql-fragments";

// Property rows are keyed (key, value, owner): the order property filters read them in.
// Nothing indexes them by owner, so an owner's rows are found from its own
// `properties_json` and deleted by their full key. Values are parsed and bound from
// JavaScript, never decoded by SQLite's JSON functions, so a deleted value is bound
// exactly as it was when inserted.

/** The owner table and property table of one side of the graph. */
export interface PropertySide {
  table: "graph_nodes" | "graph_edges";
  keyColumn: "id" | "edge_key";
  propertyTable: "graph_node_properties" | "graph_edge_properties";
  propertyOwner: "node_id" | "edge_key";
}

export const NODE_PROPERTIES: PropertySide = { table: "graph_nodes", keyColumn: "id", propertyTable: "graph_node_properties", propertyOwner: "node_id" };
export const EDGE_PROPERTIES: PropertySide = { table: "graph_edges", keyColumn: "edge_key", propertyTable: "graph_edge_properties", propertyOwner: "edge_key" };

/** One property row: owner, key, value. */
export type PropertyRow = readonly [owner: string, key: string, value: string];

/** Stored `properties_json` of the given owners (those present), by owner key. */
export async function storedProperties(db: SqlExecutor, side: PropertySide, keys: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const chunk of chunked(keys, IN_CHUNK_SIZE)) {
    const rows = await db.all<{ k: string; p: string }>(
      `SELECT ${side.keyColumn} AS k, properties_json AS p FROM ${side.table} WHERE ${side.keyColumn} IN (${placeholders(chunk.length)})`,
      chunk,
    );
    for (const row of rows) found.set(row.k, row.p);
  }
  return found;
}

/** The property rows a stored `properties_json` stands for. */
export function propertyRowsOf(owner: string, propertiesJson: string | undefined): PropertyRow[] {
  if (propertiesJson === undefined || propertiesJson === "{}" || propertiesJson === "") return [];
  const properties = JSON.parse(propertiesJson) as Record<string, unknown>;
  const rows: PropertyRow[] = [];
  for (const key of Object.keys(properties)) {
    const value = properties[key];
    if (typeof value === "string") rows.push([owner, key, value]);
  }
  return rows;
}

/** Deletes property rows by their full key, in bounded row-value IN chunks; returns the rows deleted. */
export async function deletePropertyRows(db: SqlExecutor, side: PropertySide, rows: readonly PropertyRow[]): Promise<number> {
  let changes = 0;
  const perStatement = rowsPerStatement(3);
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const params: string[] = [];
    for (const [owner, key, value] of chunk) params.push(key, value, owner);
    const tuples = `(?,?,?)${",(?,?,?)".repeat(chunk.length - 1)}`;
    changes += (await db.run(`DELETE FROM ${side.propertyTable} WHERE (key, value, ${side.propertyOwner}) IN (VALUES ${tuples})`, params)).changes;
  }
  return changes;
}

/** Deletes every property row of the given owners, found from their stored `properties_json`; returns the rows deleted. */
export async function deleteOwnedProperties(db: SqlExecutor, side: PropertySide, owners: readonly string[]): Promise<number> {
  if (owners.length === 0) return 0;
  const stored = await storedProperties(db, side, owners);
  const rows: PropertyRow[] = [];
  for (const [owner, json] of stored) rows.push(...propertyRowsOf(owner, json));
  return deletePropertyRows(db, side, rows);
}

/** `INSERT` head for property rows, columns in (owner, key, value) order as callers add them. */
export function insertPropertiesHead(side: PropertySide): string {
  return `INSERT INTO ${side.propertyTable} (${side.propertyOwner}, key, value)`;
}
