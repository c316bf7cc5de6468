import type Database from "better-sqlite3";
import { warmFileCache } from "./distinct-names";
import { prepared } from "./prepared";

/** A symbol's span and the columns the span readers return. */
export interface SpanRow {
  id: number;
  file: string;
  name: string;
  kind: string;
  line: number;
  end_line: number;
  parent: string | null;
  qualified_name: string;
  doc: string | null;
}

/** One file's symbols by (line, id) and chunks by (start_line, id). */
export interface FileSpans {
  symbols: SpanRow[];
  chunks: { id: number; start_line: number; end_line: number }[];
}

/** Files whose spans a warm reader keeps per index state: a search touches a few dozen. */
const FILES_KEPT = 2_000;

/**
 * Reads one file's spans from a long-lived reader's cache (read on first use, kept until the
 * index changes), or null when this process should ask SQLite instead (see `warmFileCache`).
 * Finding the symbols around a line with SQL scans every symbol of the file that starts
 * before it (a span can start anywhere above), which in a 10,000-line module is thousands
 * of rows per lookup; a search makes a few dozen such lookups. A caller looking up many
 * files takes the reader once: deciding costs a statement.
 */
export function warmSpanReader(db: Database.Database): ((file: string) => FileSpans) | null {
  const cache = warmFileCache(db);
  if (cache === null) return null;
  return (file) => {
    let spans = cache.get(file) as FileSpans | undefined;
    if (spans) {
      // Most recently used last, so the oldest goes first when the cache is full.
      cache.delete(file);
      cache.set(file, spans);
      return spans;
    }
    spans = {
      symbols: prepared(
        db,
        `SELECT id, file, name, kind, line, end_line, parent, qualified_name, ${hasDocColumn(db) ? "doc" : "NULL AS doc"}
         FROM symbols WHERE file = ? ORDER BY line, id`,
      ).all(file) as SpanRow[],
      chunks: prepared(db, "SELECT id, start_line, end_line FROM chunks WHERE file = ? ORDER BY start_line, id").all(file) as FileSpans["chunks"],
    };
    cache.set(file, spans);
    if (cache.size > FILES_KEPT) cache.delete(cache.keys().next().value!);
    return spans;
  };
}

/** One file's spans through `warmSpanReader`, or null when this process asks SQLite. */
export function warmFileSpans(db: Database.Database, file: string): FileSpans | null {
  return warmSpanReader(db)?.(file) ?? null;
}

/** Whether `symbols` has the `doc` column (schema 6 on); an older file is read without it until it is migrated. */
export function hasDocColumn(db: Database.Database): boolean {
  return (prepared(db, "SELECT count(*) FROM pragma_table_info('symbols') WHERE name = 'doc'", "pluck").get() as number) > 0;
}
