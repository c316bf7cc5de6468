import type Database from "better-sqlite3";
import { callersAndCallees, type StoredEdge } from "./call-edges";
import { cacheLineAt, communityCacheKey, indexWatermark, readCacheLines, readCommunityCache, writeCommunityCacheLines } from "./community-cache";
import { cachedCommunityOf, type CommunityDiagnostics, type CommunityMember, type CommunityOptions, type IndexCommunity } from "./community-view";
import { toStoredSymbol, type GraphSymbol, type StoredSymbol, type SymbolComplexity } from "./graph-symbol";
import { prepared } from "../../store/queries/prepared";
import { readTransaction } from "../../store/queries/read-transaction";

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

/** `tsift explain <symbol> --json` with PageRank and complexity. */
export interface SymbolExplanation {
  symbol: string;
  handle: string;
  /** The declaration's doc comment or docstring (its first sentence), when it has one. */
  doc?: string;
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
  /**
   * The files most often changed in the same commits as the symbol's file, from
   * `.tsift/history.db`; absent when there is no history index (explain never builds one).
   */
  co_changed?: ExplainCoChange;
  /**
   * Up to two current cached summaries from the symbol's file (its own first) and the
   * symbol's own summary state, from `.tsift/summaries.db`; absent when there is no cache.
   */
  summaries?: { state: "current" | "stale" | "missing" | "unavailable"; snippets: { symbol: string; kind: string; summary: string }[] };
}

/** The top co-changed files of an explained symbol's file (see `readCoChange`). */
export interface ExplainCoChange {
  /** The symbol's file, relative to the git work tree. */
  path: string;
  /** Non-bulk commits that touched it. */
  commits: number;
  files: Array<{ path: string; count: number; support: number; jaccard: number }>;
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

/** Caches a ranking one `[handle, score]` per line, best first, so `cachedRankOf` finds one symbol's rank without parsing the rest. */
export function writeRanking(cacheDir: string, key: string, ranking: RankingCache): boolean {
  return writeCommunityCacheLines(cacheDir, key, { node_count: ranking.node_count }, "ranking", ranking.ranking);
}

/** The whole cached ranking, or null. */
export function readRanking(cacheDir: string, key: string): RankingCache | null {
  const cached = readCommunityCache<RankingCache>(cacheDir, key);
  return cached && Array.isArray(cached.ranking) ? cached : null;
}

/**
 * One symbol's PageRank from the cached ranking (null inside when the symbol is not in
 * the call graph), or null when the ranking is not cached. The rank is its line number:
 * the entry is found by its handle and only that line is parsed.
 */
export function cachedRankOf(cacheDir: string, key: string, handle: string): { pagerank: SymbolPageRank | null } | null {
  const lines = readCacheLines(cacheDir, key);
  if (!lines || typeof lines.head.node_count !== "number") return null;
  const { text, body } = lines;
  const at = text.indexOf(`\n[${JSON.stringify(handle)},`, body - 1);
  if (at < 0) return { pagerank: null };
  let rank = 0;
  for (let newline = body - 1; newline >= 0 && newline <= at; newline = text.indexOf("\n", newline + 1)) rank++;
  try {
    const line = cacheLineAt(lines, at + 1);
    if (!line) return null;
    return { pagerank: { score: (line.item as [string, number])[1], rank, node_count: lines.head.node_count } };
  } catch {
    return null;
  }
}

/** The whole ranking's view of one symbol, as `cachedRankOf` reads it from the cache. */
export function rankOf(ranking: RankingCache, handle: string): SymbolPageRank | null {
  const at = ranking.ranking.findIndex(([candidate]) => candidate === handle);
  return at < 0 ? null : { score: ranking.ranking[at]![1], rank: at + 1, node_count: ranking.node_count };
}

/** Puts an explanation together from the symbol's community and PageRank already at hand. */
export function assembleExplanation(
  db: Database.Database,
  symbol: GraphSymbol,
  options: ExplainOptions,
  found: { community: IndexCommunity | null; diagnostics: CommunityDiagnostics },
  pagerank: SymbolPageRank | null,
): SymbolExplanation {
  const limit = options.limit ?? 15;
  const memberLimit = options.memberLimit ?? limit;
  const { community } = found;
  return {
    symbol: symbol.qualified_name,
    handle: symbol.handle,
    ...symbolDoc(db, symbol.id),
    definitions: [toStoredSymbol(symbol)],
    ...callersAndCallees(db, symbol, { limit }),
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
    pagerank,
    complexity: symbol.complexity,
  };
}

/** `{ doc }` when the symbol has a doc comment; nothing for an index older than the `doc` column. */
function symbolDoc(db: Database.Database, id: number): { doc?: string } {
  const hasColumn = (prepared(db, "SELECT count(*) FROM pragma_table_info('symbols') WHERE name = 'doc'", "pluck").get() as number) > 0;
  const doc = hasColumn ? (prepared(db, "SELECT doc FROM symbols WHERE id = ?", "pluck").get(id) as string | null | undefined) : null;
  return doc ? { doc } : {};
}

/**
 * `explainSymbol` when both its community partition and its PageRank ranking are cached
 * for this index, else null: no call edges read, no graph algorithms loaded, and of the
 * caches only the symbol's community and its ranking entry parsed.
 */
export function cachedExplanation(db: Database.Database, symbol: GraphSymbol, options: ExplainOptions = {}): SymbolExplanation | null {
  return readTransaction(db, () => {
    if (!options.cacheDir) return null;
    const watermark = options.watermark ?? indexWatermark(db);
    const ranked = cachedRankOf(options.cacheDir, rankingKey(watermark), symbol.handle);
    if (!ranked) return null;
    const found = cachedCommunityOf(db, symbol.handle, { ...options, watermark });
    if (!found) return null;
    return assembleExplanation(db, symbol, options, found, ranked.pagerank);
  });
}
