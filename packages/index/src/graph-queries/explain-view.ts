import type Database from "better-sqlite3";
import { callersOf, calleesOf, type StoredEdge } from "./call-edges";
import { communityCacheKey, indexWatermark, readCommunityCache } from "./community-cache";
import { cachedCommunityPartition, type CommunityDiagnostics, type CommunityMember, type CommunityOptions, type CommunityPartition } from "./community-view";
import { toStoredSymbol, type GraphSymbol, type StoredSymbol, type SymbolComplexity } from "./graph-symbol";

export interface ExplainOptions extends CommunityOptions {
  /** Callers, callees and community members shown, each; default 15, 0 for all. */
  limit?: number;
  /** Community members shown at most (a preview budget); default: `limit`. */
  memberLimit?: number;
}

export interface SymbolPageRank {
  score: number;
  /** 1-based rank among `node_count` symbols of the call graph. */
  rank: number;
  node_count: number;
}

/** The focused symbol's community, members capped like callers and callees. */
export interface ExplainCommunity {
  id: number;
  members: CommunityMember[];
  members_total: number;
  members_truncated: boolean;
  modularity_contribution: number;
}

/** `tsift explain <symbol> --json` (tsift-rust-notes §2.4) with PageRank and complexity. */
export interface SymbolExplanation {
  symbol: string;
  handle: string;
  definitions: StoredSymbol[];
  callers: StoredEdge[];
  callers_total: number;
  callers_truncated: boolean;
  callees: StoredEdge[];
  callees_total: number;
  callees_truncated: boolean;
  /** Null when the symbol takes part in no resolved call. */
  community: ExplainCommunity | null;
  community_diagnostics: CommunityDiagnostics;
  /** Null when the symbol takes part in no resolved call. */
  pagerank: SymbolPageRank | null;
  complexity: SymbolComplexity | null;
}

/** PageRank of every symbol of the call graph, as cached next to the communities. */
export interface RankingCache {
  node_count: number;
  /** [handle, score], best first. */
  ranking: Array<[string, number]>;
}

/** The cache key of the PageRank ranking for an index watermark. */
export function rankingKey(watermark: string): string {
  return communityCacheKey(watermark, { algorithm: "pagerank" });
}

/** Puts an explanation together from a partition and a ranking already at hand. */
export function assembleExplanation(
  db: Database.Database,
  symbol: GraphSymbol,
  options: ExplainOptions,
  found: { partition: CommunityPartition; diagnostics: CommunityDiagnostics },
  ranking: RankingCache,
): SymbolExplanation {
  const limit = options.limit ?? 15;
  const memberLimit = options.memberLimit ?? limit;
  const callers = callersOf(db, symbol, { limit });
  const callees = calleesOf(db, symbol, { limit });
  const community = found.partition.communities.find((candidate) => candidate.members.some((member) => member.handle === symbol.handle));
  const at = ranking.ranking.findIndex(([handle]) => handle === symbol.handle);
  return {
    symbol: symbol.qualified_name,
    handle: symbol.handle,
    definitions: [toStoredSymbol(symbol)],
    callers: callers.edges,
    callers_total: callers.total,
    callers_truncated: callers.truncated,
    callees: callees.edges,
    callees_total: callees.total,
    callees_truncated: callees.truncated,
    community: community
      ? {
          id: community.id,
          members: memberLimit > 0 ? community.members.slice(0, memberLimit) : community.members,
          members_total: community.members.length,
          members_truncated: memberLimit > 0 && community.members.length > memberLimit,
          modularity_contribution: community.modularity_contribution,
        }
      : null,
    community_diagnostics: found.diagnostics,
    pagerank: at < 0 ? null : { score: ranking.ranking[at]![1], rank: at + 1, node_count: ranking.node_count },
    complexity: symbol.complexity,
  };
}

/**
 * `explainSymbol` when both its community partition and its PageRank ranking are cached
 * for this index, else null: no call edges read, no graph algorithms loaded.
 */
export function cachedExplanation(db: Database.Database, symbol: GraphSymbol, options: ExplainOptions = {}): SymbolExplanation | null {
  if (!options.cacheDir) return null;
  const watermark = options.watermark ?? indexWatermark(db);
  const partition = cachedCommunityPartition(db, { ...options, watermark });
  if (!partition) return null;
  const ranking = readCommunityCache<RankingCache>(options.cacheDir, rankingKey(watermark));
  if (!ranking) return null;
  return assembleExplanation(db, symbol, options, partition, ranking);
}
