import { TsiftError, type GraphStore } from "@tsift/core";
import { formatDurationMicros, type BackendEvalData, type EvaluateGraphBackendsOptions } from "@tsift/quality";
import { commandResult, type CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import { defineOutput } from "../output/output-spec";
import { graphDbPrefix, indexLocationFor } from "./graph-db-context";
import type { GraphDbTarget } from "./open-graph-store";
import { loadLibsql } from "./load-libsql";

/** Backends backend-eval can load besides the SQLite baseline. */
export const BACKEND_EVAL_CANDIDATES = ["libsql"] as const;

/** What the command line sets of `evaluateGraphBackends`' options (the target and the CLI's adapters supply the rest). */
export type BackendEvalCliOptions = Pick<
  EvaluateGraphBackendsOptions,
  "candidates" | "samples" | "iterations" | "fullProjection" | "history" | "appendHistory"
>;

export type { BackendEvalData };

/** The adapters backend-eval compares: picked here, where the CLI chooses storage. */
async function openBackend(id: string, path: string): Promise<GraphStore> {
  if (id === "sqlite") return (await import("@tsift/sqlite")).openSqliteGraphStore(path);
  if (id === "libsql") return (await loadLibsql()).openLibsqlGraphStore(path);
  throw new TsiftError("usage", `unknown backend-eval candidate ${id}; choose from ${BACKEND_EVAL_CANDIDATES.join(", ")}`);
}

/**
 * `graph-db backend-eval`: @tsift/quality's `evaluateGraphBackends` with the adapters the
 * CLI ships; exit 1 when a candidate's answers differ from SQLite's.
 */
export async function graphDbBackendEval(
  target: GraphDbTarget,
  flags: BackendEvalCliOptions & Pick<EvaluateGraphBackendsOptions, "onProgress">,
): Promise<CommandResult<BackendEvalData>> {
  const { evaluateGraphBackends } = await import("@tsift/quality");
  const candidates = [...new Set(flags.candidates)];
  for (const id of candidates)
    if (!(BACKEND_EVAL_CANDIDATES as readonly string[]).includes(id))
      throw new TsiftError("usage", `unknown backend-eval candidate ${id}; choose from ${BACKEND_EVAL_CANDIDATES.join(", ")}`);
  const data = await evaluateGraphBackends({
    root: target.root,
    scope: target.scope,
    index: await indexLocationFor(target),
    pathArg: target.pathArg,
    commandPrefix: graphDbPrefix(target),
    openBackend,
    candidates,
    samples: flags.samples,
    iterations: flags.iterations,
    fullProjection: flags.fullProjection,
    history: flags.history,
    appendHistory: flags.appendHistory,
    ...(flags.onProgress ? { onProgress: flags.onProgress } : {}),
  });
  const mismatched = data.parity.filter((entry) => entry.status === "mismatch");
  return commandResult(data, backendEvalOutput, {
    root: target.root,
    exitCode: mismatched.length ? EXIT_CODES.checkFailed : EXIT_CODES.ok,
    notes: [
      ...data.notes.map((note) => `note: ${note}`),
      ...mismatched.map((entry) => `tsift: ${entry.backend} answers differ from sqlite on ${entry.workload}: ${entry.mismatches.join(", ")}`),
    ],
  });
}

const ms = (value: number | undefined) => (value === undefined ? "-" : formatDurationMicros(value));

export const backendEvalOutput = defineOutput<BackendEvalData>({
  tool: "graph-db",
  pathKeys: [],
  text: (data) => {
    const backends = [data.baseline, ...data.candidates];
    const lines = [`graph-db backend-eval: ${backends.join(" vs ")}, ${data.samples} sample(s), median of ${data.iterations} call(s) per read`];
    for (const dataset of data.datasets) {
      lines.push(`  ${dataset.workload} (${dataset.nodes} nodes, ${dataset.edges} edges)`);
      for (const metric of ["refresh.duration_micros", "total_duration_micros", "path_max_hops.duration_micros", "neighborhood.duration_micros"]) {
        lines.push(
          `    ${metric
            .replace(/\.?duration_micros$/, "")
            .replace(/_$/, "")
            .padEnd(16)} ${backends.map((id) => `${id} ${ms(data.metrics[`${dataset.workload}.${id}.${metric}`])}`).join("  ")}`,
        );
      }
    }
    for (const entry of data.parity)
      lines.push(`  parity ${entry.workload}/${entry.backend}: ${entry.status}${entry.mismatches.length ? ` (${entry.mismatches.join(", ")})` : ""}`);
    const gate = data.performance_gate;
    if (gate.status === "evaluated") {
      // The gate's medians are the history's: the same numbers as the table above only when the history holds just this run.
      lines.push(`  gate: medians of ${gate.history_runs} recorded run(s) in ${gate.history}`);
      for (const candidate of gate.candidates)
        lines.push(`  gate ${candidate.candidate}: ${candidate.decision}${candidate.reasons[0] ? ` (${candidate.reasons[0]})` : ""}`);
      lines.push(`  hop cap: ${gate.hop_cap.map((tier) => `${tier.candidate_hops} ${tier.decision}`).join(", ")}`);
    } else lines.push(`  gate: no history at ${gate.history}`);
    lines.push(`next: ${data.repeated_sample_command}`);
    return lines.join("\n");
  },
  envelope: {
    view: "report",
    summary: (data) => `backend-eval ${[data.baseline, ...data.candidates].join(" vs ")}`,
    metrics: (data) => [
      { label: "samples", value: data.samples },
      { label: "parity", value: data.parity.every((entry) => entry.status === "match") ? "match" : "mismatch" },
      ...(data.performance_gate.status === "evaluated"
        ? data.performance_gate.candidates.map((c) => ({ label: `gate_${c.candidate}`, value: c.decision }))
        : []),
    ],
    followUp: (data) => [data.repeated_sample_command, data.metric_digest_command],
    truncated: () => false,
  },
});
