import type Database from "better-sqlite3";
import type { EdgeListGraph } from "@tsift/algorithms";
import { indexWatermark } from "./community-cache";
import { rankingKey, readRanking, writeRanking, type RankingCache } from "./explain-view";
import { loadCallGraph } from "./index-call-graph";
import { readTransaction } from "../../store/queries/read-transaction";

/**
 * PageRank over an edge list, best first: `pageRank` from @tsift/algorithms. Passed in
 * rather than imported so readers that usually hit the cache (search) load the graph
 * algorithms only on a miss.
 */
export type SymbolPageRankFn = (graph: EdgeListGraph) => { node_count: number; ranking: ReadonlyArray<{ name: string; score: number }> };

export interface SymbolRankingOptions {
  /** The scope's community-cache directory (`communityCacheDir`); null: no caching. */
  cacheDir: string | null;
  /** The index watermark, when the caller has it already. */
  watermark?: string;
}

/**
 * The one PageRank ranking of an index's symbols (resolved calls, symbol handles as
 * nodes), as cached next to the communities under the index watermark, or null on a miss.
 * `tsift explain` reads a symbol's rank from it and `tsift search` its tie-breaks.
 */
export function cachedSymbolRanking(db: Database.Database, options: SymbolRankingOptions): RankingCache | null {
  return readTransaction(db, () => {
    if (options.cacheDir === null) return null;
    return readRanking(options.cacheDir, rankingKey(options.watermark ?? indexWatermark(db)));
  });
}

/** The ranking from the cache, else computed with `pageRank` and cached. */
export function symbolRanking(db: Database.Database, pageRank: SymbolPageRankFn, options: SymbolRankingOptions): RankingCache {
  return readTransaction(db, () => {
    const watermark = options.cacheDir === null ? undefined : (options.watermark ?? indexWatermark(db));
    const cached = cachedSymbolRanking(db, { ...options, ...(watermark === undefined ? {} : { watermark }) });
    if (cached) return cached;
    const report = pageRank(loadCallGraph(db).graph);
    const value: RankingCache = { node_count: report.node_count, ranking: report.ranking.map((row) => [row.name, row.score]) };
    if (options.cacheDir !== null && watermark !== undefined) writeRanking(options.cacheDir, rankingKey(watermark), value);
    return value;
  });
}
