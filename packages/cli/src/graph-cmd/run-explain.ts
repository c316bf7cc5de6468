import { readExplanation } from "@tsift/index/graph-read";
import { resolveBudget } from "@tsift/digest";
import { commandResult, type CommandResult } from "../command-result";
import type { ExplainOptions } from "../commands/explain";
import type { CommandInput } from "../definition/define-command";
import type { CliIo } from "../io";
import { explainOutput } from "./explain-output";
import { withReadIndex } from "./with-read-index";

/**
 * `tsift explain <symbol>`: definition, callers, callees, community and PageRank (cached
 * per index, see `readExplanation`). Under a preview budget the community's member list
 * is capped like the other lists.
 */
export async function runExplain(io: CliIo, options: CommandInput<ExplainOptions>): Promise<CommandResult> {
  const budget = resolveBudget(options, io.env, options.envelope === true);
  const memberLimit = budget?.maxItems != null ? (options.limit > 0 ? Math.min(options.limit, budget.maxItems) : budget.maxItems) : options.limit;
  return withReadIndex(
    io,
    options,
    (open) => readExplanation(open, { symbol: options.symbol, limit: options.limit, memberLimit }),
    (data, index) => commandResult(data, explainOutput(index.place), { root: index.location.sourceRoot }),
  );
}
