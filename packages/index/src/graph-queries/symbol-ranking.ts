import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type Database from "better-sqlite3";
import type { EdgeListGraph } from "@tsift/algorithms";
import { indexMetaValue, indexSchemaVersion } from "../index-db/index-meta-queries";
import { indexWatermark } from "./community-cache";
import { rankingKey, readRanking, writeRanking, type RankingCache } from "./explain-view";
import { loadCallGraph } from "./index-call-graph";

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
  if (options.cacheDir === null) return null;
  return readRanking(options.cacheDir, rankingKey(options.watermark ?? indexWatermark(db)));
}

/** The ranking from the cache, else computed with `pageRank` and cached. */
export function symbolRanking(db: Database.Database, pageRank: SymbolPageRankFn, options: SymbolRankingOptions): RankingCache {
  const watermark = options.cacheDir === null ? undefined : (options.watermark ?? indexWatermark(db));
  const cached = cachedSymbolRanking(db, { ...options, ...(watermark === undefined ? {} : { watermark }) });
  if (cached) return cached;
  const report = pageRank(loadCallGraph(db).graph);
  const value: RankingCache = { node_count: report.node_count, ranking: report.ranking.map((row) => [row.name, row.score]) };
  if (options.cacheDir !== null && watermark !== undefined) writeRanking(options.cacheDir, rankingKey(watermark), value);
  return value;
}

/** Beside the cache entries; not `.json`, so the cache's pruning leaves it alone. */
const WATERMARK_MEMO = "watermark.memo";

/**
 * The index watermark, remembered in `cacheDir` per index run. Hashing every tracked
 * file costs a search on a 5,000-file index 7-18 ms; every update run (the only writer of
 * the rows the watermark covers) stamps `meta.indexed_at` in the same savepoint, so the
 * run's stamp with the tool and schema versions and the root identifies the watermark.
 * An index without a completed run is hashed every time.
 */
export function memoizedIndexWatermark(db: Database.Database, cacheDir: string): string {
  const indexedAt = indexMetaValue(db, "indexed_at");
  if (indexedAt === null) return indexWatermark(db);
  const run = JSON.stringify([indexedAt, indexMetaValue(db, "tool_version"), indexSchemaVersion(db), indexMetaValue(db, "root")]);
  const file = join(cacheDir, WATERMARK_MEMO);
  try {
    const [key, watermark] = readFileSync(file, "utf8").split("\n");
    if (key === run && watermark) return watermark;
  } catch {
    // no memo yet, or an unreadable one: hash the index
  }
  const watermark = indexWatermark(db);
  try {
    mkdirSync(cacheDir, { recursive: true });
    // Write then rename: a concurrent reader never sees half a memo.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${run}\n${watermark}`);
    renameSync(temporary, file);
  } catch {
    // a read-only checkout: hash again next time
  }
  return watermark;
}
