import type Database from "better-sqlite3";
import { rowFilterSql, type IndexRowFilters } from "./chunk-filter";
import { warmFileSpans } from "./file-spans";
import { prepared } from "./prepared";
import { readTransaction } from "./read-transaction";

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

/** Chunk rows by id (one statement whatever the count: the ids travel as one JSON array). */
export function chunksById(db: Database.Database, ids: readonly number[]): Map<number, ChunkRow> {
  const out = new Map<number, ChunkRow>();
  if (ids.length === 0) return out;
  const rows = prepared(db, `SELECT ${COLUMNS} FROM chunks WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as ChunkRow[];
  for (const row of rows) out.set(row.id, row);
  return out;
}

/** The chunk holding `line` in `file` (the narrowest when windows overlap), or null. */
export function chunkAt(db: Database.Database, file: string, line: number): ChunkRow | null {
  const sql = `SELECT ${COLUMNS} FROM chunks WHERE file = ? AND start_line <= ? AND end_line >= ? ORDER BY end_line - start_line, start_line LIMIT 1`;
  return (prepared(db, sql).get(file, line, line) as ChunkRow | undefined) ?? null;
}

/** Ids of the chunks of `file` overlapping lines `startLine..endLine`. */
export function overlappingChunkIds(db: Database.Database, file: string, startLine: number, endLine: number): number[] {
  const spans = warmFileSpans(db, file);
  if (spans !== null) {
    const ids: number[] = [];
    for (const chunk of spans.chunks) {
      if (chunk.start_line > endLine) break;
      if (chunk.end_line >= startLine) ids.push(chunk.id);
    }
    return ids;
  }
  return prepared(db, "SELECT id FROM chunks WHERE file = ? AND start_line <= ? AND end_line >= ?", "pluck").all(file, endLine, startLine) as number[];
}

/** Every distinct chunk start (file, line), for matching a chunk handle. */
export function chunkStarts(db: Database.Database): { file: string; start_line: number }[] {
  return prepared(db, "SELECT DISTINCT file, start_line FROM chunks").all() as { file: string; start_line: number }[];
}

/** How many chunks the index holds. */
export function chunkCount(db: Database.Database): number {
  return prepared(db, "SELECT count(*) FROM chunks", "pluck").get() as number;
}

/** BM25 weight per `chunks_fts` column: symbol names, path segments, body, identifier splits, doc comments. */
export interface Bm25Weights {
  names: number;
  path: number;
  body: number;
  terms: number;
  /** The doc comments of the chunk's declarations; 0 when absent. */
  doc?: number;
}

export interface FtsChunkQuery extends IndexRowFilters {
  /** An FTS5 MATCH expression. */
  match: string;
  weights: Bm25Weights;
  /** Rows returned at most, best first. */
  limit: number;
  /** Count every match when the page is full (default true); false leaves `total` at the page's length. */
  count?: boolean;
}

/**
 * The chunks matching an FTS5 expression, best BM25 first (score negated, so higher is
 * better), and how many match in all. The count runs only when the page is full, inside
 * the same read transaction as the page, so the two agree.
 */
export function ftsChunkMatches(db: Database.Database, query: FtsChunkQuery): { rows: { id: number; score: number }[]; total: number } {
  const filter = rowFilterSql(query, "symbol_kind");
  const where = `chunks_fts MATCH ?${filter.sql ? ` AND rowid IN (SELECT id FROM chunks WHERE ${filter.sql})` : ""}`;
  const w = query.weights;
  const bm25 = `bm25(chunks_fts, ${w.names}, ${w.path}, ${w.body}, ${w.terms}, ${w.doc ?? 0})`;
  return readTransaction(db, () => {
    const rows = prepared(db, `SELECT rowid AS id, -${bm25} AS score FROM chunks_fts WHERE ${where} ORDER BY ${bm25} LIMIT ?`).all(
      query.match,
      ...filter.params,
      query.limit,
    ) as {
      id: number;
      score: number;
    }[];
    const total =
      rows.length < query.limit || query.count === false
        ? rows.length
        : (prepared(db, `SELECT count(*) FROM chunks_fts WHERE ${where}`, "pluck").get(query.match, ...filter.params) as number);
    return { rows, total };
  });
}
