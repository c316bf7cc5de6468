import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type Database from "better-sqlite3";
import type { SymbolTieBreak } from "./symbol-search";

export type PageRankFn = (graph: { nodes: readonly string[]; edges: ReadonlyArray<readonly [string, string]> }) => { scores: Record<string, number> };

/**
 * `pageRank` from `@tsift/algorithms` when that package provides it, else null. Loaded
 * ahead of the search so the search itself can stay synchronous.
 */
export async function loadPageRank(): Promise<PageRankFn | null> {
  try {
    const algorithms = (await import("@tsift/algorithms")) as unknown as Record<string, unknown>;
    return typeof algorithms.pageRank === "function" ? (algorithms.pageRank as PageRankFn) : null;
  } catch {
    return null;
  }
}

/**
 * Thrown by `pageRankTieBreak` when its cache misses and the `pageRank` function was not
 * loaded yet (passed as undefined): the caller loads it (`loadPageRank`) and retries.
 * This keeps the graph algorithms out of every search whose ranking is cached.
 */
export class PageRankNotLoaded extends Error {
  constructor() {
    super("PageRank scores are not cached and the pageRank function was not loaded");
    this.name = "PageRankNotLoaded";
  }
}

/**
 * PageRank over the resolved call graph as the symbol tie-breaker, given the
 * `pageRank` function (null when unavailable, see loadPageRank; then, or if it fails,
 * this returns null and ranking falls back to caller counts; undefined when not loaded
 * yet, see PageRankNotLoaded). Scores are cached in `cacheFile` keyed by the index's
 * `indexed_at`, so only the first search after an index update pays for the computation.
 */
export function pageRankTieBreak(db: Database.Database, cacheFile: string | null, pageRank: PageRankFn | null | undefined): SymbolTieBreak | null {
  const indexedAt = (db.prepare("SELECT value FROM meta WHERE key = 'indexed_at'").pluck().get() as string | undefined) ?? "";
  let scores: Record<string, number> | null = null;
  if (cacheFile) {
    try {
      const cached = JSON.parse(readFileSync(cacheFile, "utf8")) as { indexed_at: string; scores: Record<string, number> };
      if (cached.indexed_at === indexedAt) scores = cached.scores;
    } catch {
      // no cache yet, or an unreadable one: recompute
    }
  }
  if (!scores) {
    if (pageRank === undefined) throw new PageRankNotLoaded();
    if (!pageRank) return null;
    const edges = db
      .prepare("SELECT caller_symbol_id, resolved_symbol_id FROM calls WHERE caller_symbol_id IS NOT NULL AND resolved_symbol_id IS NOT NULL")
      .raw()
      .all() as [number, number][];
    try {
      scores = pageRank({ nodes: [], edges: edges.map(([from, to]) => [String(from), String(to)] as const) }).scores;
    } catch {
      return null;
    }
    if (cacheFile) {
      try {
        mkdirSync(dirname(cacheFile), { recursive: true });
        // Write then rename: a concurrent search never reads half a file.
        writeFileSync(`${cacheFile}.${process.pid}.tmp`, JSON.stringify({ indexed_at: indexedAt, scores }));
        renameSync(`${cacheFile}.${process.pid}.tmp`, cacheFile);
      } catch {
        // a read-only checkout: rank without caching
      }
    }
  }
  const table = scores;
  return (ids) => new Map(ids.map((id) => [id, table[String(id)] ?? 0]));
}
