import type Database from "better-sqlite3";
import { splitIdentifier } from "@tsift/graph";
import { readTransaction, resolvedCallerCounts, symbolDocs, symbolNameCandidates, type SymbolCandidate } from "@tsift/index/indexer";
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

type SymbolRow = SymbolCandidate;

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
 * AST symbol ranking: an exact name (or `Class.method` qualified
 * name) scores 1; otherwise the F1 of the query's tags against the symbol's
 * identifier parts, `all_tags` when every query tag is present. Equal scores put the
 * exact name first, then order by centrality (PageRank over resolved calls when a tie-breaker is given,
 * else the number of resolved call sites), then prominence (top-level before members,
 * public paths before `internal/` and tests, shallower files first), then by name,
 * file and line, so output is deterministic. The index pulls only exact names and names containing a query tag
 * (`symbolNameCandidates`), the likeliest first; only that head is scored here.
 */
export function searchSymbols(db: Database.Database, query: string, options: SymbolSearchOptions): SymbolHit[] {
  return readTransaction(db, () => {
    const trimmed = query.trim();
    const tags = queryTags(trimmed);
    if (options.limit <= 0 || (tags.length === 0 && trimmed === "")) return [];
    const rows = symbolNameCandidates(db, { ...options, query: trimmed, tags, limit: Math.max(CANDIDATES_PER_HIT * options.limit, MIN_CANDIDATES) });

    const lowerQuery = trimmed.toLowerCase();
    const scored: { row: SymbolRow; score: number; match: SymbolMatchType; tags: string[] }[] = [];
    for (const row of rows) {
      const symbolTags = nameTags(row.name);
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
    const kept = contenders.slice(0, options.limit);
    const docs = symbolDocs(
      db,
      kept.map(({ row }) => row.id),
    );
    return kept.map(({ row, score, match, tags: symbolTags }) => ({
      name: row.name,
      kind: row.kind,
      language: row.language,
      file: row.file,
      line: row.line,
      end_line: row.end_line,
      parent: row.parent,
      signature: row.signature,
      tags: [...symbolTags],
      score: Math.round(score * 10_000) / 10_000,
      match_type: match,
      ...(centrality.has(row.id) ? { centrality: Math.round(centrality.get(row.id)! * 1e6) / 1e6 } : {}),
      ...(docs.has(row.id) ? { doc: docs.get(row.id)! } : {}),
    }));
  });
}

/**
 * A name's distinct identifier parts, kept across searches in one process (a pure function
 * of the name: a query reads hundreds of candidate names, and a code base's names recur).
 * Callers must not change the array.
 */
function nameTags(name: string): string[] {
  let tags = nameTagCache.get(name);
  if (tags === undefined) {
    if (nameTagCache.size >= NAME_TAG_CACHE_SIZE) nameTagCache.clear();
    tags = [...new Set(splitIdentifier(name))];
    nameTagCache.set(name, tags);
  }
  return tags;
}

const nameTagCache = new Map<string, string[]>();
const NAME_TAG_CACHE_SIZE = 100_000;

/** The fallback tie-breaker: how many call sites resolve to each symbol (in-degree). */
export function callerCounts(db: Database.Database): SymbolTieBreak {
  return (ids) => resolvedCallerCounts(db, ids);
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
