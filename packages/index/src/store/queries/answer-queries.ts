import type Database from "better-sqlite3";
import { hasDocColumn, warmSpanReader, type SpanRow } from "./file-spans";
import { prepared } from "./prepared";

/** A symbol whose span overlaps a searched range: the units a ranked answer points at. */
export type SpanSymbol = SpanRow;

/** Symbols of the given kinds overlapping any of `ranges` (root-relative file, inclusive lines), by file and line. */
export function unitSymbolsOverlapping(
  db: Database.Database,
  ranges: readonly { file: string; start: number; end: number }[],
  kinds: readonly string[],
): SpanSymbol[] {
  if (ranges.length === 0 || kinds.length === 0) return [];
  const byId = new Map<number, SpanSymbol>();
  const spansOf = warmSpanReader(db);
  if (spansOf !== null) {
    const wantedKinds = new Set(kinds);
    for (const range of ranges) {
      for (const row of spansOf(range.file).symbols) {
        if (row.line > range.end) break;
        if (row.end_line >= range.start && wantedKinds.has(row.kind)) byId.set(row.id, row);
      }
    }
    return sortedSpans(byId);
  }
  // One indexed lookup per range (idx_symbols_file): a join over a JSON list of ranges scans the whole table instead.
  const statement = prepared(
    db,
    `SELECT id, file, name, kind, line, end_line, parent, qualified_name, ${hasDocColumn(db) ? "doc" : "NULL AS doc"}
     FROM symbols WHERE file = ? AND line <= ? AND end_line >= ? AND kind IN (SELECT value FROM json_each(?))`,
  );
  const wanted = JSON.stringify(kinds);
  for (const range of ranges) for (const row of statement.all(range.file, range.end, range.start, wanted) as SpanSymbol[]) byId.set(row.id, row);
  return sortedSpans(byId);
}

function sortedSpans(byId: Map<number, SpanSymbol>): SpanSymbol[] {
  return [...byId.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || b.end_line - a.end_line || a.id - b.id));
}

/** The doc comment (first sentence) of each given symbol that has one, by id. */
export function symbolDocs(db: Database.Database, ids: readonly number[]): Map<number, string> {
  if (ids.length === 0 || !hasDocColumn(db)) return new Map();
  const rows = prepared(db, "SELECT id, doc FROM symbols WHERE id IN (SELECT value FROM json_each(?)) AND doc <> ''").all(JSON.stringify(ids)) as {
    id: number;
    doc: string;
  }[];
  return new Map(rows.map((row) => [row.id, row.doc]));
}

/** How many chunks match each FTS5 expression (a term's document frequency, for its weight). */
export function ftsMatchCounts(db: Database.Database, matches: readonly string[]): number[] {
  const statement = prepared(db, "SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH ?", "pluck");
  return matches.map((match) => statement.get(match) as number);
}
