import { TsiftError } from "@tsift/core";
import { median } from "./internal/median";
import { formatMicros, metricNames, metricValues, workloadSamples } from "./internal/workload-samples";
import type { PerformanceHistory } from "./parse-performance-history";
import {
  BASELINE_BACKEND,
  GATE_WORKLOAD_DISPLAY_NAMES,
  GATE_WORKLOADS,
  LOCK_BEHAVIOR_METRIC_SUFFIXES,
  MIN_SAMPLES_PER_WORKLOAD,
  REQUIRED_GATE_METRICS,
  type GateWorkload,
} from "./perf-gate-rules";

export interface BackendPromotionOptions {
  /**
   * Margin a required metric must win by, as a fraction of the baseline median:
   * 0.05 means at least 5% faster. Default 0: strictly faster than the baseline.
   */
  improvementThreshold?: number;
  /** Count full-projection runs only on a projection-cache hit (a miss measures the rebuild, not the backend). Default true. */
  requireFullProjectionCacheHit?: boolean;
}

export type MetricStatus = "beats" | "matches" | "regresses" | "missing" | "insufficient_samples";

export interface BackendMetricComparison {
  /** The metric after `<workload>.<backend>.`, e.g. `refresh.duration_micros`. */
  metric: string;
  /** `required` metrics must beat the baseline; `lock` metrics must not be worse. */
  kind: "required" | "lock";
  status: MetricStatus;
  baseline_median: number | null;
  candidate_median: number | null;
  baseline_samples: number;
  candidate_samples: number;
}

export type WorkloadStatus = "beats" | "regresses" | "missing" | "insufficient_samples";

export interface BackendWorkloadEvaluation {
  workload: GateWorkload;
  display_name: string;
  status: WorkloadStatus;
  /** Runs counted as evidence for this workload. */
  sample_count: number;
  /** Runs that measured it but were not binding (full-projection cache misses). */
  excluded_samples: number;
  metrics: BackendMetricComparison[];
}

export interface BackendPromotionReport {
  decision: "promote" | "block";
  candidate: string;
  baseline: string;
  min_samples_per_workload: number;
  workloads: BackendWorkloadEvaluation[];
  /** Why the decision came out as it did, one line per blocking fact. */
  reasons: string[];
}

/**
 * Decide whether a candidate GraphStore backend may replace SQLite. It is
 * promoted only if, on every gate workload, its median beats SQLite's on every
 * required metric and is no worse on every lock-behaviour metric it reports.
 * Anything short of that (a missing workload, fewer than three samples for
 * either backend, one regression) blocks, and `reasons` says which.
 */
export function evaluateBackendPromotion(history: PerformanceHistory, candidate: string, options: BackendPromotionOptions = {}): BackendPromotionReport {
  const threshold = options.improvementThreshold ?? 0;
  const requireCacheHit = options.requireFullProjectionCacheHit ?? true;
  if (candidate === "" || candidate.includes(".")) {
    throw new TsiftError("invalid_input", `candidate backend id must be a non-empty metric segment, got "${candidate}"`);
  }
  if (candidate === BASELINE_BACKEND) {
    throw new TsiftError("invalid_input", `${BASELINE_BACKEND} is the baseline; name a candidate backend to evaluate`);
  }
  if (!Number.isFinite(threshold) || threshold < 0 || threshold >= 1) {
    throw new TsiftError("invalid_input", `improvementThreshold must be in [0, 1), got ${threshold}`);
  }

  const reasons: string[] = [];
  const workloads = GATE_WORKLOADS.map((workload): BackendWorkloadEvaluation => {
    const display = GATE_WORKLOAD_DISPLAY_NAMES[workload];
    const { binding, excluded } = workloadSamples(history, workload, requireCacheHit);
    const base = {
      workload,
      display_name: display,
      sample_count: binding.length,
      excluded_samples: excluded,
    };
    const cacheNote = excluded > 0 ? ` (${excluded} cache-miss run(s) not binding)` : "";

    if (binding.length === 0 && excluded === 0) {
      reasons.push(`\`${display}\`: missing from history`);
      return { ...base, status: "missing", metrics: [] };
    }
    if (binding.length < MIN_SAMPLES_PER_WORKLOAD) {
      reasons.push(`\`${display}\`: only ${binding.length}/${MIN_SAMPLES_PER_WORKLOAD} binding samples${cacheNote}`);
      return { ...base, status: "insufficient_samples", metrics: [] };
    }

    const compare = (metric: string, kind: "required" | "lock"): BackendMetricComparison => {
      const baselineValues = metricValues(binding, workload, BASELINE_BACKEND, metric);
      const candidateValues = metricValues(binding, workload, candidate, metric);
      const baselineMedian = median(baselineValues);
      const candidateMedian = median(candidateValues);
      const comparison = {
        metric,
        kind,
        baseline_median: baselineMedian,
        candidate_median: candidateMedian,
        baseline_samples: baselineValues.length,
        candidate_samples: candidateValues.length,
      };
      const short = (who: string, count: number) => (count === 0 ? `${who} has no samples` : `${who} has ${count}/${MIN_SAMPLES_PER_WORKLOAD} samples`);
      if (baselineValues.length === 0 || candidateValues.length === 0) {
        const who = baselineValues.length === 0 ? `baseline ${BASELINE_BACKEND}` : `candidate ${candidate}`;
        reasons.push(`\`${display}\`: \`${metric}\` ${who} has no samples`);
        return { ...comparison, status: "missing" };
      }
      if (baselineValues.length < MIN_SAMPLES_PER_WORKLOAD || candidateValues.length < MIN_SAMPLES_PER_WORKLOAD) {
        const detail =
          baselineValues.length < MIN_SAMPLES_PER_WORKLOAD
            ? short(`baseline ${BASELINE_BACKEND}`, baselineValues.length)
            : short(`candidate ${candidate}`, candidateValues.length);
        reasons.push(`\`${display}\`: \`${metric}\` ${detail}`);
        return { ...comparison, status: "insufficient_samples" };
      }
      const b = baselineMedian!;
      const c = candidateMedian!;
      if (kind === "lock") {
        if (c <= b) return { ...comparison, status: c < b ? "beats" : "matches" };
        reasons.push(`\`${display}\`: lock metric \`${metric}\` regresses: ${formatMicros(c)} > ${BASELINE_BACKEND} ${formatMicros(b)}`);
        return { ...comparison, status: "regresses" };
      }
      const ceiling = b * (1 - threshold);
      if (c < ceiling) return { ...comparison, status: "beats" };
      const margin = threshold > 0 ? ` (must be under ${formatMicros(ceiling)})` : "";
      reasons.push(`\`${display}\`: \`${metric}\` does not beat ${BASELINE_BACKEND}: ${formatMicros(c)} vs ${formatMicros(b)}${margin}`);
      return { ...comparison, status: "regresses" };
    };

    const lockMetrics = metricNames(binding, workload, candidate).filter((name) => LOCK_BEHAVIOR_METRIC_SUFFIXES.some((suffix) => name.endsWith(suffix)));
    const metrics = [...REQUIRED_GATE_METRICS.map((metric) => compare(metric, "required")), ...lockMetrics.map((metric) => compare(metric, "lock"))];
    const status: WorkloadStatus = metrics.some((m) => m.status === "regresses")
      ? "regresses"
      : metrics.some((m) => m.status === "missing" || m.status === "insufficient_samples")
        ? "insufficient_samples"
        : "beats";
    return { ...base, status, metrics };
  });

  const decision = workloads.every((workload) => workload.status === "beats") ? "promote" : "block";
  if (decision === "promote") {
    reasons.push(`${candidate} beats ${BASELINE_BACKEND} on every required metric of all ${workloads.length} workloads`);
  }
  return {
    decision,
    candidate,
    baseline: BASELINE_BACKEND,
    min_samples_per_workload: MIN_SAMPLES_PER_WORKLOAD,
    workloads,
    reasons,
  };
}
