import type Database from "better-sqlite3";
import { splitIdentifier } from "@tsift/graph";
import { normalizePathFilter } from "./chunk-rows";
import { QUERY_STOP_WORDS } from "./query-stop-words";
import { ftsQuery } from "./fts-query";
import type { SearchFilters, SymbolHit, SymbolMatchType } from "./search-types";

/** Centrality per symbol id, for ordering symbols whose name scores tie. */
export type SymbolTieBreak = (ids: readonly number[]) => Map<number, number>;

export interface SymbolSearchOptions extends SearchFilters {
  limit: number;
  /** PageRank (or any centrality) lookup; without it ties fall back to resolved-caller counts. */
  tieBreak?: SymbolTieBreak;
}

interface SymbolRow {
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

/**
 * The parts the ranker compares with a symbol's parts: every query word split like an
 * identifier, stand-alone stop words dropped (`get the userName` -> get, user, name).
 * Whole compound forms are not tags: F1 counts parts on both sides.
 */
export function queryTags(query: string): string[] {
  return [...new Set(ftsQuery(query, QUERY_STOP_WORDS).groups.flatMap((group) => group.parts))];
}

/** Candidate rows scored in JS per requested symbol (at least MIN_CANDIDATES); SQL orders the likeliest first. */
const CANDIDATES_PER_HIT = 50;
const MIN_CANDIDATES = 500;

/**
 * AST symbol ranking (reference §6.3): an exact name (or `Class.method` qualified
 * name) scores 1; otherwise the F1 of the query's tags against the symbol's
 * identifier parts, `all_tags` when every query tag is present. Equal scores put the
 * exact name first, then order by centrality (PageRank over resolved calls when a tie-breaker is given,
 * else the number of resolved call sites), then prominence (top-level before members,
 * public paths before `internal/` and tests, shallower files first), then by name,
 * file and line, so output is deterministic. SQL pulls only exact names and names containing a query tag.
 */
export function searchSymbols(db: Database.Database, query: string, options: SymbolSearchOptions): SymbolHit[] {
  const trimmed = query.trim();
  const tags = queryTags(trimmed);
  if (options.limit <= 0 || (tags.length === 0 && trimmed === "")) return [];
  const matched = tags.length > 0 ? tags.map(() => "(instr(lower(name), ?) > 0)").join(" + ") : "0";
  const filters: string[] = [];
  const filterParams: string[] = [];
  const prefix = normalizePathFilter(options.path);
  if (prefix !== null) {
    filters.push("(file = ? OR file GLOB ?)");
    filterParams.push(prefix, `${prefix.replace(/[*?[]/g, "[$&]")}/*`);
  }
  if (options.languages?.length) {
    filters.push(`language IN (${options.languages.map(() => "?").join(",")})`);
    filterParams.push(...options.languages);
  }
  if (options.kinds?.length) {
    filters.push(`kind IN (${options.kinds.map(() => "?").join(",")})`);
    filterParams.push(...options.kinds);
  }
  const where = filters.length ? `${filters.join(" AND ")} AND ` : "";
  // Prefilter in SQL: exact names (or qualified names), then more query tags contained,
  // then shorter names (fewer parts, so a higher F1 for the same overlap); only that head
  // is scored in JS. The candidates come from scanning the two name indexes rather than
  // the table, whose rows (signatures, types) are ten times their size: the lower(name)
  // index answers the tags and exact names by itself, the qualified-name index the exact
  // qualified names. `length(lower(name))` is `length(name)`: lower() folds ASCII only.
  const rows = db
    .prepare(
      `WITH hits AS (
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
       ORDER BY best.exact DESC, best.matched DESC, best.len, best.id`,
    )
    .all(trimmed, ...tags, ...filterParams, ...tags, ...filterParams, trimmed, Math.max(CANDIDATES_PER_HIT * options.limit, MIN_CANDIDATES)) as SymbolRow[];

  const lowerQuery = trimmed.toLowerCase();
  const scored: { row: SymbolRow; score: number; match: SymbolMatchType; tags: string[] }[] = [];
  for (const row of rows) {
    const symbolTags = [...new Set(splitIdentifier(row.name))];
    if (row.name.toLowerCase() === lowerQuery || row.qualified_name.toLowerCase() === lowerQuery) {
      scored.push({ row, score: 1, match: "exact_name", tags: symbolTags });
      continue;
    }
    const matching = tags.filter((tag) => symbolTags.includes(tag)).length;
    if (matching === 0 || symbolTags.length === 0) continue;
    const precision = matching / tags.length;
    const recall = matching / symbolTags.length;
    const f1 = (2 * precision * recall) / (precision + recall);
    scored.push({ row, score: f1, match: matching === tags.length ? "all_tags" : "partial_tags", tags: symbolTags });
  }
  scored.sort((a, b) => b.score - a.score);
  // Centrality is only looked up for the rows that can still make the cut.
  const cutoff = scored[Math.min(options.limit, scored.length) - 1]?.score ?? 0;
  const contenders = scored.filter((entry) => entry.score >= cutoff);
  const centrality = (options.tieBreak ?? callerCounts(db))(contenders.map((entry) => entry.row.id));
  contenders.sort(
    (a, b) =>
      b.score - a.score ||
      Number(b.match === "exact_name") - Number(a.match === "exact_name") ||
      (centrality.get(b.row.id) ?? 0) - (centrality.get(a.row.id) ?? 0) ||
      prominence(a.row) - prominence(b.row) ||
      compare(a.row.name, b.row.name) ||
      compare(a.row.file, b.row.file) ||
      a.row.line - b.row.line,
  );
  return contenders.slice(0, options.limit).map(({ row, score, match, tags: symbolTags }) => ({
    name: row.name,
    kind: row.kind,
    language: row.language,
    file: row.file,
    line: row.line,
    end_line: row.end_line,
    parent: row.parent,
    signature: row.signature,
    tags: symbolTags,
    score: Math.round(score * 10_000) / 10_000,
    match_type: match,
    ...(centrality.has(row.id) ? { centrality: Math.round(centrality.get(row.id)! * 1e6) / 1e6 } : {}),
  }));
}

/** The fallback tie-breaker: how many call sites resolve to each symbol (in-degree). */
export function callerCounts(db: Database.Database): SymbolTieBreak {
  return (ids) => {
    const out = new Map<number, number>();
    for (let from = 0; from < ids.length; from += 500) {
      const batch = ids.slice(from, from + 500);
      const rows = db
        .prepare(`SELECT resolved_symbol_id AS id, count(*) AS n FROM calls WHERE resolved_symbol_id IN (${batch.map(() => "?").join(",")}) GROUP BY resolved_symbol_id`)
        .all(...batch) as { id: number; n: number }[];
      for (const row of rows) out.set(row.id, row.n);
    }
    return out;
  };
}

/**
 * Lower is more likely what a developer means when names tie: a top-level declaration
 * before a member, public code before `internal/` and test paths, shallower files first.
 */
function prominence(row: SymbolRow): number {
  const internal = /(^|\/)(internal|test|tests|__tests__)\//.test(row.file) ? 100 : 0;
  return (row.parent === null ? 0 : 1000) + internal + row.file.split("/").length;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
