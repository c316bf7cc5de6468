import type Database from "better-sqlite3";
import { pageRank } from "@tsift/algorithms";
import { memoizedIndexWatermark } from "./community-cache";
import { cachedPageRankScores } from "./rank-symbol-candidates";
import { symbolRanking } from "./symbol-ranking";

/**
 * PageRank scores by handle, computed and cached when `cachedPageRankScores` missed. Its
 * own module, imported on demand: only an ambiguous argument on an index whose ranking is
 * not cached yet loads the graph algorithms.
 */
export function computePageRankScores(db: Database.Database, cacheDir: string): ReadonlyMap<string, number> {
  const ranking = symbolRanking(db, pageRank, { cacheDir, watermark: memoizedIndexWatermark(db, cacheDir) });
  return cachedPageRankScores(db, cacheDir) ?? new Map(ranking.ranking);
}
