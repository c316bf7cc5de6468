import type Database from "better-sqlite3";
import { pageRank } from "@tsift/algorithms";
import { callersOf, calleesOf, type StoredEdge } from "./call-edges";
import { communityPartition, type CommunityDiagnostics, type CommunityMember, type CommunityOptions } from "./call-graph-communities";
import { communityCacheKey, indexWatermark, readCommunityCache, writeCommunityCache } from "./community-cache";
import { toStoredSymbol, type GraphSymbol, type StoredSymbol, type SymbolComplexity } from "./graph-symbol";
import { loadCallGraph } from "./index-call-graph";

export interface ExplainOptions extends CommunityOptions {
  /** Callers, callees and community members shown, each; default 15, 0 for all. */
  limit?: number;
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

interface RankingCache {
  node_count: number;
  /** [handle, score], best first. */
  ranking: Array<[string, number]>;
}

/**
 * Everything about one definition in one answer: its signature and location, callers and
 * callees by resolved target, the Louvain community it belongs to (from the same cache as
 * `callGraphCommunities`), its PageRank in the call graph (cached the same way), and its
 * complexity.
 */
export function explainSymbol(db: Database.Database, symbol: GraphSymbol, options: ExplainOptions = {}): SymbolExplanation {
  const limit = options.limit ?? 15;
  const callers = callersOf(db, symbol, { limit });
  const callees = calleesOf(db, symbol, { limit });
  const cacheDir = options.cacheDir ?? null;
  const watermark = cacheDir === null ? undefined : (options.watermark ?? indexWatermark(db));
  const { partition, diagnostics } = communityPartition(db, { ...options, ...(watermark === undefined ? {} : { watermark }) });
  const found = partition.communities.find((community) => community.members.some((member) => member.handle === symbol.handle));
  const community: ExplainCommunity | null = found
    ? {
        id: found.id,
        members: limit > 0 ? found.members.slice(0, limit) : found.members,
        members_total: found.members.length,
        members_truncated: limit > 0 && found.members.length > limit,
        modularity_contribution: found.modularity_contribution,
      }
    : null;
  const ranking = symbolRanking(db, cacheDir, watermark);
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
    community,
    community_diagnostics: diagnostics,
    pagerank: at < 0 ? null : { score: ranking.ranking[at]![1], rank: at + 1, node_count: ranking.node_count },
    complexity: symbol.complexity,
  };
}

/** PageRank of every symbol in the call graph, best first, cached next to the communities. */
function symbolRanking(db: Database.Database, cacheDir: string | null, watermark: string | undefined): RankingCache {
  const key = cacheDir === null ? null : communityCacheKey(watermark ?? indexWatermark(db), { algorithm: "pagerank" });
  if (cacheDir !== null && key !== null) {
    const cached = readCommunityCache<RankingCache>(cacheDir, key);
    if (cached) return cached;
  }
  const report = pageRank(loadCallGraph(db).graph);
  const value: RankingCache = { node_count: report.node_count, ranking: report.ranking.map((row) => [row.name, row.score]) };
  if (cacheDir !== null && key !== null) writeCommunityCache(cacheDir, key, value);
  return value;
}
