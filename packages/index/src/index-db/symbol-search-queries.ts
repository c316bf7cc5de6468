import type Database from "better-sqlite3";
import { symbolHandle } from "../graph-queries/symbol-handle";
import { rowFilterSql, type IndexRowFilters } from "./chunk-filter";
import { prepared } from "./prepared";

/** A symbol row as the symbol ranker reads it. */
export interface SymbolCandidate {
  id: number;
  name: string;
  kind: string;
  language: string;
  file: string;
  line: number;
  end_line: number;
  parent: string | null;
  signature: string | null;
  qualified_name: string;
}

export interface SymbolCandidateQuery extends IndexRowFilters {
  /** The whole query, matched case-insensitively against names and qualified names. */
  query: string;
  /** Lower-case parts a name must contain (at least one) unless it matches the query exactly. */
  tags: readonly string[];
  limit: number;
}

/**
 * The symbols likeliest to answer a name query, best first: exact names (or qualified
 * names), then more query tags contained, then shorter names (fewer parts, so a higher
 * F1 for the same overlap), then row id. Candidates come from scanning the two name
 * indexes rather than the table, whose rows (signatures, types) are ten times their
 * size: the lower(name) index answers the tags and exact names by itself, the
 * qualified-name index the exact qualified names. `length(lower(name))` is
 * `length(name)`: lower() folds ASCII only.
 */
export function symbolNameCandidates(db: Database.Database, query: SymbolCandidateQuery): SymbolCandidate[] {
  const { tags } = query;
  const matched = tags.length > 0 ? tags.map(() => "(instr(lower(name), ?) > 0)").join(" + ") : "0";
  const filter = rowFilterSql(query, "kind");
  const where = filter.sql ? `${filter.sql} AND ` : "";
  const sql = `WITH hits AS (
       SELECT rowid AS id, lower(name) = lower(?) AS exact, ${matched} AS matched, length(lower(name)) AS len
       FROM symbols INDEXED BY idx_symbols_name_lower WHERE ${where}(exact OR matched > 0)
       UNION ALL
       SELECT rowid, 1, ${matched}, length(name)
       FROM symbols INDEXED BY idx_symbols_qualified_name WHERE ${where}lower(qualified_name) = lower(?)
     ), best AS (
       SELECT id, max(exact) AS exact, max(matched) AS matched, len FROM hits GROUP BY id
       ORDER BY exact DESC, matched DESC, len, id LIMIT ?
     )
     SELECT s.id, s.name, s.kind, s.language, s.file, s.line, s.end_line, s.parent, s.signature, s.qualified_name
     FROM best JOIN symbols s ON s.id = best.id
     ORDER BY best.exact DESC, best.matched DESC, best.len, best.id`;
  return prepared(db, sql).all(query.query, ...tags, ...filter.params, ...tags, ...filter.params, query.query, query.limit) as SymbolCandidate[];
}

/** How many call sites resolve to each of `ids` (their in-degree); ids with none are absent. */
export function resolvedCallerCounts(db: Database.Database, ids: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  if (ids.length === 0) return out;
  const sql =
    "SELECT resolved_symbol_id AS id, count(*) AS n FROM calls WHERE resolved_symbol_id IN (SELECT value FROM json_each(?)) GROUP BY resolved_symbol_id";
  for (const row of prepared(db, sql).all(JSON.stringify(ids)) as { id: number; n: number }[]) out.set(row.id, row.n);
  return out;
}

/** The `gsym-*` handle of each of `ids` that names a symbol. */
export function symbolHandlesById(db: Database.Database, ids: readonly number[]): Map<number, string> {
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  const sql = "SELECT id, file, qualified_name, line FROM symbols WHERE id IN (SELECT value FROM json_each(?))";
  for (const row of prepared(db, sql).all(JSON.stringify(ids)) as { id: number; file: string; qualified_name: string; line: number }[]) {
    out.set(row.id, symbolHandle(row.file, row.qualified_name, row.line));
  }
  return out;
}

/**
 * The symbol a line of `file` belongs to, as its qualified name: the innermost whose span
 * holds the line, else (a doc comment above a definition) the first that starts after it
 * and by `until`, else null (module-level code). A search hit's label is the symbol its
 * shown line lies in, not the first symbol of the chunk it came from.
 */
export function enclosingSymbolName(db: Database.Database, file: string, line: number, until = line): string | null {
  const inside = prepared(
    db,
    "SELECT qualified_name FROM symbols WHERE file = ? AND line <= ? AND end_line >= ? ORDER BY line DESC, end_line ASC, id LIMIT 1",
    "pluck",
  ).get(file, line, line) as string | undefined;
  if (inside !== undefined || until <= line) return inside ?? null;
  const next = prepared(db, "SELECT qualified_name FROM symbols WHERE file = ? AND line > ? AND line <= ? ORDER BY line, id LIMIT 1", "pluck").get(
    file,
    line,
    until,
  ) as string | undefined;
  return next ?? null;
}
