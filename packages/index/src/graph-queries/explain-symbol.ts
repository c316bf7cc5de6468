import type Database from "better-sqlite3";
import { pageRank } from "@tsift/algorithms";
import { communityPartition } from "./call-graph-communities";
import { indexWatermark } from "./community-cache";
import { assembleExplanation, rankingKey, rankOf, readRanking, writeRanking, type ExplainOptions, type RankingCache, type SymbolExplanation } from "./explain-view";
import type { GraphSymbol } from "./graph-symbol";
import { loadCallGraph } from "./index-call-graph";

/**
 * Everything about one definition in one answer: its signature and location, callers and
 * callees by resolved target, the Louvain community it belongs to (from the same cache as
 * `callGraphCommunities`), its PageRank in the call graph (cached the same way), and its
 * complexity. `cachedExplanation` is the same answer when both caches hit.
 */
export function explainSymbol(db: Database.Database, symbol: GraphSymbol, options: ExplainOptions = {}): SymbolExplanation {
  const cacheDir = options.cacheDir ?? null;
  const watermark = cacheDir === null ? undefined : (options.watermark ?? indexWatermark(db));
  const { partition, diagnostics } = communityPartition(db, { ...options, ...(watermark === undefined ? {} : { watermark }) });
  const community = partition.communities.find((candidate) => candidate.members.some((member) => member.handle === symbol.handle)) ?? null;
  return assembleExplanation(db, symbol, options, { community, diagnostics }, rankOf(symbolRanking(db, cacheDir, watermark), symbol.handle));
}

/** PageRank of every symbol in the call graph, best first, cached next to the communities. */
function symbolRanking(db: Database.Database, cacheDir: string | null, watermark: string | undefined): RankingCache {
  const key = cacheDir === null ? null : rankingKey(watermark ?? indexWatermark(db));
  if (cacheDir !== null && key !== null) {
    const cached = readRanking(cacheDir, key);
    if (cached) return cached;
  }
  const report = pageRank(loadCallGraph(db).graph);
  const value: RankingCache = { node_count: report.node_count, ranking: report.ranking.map((row) => [row.name, row.score]) };
  if (cacheDir !== null && key !== null) writeRanking(cacheDir, key, value);
  return value;
}
