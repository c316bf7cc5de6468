import { evaluateBackendPromotion, type BackendPromotionReport } from "../evaluate-backend-promotion";
import { evaluateHopCapPromotion, type HopCapPromotionReport } from "../evaluate-hop-cap-promotion";
import type { PerformanceHistory } from "../parse-performance-history";
import { GATE_WORKLOADS, HOP_CAP_CANDIDATE_TIERS, MIN_SAMPLES_PER_WORKLOAD } from "../perf-gate-rules";
import type { BackendEvalResult } from "./run-backend-eval";

/** One run as the history file stores it. */
export interface PerformanceHistoryEntry {
  label: string;
  id: string;
  timestamp: string;
  workload: string;
  sample_index: number;
  backend: string;
  projection_mode: string;
  cache_state: string;
  scope: string;
  metrics: Record<string, number>;
}

export interface HistoryEntryOptions {
  /** Project or scope tag for ids and labels, e.g. "tsift" or "effect-src". */
  scope: string;
  /** Recording time; its compact form keeps ids unique across appended runs. */
  now: Date;
  /** How the real projection was obtained, for review (`cold`, `cached`). */
  cacheState: string;
}

/** Turns backend-eval samples into history entries: `<scope>-all-<stamp>-sample-<N>`. */
export function historyEntries(result: BackendEvalResult, options: HistoryEntryOptions): PerformanceHistoryEntry[] {
  const stamp = options.now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  const workloads = result.datasets.map((dataset) => dataset.workload);
  return result.samples.map((sample) => ({
    label: `graph-db backend-eval ${workloads.join("+")} ${options.scope} sample ${sample.sample}`,
    id: `${options.scope}-all-${stamp}-sample-${sample.sample}`,
    timestamp: options.now.toISOString(),
    workload: workloads.join(","),
    sample_index: sample.sample,
    backend: [result.baseline, ...result.candidates].join(","),
    projection_mode: workloads.includes("full_projection") ? "full" : "real",
    cache_state: options.cacheState,
    scope: options.scope,
    metrics: sample.metrics,
  }));
}

export interface PerformanceGateDecision {
  /** Runs the history holds, and per gate workload how many measured it. */
  history_runs: number;
  workload_samples: Record<string, number>;
  min_samples_per_workload: number;
  warnings: string[];
  candidates: Pick<BackendPromotionReport, "candidate" | "decision" | "reasons" | "workloads">[];
  hop_cap: Pick<HopCapPromotionReport, "candidate_hops" | "decision" | "reasons">[];
}

/**
 * The binding promote/block calls for each candidate backend and each higher hop tier,
 * read from the recorded history (never from the run that just happened: one run is
 * diagnostic, three per workload are evidence).
 */
export function performanceGateDecision(history: PerformanceHistory, candidates: readonly string[]): PerformanceGateDecision {
  const workloadSamples: Record<string, number> = {};
  for (const workload of GATE_WORKLOADS) workloadSamples[workload] = history.runs.filter((run) => run.workloads.includes(workload)).length;
  return {
    history_runs: history.runs.length,
    workload_samples: workloadSamples,
    min_samples_per_workload: MIN_SAMPLES_PER_WORKLOAD,
    warnings: history.warnings,
    candidates: candidates.map((candidate) => {
      const report = evaluateBackendPromotion(history, candidate);
      return { candidate: report.candidate, decision: report.decision, reasons: report.reasons, workloads: report.workloads };
    }),
    hop_cap: HOP_CAP_CANDIDATE_TIERS.map((tier) => {
      const report = evaluateHopCapPromotion(history, tier);
      return { candidate_hops: report.candidate_hops, decision: report.decision, reasons: report.reasons };
    }),
  };
}
