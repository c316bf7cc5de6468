import { cachedExplanation, communityCacheDir, indexWatermark, type ExplainOptions } from "@tsift/index/graph-read";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { resolveBudget, type BudgetFlags } from "@tsift/digest";
import { explainOutput } from "./explain-output";
import { rerunWith, symbolArgument } from "./symbol-argument";
import { checkLimit, withReadIndex } from "./with-read-index";

export interface ExplainFlags {
  symbol: string;
  limit: number;
  path?: string | undefined;
  scope?: string | undefined;
  budget: BudgetFlags;
  envelope: boolean;
}

/**
 * `tsift explain <symbol>`: definition, callers, callees, community and PageRank. Both
 * the community partition and the ranking come from `.tsift/community-cache/`; only a
 * miss loads the graph algorithms and computes (then caches) them. Under a preview
 * budget the community's member list is capped like the other lists.
 */
export async function runExplain(io: CliIo, flags: ExplainFlags): Promise<CommandResult> {
  checkLimit("limit", flags.limit, "explain");
  const budget = resolveBudget(flags.budget, io.env, flags.envelope);
  return withReadIndex(io, flags, async (index) => {
    const outcome = symbolArgument(index.db, flags.symbol, index.place, index.location.sourceRoot, rerunWith("explain"));
    if ("failure" in outcome) return outcome.failure;
    const memberLimit = budget?.maxItems != null ? (flags.limit > 0 ? Math.min(flags.limit, budget.maxItems) : budget.maxItems) : flags.limit;
    const options: ExplainOptions = { limit: flags.limit, memberLimit, cacheDir: communityCacheDir(index.location), watermark: indexWatermark(index.db) };
    let data = cachedExplanation(index.db, outcome.symbol, options);
    if (!data) {
      const { explainSymbol } = await import("@tsift/index");
      data = explainSymbol(index.db, outcome.symbol, options);
    }
    return commandResult(data, explainOutput(index.place), { root: index.location.sourceRoot });
  });
}
