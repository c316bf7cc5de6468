import type Database from "better-sqlite3";
import { cacheLineAt, memoizedIndexWatermark, readCacheLines, type CacheLines } from "./community-cache";
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

/** Up to this many candidates are picked out of the cached ranking's lines; more parse it whole (and keep it). */
const LINE_LOOKUPS = 64;

/**
 * PageRank scores by handle from the ranking `tsift explain` and `tsift search` cache in
 * the scope's community-cache directory under the index watermark, or null when it is not
 * cached. Given the `handles` wanted (a few candidates), only their lines of the ranking
 * are parsed; otherwise the whole ranking, which then stays in memory, so a long-lived
 * process (`tsift mcp`, the daemon) parses it once per index version.
 */
export function cachedPageRankScores(db: Database.Database, cacheDir: string, handles?: readonly string[]): ReadonlyMap<string, number> | null {
  const key = rankingKey(memoizedIndexWatermark(db, cacheDir));
  if (memo && memo.dir === cacheDir && memo.key === key) return memo.scores;
  if (handles && handles.length <= LINE_LOOKUPS) {
    const lines = readCacheLines(cacheDir, key);
    return lines && scoresOf(lines, new Set(handles));
  }
  const ranking = readRanking(cacheDir, key);
  if (!ranking) return null;
  memo = { dir: cacheDir, key, scores: new Map(ranking.ranking) };
  return memo.scores;
}

/** The scores of `wanted` in one pass over the ranking's lines (`["<handle>",<score>]`), parsing only theirs; null on a corrupt line. */
function scoresOf(lines: CacheLines, wanted: ReadonlySet<string>): Map<string, number> | null {
  const scores = new Map<string, number>();
  const { text } = lines;
  for (let start = lines.body; start < text.length && scores.size < wanted.size;) {
    const end = text.indexOf("\n", start);
    if (end < 0) break;
    const quote = text.indexOf('"', start + 2);
    if (text.startsWith('["', start) && quote > 0 && quote < end && wanted.has(text.slice(start + 2, quote))) {
      try {
        const item = cacheLineAt(lines, start)?.item as [string, number] | undefined;
        if (item) scores.set(item[0], item[1]);
      } catch {
        return null;
      }
    }
    start = end + 1;
  }
  return scores;
}
