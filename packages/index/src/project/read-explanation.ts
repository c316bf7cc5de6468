import { existsSync } from "node:fs";
import { join } from "node:path";
import { communityCacheDir, memoizedIndexWatermark } from "../projection/graph-queries/community-cache";
import { historyLocation } from "../history/history-location";
import { cachedExplanation, type ExplainOptions, type SymbolExplanation } from "../projection/graph-queries/explain-view";
import type { IndexOpener } from "../store/open-read-index";
import { checkLimit } from "./read-limits";
import { chooseSymbol, rerunWith } from "../projection/graph-queries/symbol-choice";
import { readTransaction } from "../store/queries/read-transaction";
import type Database from "better-sqlite3";
import type { IndexLocation } from "../walk/index-location";
import { hasSummaries } from "../summaries/summaries-store";

export interface ExplainSymbolOptions {
  /** A name, `Class.method`, `file:line` or a `gsym-*` handle. */
  symbol: string;
  /** Callers and callees listed (0 = all); default 15, as `tsift explain`'s `--limit`. */
  limit?: number;
  /** Community members listed; default `limit` (a preview budget caps it lower). */
  memberLimit?: number;
}

/**
 * `tsift explain <symbol>`: definition, callers, callees, community and PageRank. Both the
 * community partition and the ranking come from `.tsift/community-cache/`; only a miss
 * loads the graph algorithms (a lazily imported chunk) and computes, then caches, them.
 */
export async function readExplanation(open: IndexOpener, options: ExplainSymbolOptions): Promise<SymbolExplanation> {
  const limit = options.limit ?? 15;
  checkLimit("limit", limit, "explain");
  const index = await open();
  // One snapshot from choosing the symbol to the last edge read, across the lazy import.
  const explanation = await readTransaction(index.db, async () => {
    const symbol = await chooseSymbol(index.db, options.symbol, index.place, rerunWith("explain"), index.location);
    const cacheDir = communityCacheDir(index.location);
    const query: ExplainOptions = { limit, memberLimit: options.memberLimit ?? limit, cacheDir, watermark: memoizedIndexWatermark(index.db, cacheDir) };
    const cached = cachedExplanation(index.db, symbol, query);
    if (cached) return cached;
    // A dynamic import: the bundler splits it into its own chunk, so the lean entries load
    // the graph algorithms only when a cache miss needs them.
    const { explainSymbol } = await import("../projection/graph-queries/explain-symbol");
    return explainSymbol(index.db, symbol, query);
  });
  const withHistory = await withCoChange(index.location.projectRoot, index.location.sourceRoot, explanation);
  return withSummaries(index.db, index.location, withHistory);
}

/**
 * Adds the symbol's cached summaries when `.tsift/summaries.db` exists; read-only, never an
 * LLM call. A cache that cannot be read reports `unavailable` rather than failing explain.
 */
async function withSummaries(db: Database.Database, location: IndexLocation, explanation: SymbolExplanation): Promise<SymbolExplanation> {
  const symbol = explanation.definitions[0];
  if (symbol === undefined || !hasSummaries(location.projectRoot)) return explanation;
  const { explainSummaries, openSummariesReader, summariesLocation } = await import("../summaries");
  let connection;
  try {
    connection = openSummariesReader(summariesLocation(location.projectRoot));
  } catch {
    return { ...explanation, summaries: { state: "unavailable", snippets: [] } };
  }
  try {
    return { ...explanation, summaries: explainSummaries(connection.database, db, location, symbol.file, symbol.qualified_name) };
  } finally {
    await connection.close();
  }
}

/**
 * Adds the top 3 co-changed files of the symbol's file when `.tsift/history.db` exists;
 * the history code is imported only then, and the history index is never built here.
 */
async function withCoChange(projectRoot: string, sourceRoot: string, explanation: SymbolExplanation): Promise<SymbolExplanation> {
  const file = explanation.definitions[0]?.file;
  if (file === undefined || !existsSync(historyLocation(projectRoot).dbPath)) return explanation;
  const { topCoChanged } = await import("../history/read-cochange");
  const top = await topCoChanged(projectRoot, join(sourceRoot, file), 3);
  if (top === null) return explanation;
  const files = top.files.map(({ path, count, support, jaccard }) => ({ path, count, support, jaccard }));
  return { ...explanation, co_changed: { path: top.path, commits: top.commits, files } };
}
