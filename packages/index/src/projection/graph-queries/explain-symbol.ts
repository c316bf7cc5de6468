import type Database from "better-sqlite3";
import { pageRank } from "@tsift/algorithms";
import { communityPartition } from "./call-graph-communities";
import { indexWatermark } from "./community-cache";
import { assembleExplanation, rankOf, type ExplainOptions, type SymbolExplanation } from "./explain-view";
import type { GraphSymbol } from "./graph-symbol";
import { symbolRanking } from "./symbol-ranking";
import { readTransaction } from "../../store/queries/read-transaction";

/**
 * Everything about one definition in one answer: its signature and location, callers and
 * callees by resolved target, the Louvain community it belongs to (from the same cache as
 * `callGraphCommunities`), its PageRank in the call graph (cached the same way), and its
 * complexity. `cachedExplanation` is the same answer when both caches hit.
 */
export function explainSymbol(db: Database.Database, symbol: GraphSymbol, options: ExplainOptions = {}): SymbolExplanation {
  return readTransaction(db, () => {
    const cacheDir = options.cacheDir ?? null;
    const watermark = cacheDir === null ? undefined : (options.watermark ?? indexWatermark(db));
    const { partition, diagnostics } = communityPartition(db, { ...options, ...(watermark === undefined ? {} : { watermark }) });
    const community = partition.communities.find((candidate) => candidate.members.some((member) => member.handle === symbol.handle)) ?? null;
    return assembleExplanation(
      db,
      symbol,
      options,
      { community, diagnostics },
      rankOf(symbolRanking(db, pageRank, { cacheDir, ...(watermark === undefined ? {} : { watermark }) }), symbol.handle),
    );
  });
}
