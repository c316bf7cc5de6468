import type Database from "better-sqlite3";
import { memoizedIndexWatermark } from "./community-cache";
import { rankingKey, readRanking } from "./explain-view";
import type { GraphSymbol } from "./graph-symbol";

/**
 * Scores for the definitions an ambiguous symbol argument names, by handle, higher first;
 * null when no scores are at hand (then candidates stay in file and line order). A symbol
 * the scores leave out counts as 0.
 */
export type SymbolRanker = (candidates: readonly GraphSymbol[]) => ReadonlyMap<string, number> | null;

/**
 * The candidates best first: by `group` (lower first: the binding of an import alias most
 * files use), then by score, then in the order given (file, line).
 */
export function orderCandidates(candidates: readonly GraphSymbol[], rank: SymbolRanker | undefined, group?: ReadonlyMap<number, number>): GraphSymbol[] {
  if (candidates.length < 2) return [...candidates];
  const scores = rank?.(candidates) ?? null;
  const score = (symbol: GraphSymbol) => scores?.get(symbol.handle) ?? 0;
  const groupOf = (symbol: GraphSymbol) => group?.get(symbol.id) ?? 0;
  // Array#sort is stable: equal candidates keep the file and line order they came in.
  return [...candidates].sort((a, b) => groupOf(a) - groupOf(b) || score(b) - score(a));
}

let memo: { dir: string; key: string; scores: ReadonlyMap<string, number> } | null = null;

/**
 * PageRank scores by handle from the ranking `tsift explain` and `tsift search` cache in
 * the scope's community-cache directory under the index watermark, or null when it is not
 * cached. The last ranking read stays in memory, so a long-lived process (`tsift mcp`, the
 * daemon) parses it once per index version.
 */
export function cachedPageRankScores(db: Database.Database, cacheDir: string): ReadonlyMap<string, number> | null {
  const key = rankingKey(memoizedIndexWatermark(db, cacheDir));
  if (memo && memo.dir === cacheDir && memo.key === key) return memo.scores;
  const ranking = readRanking(cacheDir, key);
  if (!ranking) return null;
  memo = { dir: cacheDir, key, scores: new Map(ranking.ranking) };
  return memo.scores;
}
