import type Database from "better-sqlite3";
import { symbolHandle } from "../symbol-handle";
import { rowFilterSql, type IndexRowFilters } from "./chunk-filter";
import { countNameQuery, distinctNames, namesMatching, sqlLength, sqlLower } from "./distinct-names";
import { warmFileSpans, type SpanRow } from "./file-spans";
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
 * F1 for the same overlap), then row id.
 *
 * A process's first query of an index state scans the two name indexes in one statement
 * (the rows, with their signatures and types, are ten times the size of the indexes).
 * Later ones (the MCP server, the daemon) match the query against the index's distinct
 * names kept in memory (`distinctNames`, read once per index change) and
 * read only the rows of the names that rank first: reading those names costs more than
 * one scan, so a one-shot CLI process never pays it. Both ways give the same rows in the
 * same order (comparisons fold case as SQLite's `lower()` does).
 */
export function symbolNameCandidates(db: Database.Database, query: SymbolCandidateQuery): SymbolCandidate[] {
  if (query.limit <= 0) return [];
  return countNameQuery(db) === 0 ? scannedNameCandidates(db, query) : memoryNameCandidates(db, query);
}

function scannedNameCandidates(db: Database.Database, query: SymbolCandidateQuery): SymbolCandidate[] {
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

function memoryNameCandidates(db: Database.Database, query: SymbolCandidateQuery): SymbolCandidate[] {
  const { tags, limit } = query;
  const wanted = sqlLower(query.query);
  const matchedIn = (lower: string) => {
    let matched = 0;
    for (const tag of tags) if (lower.includes(tag)) matched++;
    return matched;
  };
  const filter = rowFilterSql(query, "kind");
  const where = filter.sql ? ` AND ${filter.sql}` : "";
  const rowsOf = (column: "name" | "qualified_name", values: readonly string[]) =>
    values.length === 0
      ? []
      : (prepared(db, `SELECT ${CANDIDATE_COLUMNS} FROM symbols WHERE ${column} IN (SELECT value FROM json_each(?))${where}`).all(
          JSON.stringify(values),
          ...filter.params,
        ) as SymbolCandidate[]);

  const best = new Map<number, Ranked>();
  const keep = (row: SymbolCandidate, exact: boolean) => {
    const known = best.get(row.id);
    if (known) known.exact ||= exact;
    else best.set(row.id, { row, exact, matched: matchedIn(sqlLower(row.name)), length: sqlLength(row.name) });
  };
  const qualified = distinctNames(db, "qualified_name");
  rowsOf(
    "qualified_name",
    namesMatching(qualified, [], wanted).exact.map((i) => qualified.names[i]!),
  ).forEach((row) => keep(row, true));

  const distinct = distinctNames(db, "name");
  const reached = namesMatching(distinct, tags, wanted);
  for (const i of reached.exact) if (!reached.matched.has(i)) reached.matched.set(i, 0);
  const candidates: { name: string; exact: boolean; matched: number; length: number }[] = [];
  for (const [i, matched] of reached.matched) {
    const name = distinct.names[i]!;
    candidates.push({ name, exact: distinct.lower[i] === wanted, matched, length: sqlLength(name) });
  }
  candidates.sort((a, b) => Number(b.exact) - Number(a.exact) || b.matched - a.matched || a.length - b.length);
  // Read names best first; once `limit` rows are in, finish the names that rank level with the
  // last one read (row id decides among them), then stop.
  let read = 0;
  while (read < candidates.length) {
    const batch = candidates.slice(read, read + NAMES_PER_READ);
    read += batch.length;
    let rows = rowsOf(
      "name",
      batch.map((candidate) => candidate.name),
    );
    rows.forEach((row) => keep(row, sqlLower(row.name) === wanted));
    if (best.size < limit) continue;
    const last = batch[batch.length - 1]!;
    const level = (candidate: (typeof candidates)[number]) =>
      candidate.exact === last.exact && candidate.matched === last.matched && candidate.length === last.length;
    const tied: string[] = [];
    while (read < candidates.length && level(candidates[read]!)) tied.push(candidates[read++]!.name);
    rows = rowsOf("name", tied);
    rows.forEach((row) => keep(row, sqlLower(row.name) === wanted));
    break;
  }
  return [...best.values()]
    .sort((a, b) => Number(b.exact) - Number(a.exact) || b.matched - a.matched || a.length - b.length || a.row.id - b.row.id)
    .slice(0, limit)
    .map((entry) => entry.row);
}

interface Ranked {
  row: SymbolCandidate;
  exact: boolean;
  matched: number;
  length: number;
}

const CANDIDATE_COLUMNS = "id, name, kind, language, file, line, end_line, parent, signature, qualified_name";
/** Distinct names whose rows one statement reads. */
const NAMES_PER_READ = 64;

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
  const spans = warmFileSpans(db, file);
  if (spans !== null) return enclosingIn(spans.symbols, line, until);
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

/** `enclosingSymbolName` over a file's symbols ordered by (line, id), with the same ordering as its SQL. */
function enclosingIn(symbols: readonly SpanRow[], line: number, until: number): string | null {
  let inside: SpanRow | null = null;
  let next: SpanRow | null = null;
  for (const symbol of symbols) {
    if (symbol.line > line) {
      // The first symbol starting after the line (lowest line, then id) is the doc-comment fallback.
      if (inside === null && symbol.line <= until) next = symbol;
      break;
    }
    if (symbol.end_line < line) continue;
    // Innermost: latest start, then earliest end, then lowest id (symbols come by line, then id).
    if (inside === null || symbol.line > inside.line || (symbol.line === inside.line && symbol.end_line < inside.end_line)) inside = symbol;
  }
  if (inside !== null || until <= line) return inside?.qualified_name ?? null;
  return next?.qualified_name ?? null;
}
