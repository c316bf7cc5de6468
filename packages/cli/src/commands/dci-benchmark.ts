import { defineCommand } from "../definition/define-command";

/** `tsift dci-benchmark --fixture F`: recorded search-strategy runs per lane, ranked by localization then agent budget. */
export const dciBenchmark = defineCommand({
  name: "dci-benchmark",
  summary: "recorded search-strategy runs (exact, lexical, hybrid): localization rate, tool calls, latency and tokens per lane, ranked",
  helpOrder: 550,
  positionals: [],
  options: { fixture: { type: "string", description: "the recorded benchmark (tasks and per-lane runs); default: the benchmark shipped with @tsift/quality" } },
  examples: [{ command: "tsift dci-benchmark --json", description: "the shipped benchmark's lanes, ranked" }],
  async run(args, io) {
    const { runDciBenchmark } = await import("../dci-benchmark/run-dci-benchmark");
    return runDciBenchmark(io, { fixture: args.fixture });
  },
});
