import type { AnalysisOptions } from "@tsift/index/graph-read";
import { defineCommand } from "../definition/define-command";
import { DIR, PATH, SCOPE, limitOption } from "../definition/common-options";
import type { ReadOptions } from "../graph-cmd/read-index";

/** `tsift analyze [dir]`: SCC, health, dead code from `--entry` (or inferred) entry points, and coupling. */
export const analyze = defineCommand<AnalysisOptions & ReadOptions>()({
  name: "analyze",
  readOnly: true,
  summary: "call-graph health: cycles (SCC), dead code from entry points, coupling between directories",
  helpOrder: 120,
  readsIndex: true,
  positionals: [DIR],
  options: {
    entries: { flag: "entry", type: "array", description: "entry point for dead code (repeatable; default: inferred main/exports/tests/routes)" },
    limit: limitOption(20, "rows per list (0 = all)"),
    path: PATH,
    scope: SCOPE,
  },
  examples: [{ command: "tsift analyze --entry main --entry health", description: "dead code as seen from two entry points" }],
  async run(options, io) {
    const [{ readAnalysis }, { readIndexed }] = await Promise.all([import("@tsift/index/graph-read"), import("../graph-cmd/with-read-index")]);
    const { entries, limit } = options;
    return readIndexed(io, options, (open) => readAnalysis(open, { entries, limit }));
  },
  output: async ({ place }) => (await import("../graph-cmd/analyze-output")).analyzeOutput(place),
});
