import { readExplanation } from "@tsift/index/graph-read";
import { resolveBudget, type BudgetFlags } from "@tsift/digest";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { explainOutput } from "./explain-output";
import { withReadIndex } from "./with-read-index";

export interface ExplainFlags {
  symbol: string;
  limit: number;
  path?: string | undefined;
  scope?: string | undefined;
  budget: BudgetFlags;
  envelope: boolean;
}

/**
 * `tsift explain <symbol>`: definition, callers, callees, community and PageRank (cached
 * per index, see `readExplanation`). Under a preview budget the community's member list
 * is capped like the other lists.
 */
export async function runExplain(io: CliIo, flags: ExplainFlags): Promise<CommandResult> {
  const budget = resolveBudget(flags.budget, io.env, flags.envelope);
  const memberLimit = budget?.maxItems != null ? (flags.limit > 0 ? Math.min(flags.limit, budget.maxItems) : budget.maxItems) : flags.limit;
  return withReadIndex(
    io,
    flags,
    (open) => readExplanation(open, { symbol: flags.symbol, limit: flags.limit, memberLimit }),
    (data, index) => commandResult(data, explainOutput(index.place), { root: index.location.sourceRoot }),
  );
}
