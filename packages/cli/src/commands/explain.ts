import type { BudgetFlags } from "@tsift/digest/budget";
import type { ExplainSymbolOptions } from "@tsift/index/graph-read";
import { defineCommand } from "../definition/define-command";
import { PREVIEW_OPTIONS, DIR, PATH, SCOPE, SYMBOL, limitOption } from "../definition/common-options";
import type { ReadOptions } from "../graph-cmd/read-index";

/** `explain`'s options: the use case's (it sizes the member list itself), the index to read, a preview budget. */
export type ExplainOptions = Omit<ExplainSymbolOptions, "memberLimit"> & Required<Pick<ExplainSymbolOptions, "limit">> & ReadOptions & BudgetFlags;

/** `tsift explain <symbol> [dir]`: definition, callers, callees, community, PageRank and complexity; a preview with `--budget`. */
export const explain = defineCommand<ExplainOptions>()({
  name: "explain",
  readOnly: true,
  summary: "one symbol in full: definition, callers, callees, community, PageRank, complexity",
  helpOrder: 90,
  readsIndex: true,
  positionals: [SYMBOL, DIR],
  options: { limit: limitOption(15, "callers, callees and community members each (0 = all)"), path: PATH, scope: SCOPE, ...PREVIEW_OPTIONS },
  examples: [
    { command: "tsift explain Cache.peek", description: "everything about one method" },
    { command: "tsift explain main --budget small --json", description: "a bounded preview for a small context window" },
  ],
  async run(options, context) {
    const [{ readExplanation }, { readIndexed }] = await Promise.all([import("@tsift/index/graph-read"), import("../graph-cmd/with-read-index")]);
    const { symbol, limit } = options;
    // Under a preview budget the community's member list is capped like the other lists.
    const budget = await context.budget();
    const memberLimit = budget?.maxItems != null ? (limit > 0 ? Math.min(limit, budget.maxItems) : budget.maxItems) : limit;
    return readIndexed(context, options, (open) => readExplanation(open, { symbol, limit, memberLimit }));
  },
  output: async ({ place }) => (await import("../graph-cmd/explain-output")).explainOutput(place),
});
