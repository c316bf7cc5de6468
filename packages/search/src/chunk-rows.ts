import type Database from "better-sqlite3";
import type { SearchFilters } from "./search-types";

/** A `chunks` row as search reads it. */
export interface ChunkRow {
  id: number;
  file: string;
  language: string;
  start_line: number;
  end_line: number;
  symbol: string | null;
  symbol_kind: string | null;
  names: string;
  hash: string;
  text: string;
}

const COLUMNS = "id, file, language, start_line, end_line, symbol, symbol_kind, names, hash, text";

/** Loads chunk rows by id, in batches below SQLite's bound-parameter limit. */
export function loadChunks(db: Database.Database, ids: readonly number[]): Map<number, ChunkRow> {
  const out = new Map<number, ChunkRow>();
  for (let from = 0; from < ids.length; from += 500) {
    const batch = ids.slice(from, from + 500);
    const rows = db.prepare(`SELECT ${COLUMNS} FROM chunks WHERE id IN (${batch.map(() => "?").join(",")})`).all(...batch) as ChunkRow[];
    for (const row of rows) out.set(row.id, row);
  }
  return out;
}

/** The chunk holding `line` in `file` (the narrowest when windows overlap), or null. */
export function chunkAt(db: Database.Database, file: string, line: number): ChunkRow | null {
  return (
    (db
      .prepare(`SELECT ${COLUMNS} FROM chunks WHERE file = ? AND start_line <= ? AND end_line >= ? ORDER BY end_line - start_line, start_line LIMIT 1`)
      .get(file, line, line) as ChunkRow | undefined) ?? null
  );
}

/**
 * A WHERE fragment over `chunks` for the shared filters: `path` is a root-relative
 * file or directory prefix, `languages` and `kinds` are alternatives.
 */
export function chunkFilterSql(filters: SearchFilters): { sql: string; params: string[] } {
  const clauses: string[] = [];
  const params: string[] = [];
  const prefix = normalizePathFilter(filters.path);
  if (prefix !== null) {
    // GLOB, unlike LIKE, is case-sensitive and has no `_` wildcard; escape its own metacharacters.
    clauses.push("(file = ? OR file GLOB ?)");
    params.push(prefix, `${prefix.replace(/[*?[]/g, "[$&]")}/*`);
  }
  if (filters.languages && filters.languages.length > 0) {
    clauses.push(`language IN (${filters.languages.map(() => "?").join(",")})`);
    params.push(...filters.languages);
  }
  if (filters.kinds && filters.kinds.length > 0) {
    clauses.push(`symbol_kind IN (${filters.kinds.map(() => "?").join(",")})`);
    params.push(...filters.kinds);
  }
  return { sql: clauses.join(" AND "), params };
}

/** `./src/`, `src/`, `src` all mean `src`; `.` and empty mean no filter. */
export function normalizePathFilter(path: string | undefined): string | null {
  if (path === undefined) return null;
  const normalized = path.replace(/\\/g, "/").replace(/^(\.\/)+/, "").replace(/\/+$/, "");
  return normalized === "" || normalized === "." ? null : normalized;
}

/** Same test in JS, for hits that do not come from SQL (exact search). */
export function matchesPathFilter(file: string, prefix: string | null): boolean {
  return prefix === null || file === prefix || file.startsWith(`${prefix}/`);
}
