import type Database from "better-sqlite3";
import { cachedSymbolRanking, memoizedIndexWatermark, symbolHandlesById, symbolRanking, type SymbolPageRankFn } from "@tsift/index/indexer";
import type { SymbolTieBreak } from "./symbol-search";

/** `pageRank` from @tsift/algorithms, as @tsift/index's symbol ranking takes it. */
export type PageRankFn = SymbolPageRankFn;

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

/** A ranking's scores by handle; a warm reader gets the same ranking object back while its cache file is unchanged. */
const scoresOf = new WeakMap<object, Map<string, number>>();

/**
 * PageRank over the resolved call graph as the symbol tie-breaker, given the
 * `pageRank` function (null when unavailable, see loadPageRank; then, or if it fails,
 * this returns null and ranking falls back to caller counts; undefined when not loaded
 * yet, see PageRankNotLoaded). The ranking is @tsift/index's one symbol ranking, cached
 * in the scope's community-cache directory (`cacheDir`) under the index watermark and
 * shared with `tsift explain`, so only the first reader after an index update computes it.
 */
export function pageRankTieBreak(db: Database.Database, cacheDir: string | null, pageRank: PageRankFn | null | undefined): SymbolTieBreak | null {
  const options = cacheDir === null ? { cacheDir } : { cacheDir, watermark: memoizedIndexWatermark(db, cacheDir) };
  let ranking = cachedSymbolRanking(db, options);
  if (!ranking) {
    if (pageRank === undefined) throw new PageRankNotLoaded();
    if (!pageRank) return null;
    try {
      ranking = symbolRanking(db, pageRank, options);
    } catch {
      return null;
    }
  }
  let scores = scoresOf.get(ranking);
  if (!scores) scoresOf.set(ranking, (scores = new Map(ranking.ranking)));
  const byHandle = scores;
  return (ids) => {
    const handles = symbolHandlesById(db, ids);
    return new Map(ids.map((id) => [id, byHandle.get(handles.get(id) ?? "") ?? 0]));
  };
}
