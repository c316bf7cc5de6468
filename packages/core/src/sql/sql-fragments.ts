import type { GraphPropertyFilter } from "../graph-types";
import type { SqlValue } from "./sql-executor";

/** Ids per `IN (...)` list: far below SQLite's variable limit, large enough to batch well. */
export const IN_CHUNK_SIZE = 500;

export const NODE_COLUMNS = "id, kind, label, properties_json, provenance_json, freshness_json";
export const EDGE_COLUMNS = "edge_key, from_id, to_id, kind, properties_json, provenance_json, freshness_json";

export function placeholders(count: number): string {
  return count === 1 ? "?" : `?${",?".repeat(count - 1)}`;
}

export function chunked<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** A WHERE fragment under construction: SQL text pieces plus their parameters, in order. */
export class SqlWhere {
  readonly clauses: string[] = [];
  readonly params: SqlValue[] = [];

  add(clause: string, ...params: SqlValue[]): this {
    this.clauses.push(clause);
    this.params.push(...params);
    return this;
  }

  inList(column: string, values: readonly string[] | undefined): this {
    if (!values || values.length === 0) return this;
    return values.length === 1 ? this.add(`${column} = ?`, values[0]!) : this.add(`${column} IN (${placeholders(values.length)})`, ...values);
  }

  /** One EXISTS probe per property: a seek of the property table's (key, value, owner) primary key. */
  properties(table: "graph_node_properties" | "graph_edge_properties", ownerColumn: string, ownerRef: string, filter: Iterable<[string, string]>): this {
    for (const [key, value] of filter) {
      this.add(`EXISTS (SELECT 1 FROM ${table} pf WHERE pf.${ownerColumn} = ${ownerRef} AND pf.key = ? AND pf.value = ?)`, key, value);
    }
    return this;
  }

  toSql(): string {
    return this.clauses.length === 0 ? "" : ` WHERE ${this.clauses.join(" AND ")}`;
  }
}

export function propertyEntries(filter: GraphPropertyFilter | undefined): [string, string][] {
  return filter ? Object.entries(filter).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : [];
}

export function limitClause(limit: number): string {
  return Number.isFinite(limit) ? ` LIMIT ${limit + 1}` : "";
}

/** Serializes async operations on one connection so a transaction never interleaves with another call. */
export class OperationQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.tail.then(operation);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
