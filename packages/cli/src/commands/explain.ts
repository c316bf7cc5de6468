import { defineCommand } from "../definition/define-command";
import { PREVIEW_OPTIONS, DIR, PATH, SCOPE, SYMBOL, previewFlags, limitOption } from "../definition/common-options";

/** `tsift explain <symbol> [dir]`: definition, callers, callees, community, PageRank and complexity; a preview with `--budget`. */
export const explain = defineCommand({
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
  async run(args, io) {
    const { runExplain } = await import("../graph-cmd/run-explain");
    return runExplain(io, {
      symbol: args.symbol,
      limit: args.limit,
      path: args.path,
      scope: args.scope,
      budget: previewFlags(args),
      envelope: args.envelope === true,
    });
  },
});
