import type { CommandResult } from "../command-result";
import { defineCommand } from "../definition/define-command";
import { limitOption } from "../definition/common-options";

/** `tsift metric-digest [file]`: metric-run histories as deltas, improvements, regressions and gates. */
export const metricDigest = defineCommand({
  name: "metric-digest",
  summary: "metric runs (JSON, {runs}, array or NDJSON) as deltas vs a baseline or the previous run, with gates",
  helpOrder: 230,
  positionals: [{ name: "file", required: false, description: "the metric runs (same as --input; default: stdin)" }],
  options: {
    input: { alias: "i", type: "string", description: "read the metric runs from this file instead of stdin" },
    baseline: { alias: "b", type: "string", description: "compare the latest run with this file's latest run instead of the previous run" },
    metrics: { flag: "metric", alias: "m", type: "array", description: "only this metric, or a prefix ending in *" },
    lowerIsBetter: { type: "array", description: "this metric improves as it falls (overrides inference)" },
    higherIsBetter: { type: "array", description: "this metric improves as it rises (overrides inference)" },
    gate: { type: "boolean", default: false, description: "exit 1 when a metric regresses past --threshold or the community-search gate fails" },
    threshold: { type: "number", default: 10, min: 0, description: "the regression, in percent, that fails --gate" },
    limit: limitOption(20, "per-metric deltas shown (0 = all)"),
  },
  examples: [
    { command: "tsift metric-digest --input runs.json", description: "the latest run against the previous one" },
    { command: "tsift metric-digest --baseline yesterday.json --input today.json --metric session_mae", description: "one metric against a baseline" },
    { command: "tsift graph-db backend-eval --json | tsift metric-digest --gate", description: "fail CI when a backend-eval metric regresses more than 10%" },
  ],
  async run(options, io): Promise<CommandResult> {
    const { runMetricDigest } = await import("../metric-digest/run-metric-digest");
    return runMetricDigest(io, options);
  },
});
