import { defineCommand } from "../definition/define-command";
import { EXIT_CODES } from "../exit-codes";
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
  // The runs (file or stdin) and the baseline digested; `--gate` turns a failed verdict into exit 1.
  async run(options, io) {
    const [{ TsiftError }, { digestMetrics }, { readInput, readTextFile }] = await Promise.all([
      import("@tsift/core/light"),
      import("@tsift/digest"),
      import("../input"),
    ]);
    if (options.input !== undefined && options.file !== undefined) throw new TsiftError("usage", "give the metric runs once: as FILE or as --input, not both");
    const source = options.input ?? options.file;
    const text = (await readInput(io, source, "metric runs")).toString("utf8");
    const baseline = options.baseline === undefined ? undefined : await readTextFile(io, options.baseline, "the baseline");
    const digest = digestMetrics(text, {
      ...(baseline === undefined ? {} : { baseline }),
      ...(options.metrics?.length ? { metrics: options.metrics } : {}),
      lowerIsBetter: options.lowerIsBetter ?? [],
      higherIsBetter: options.higherIsBetter ?? [],
      gate: options.gate,
      thresholdPct: options.threshold,
      limit: options.limit,
    });
    const data = { input: source ?? null, baseline_file: options.baseline ?? null, ...digest };
    if (!options.gate || digest.gate.status !== "fail") return { data };
    const failures = digest.gate.failures.map((failure) => `${failure.metric} ${failure.reason}`).join("; ");
    return { data, exitCode: EXIT_CODES.checkFailed, notes: [`tsift: metric gate failed: ${failures}`] };
  },
  output: async () => (await import("../metric-digest/metric-digest-output")).metricDigestOutput,
});
