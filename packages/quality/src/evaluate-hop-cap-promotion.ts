import { TsiftError } from "@tsift/core";
import { median } from "./internal/median";
import { formatMicros, metricValues, workloadSamples } from "./internal/workload-samples";
import type { PerformanceHistory, PerformanceSample } from "./parse-performance-history";
import {
  BASELINE_BACKEND,
  GATE_WORKLOAD_DISPLAY_NAMES,
  HOP_CAP_ALLOWED_REGRESSION_PERCENT,
  HOP_CAP_CANDIDATE_TIERS,
  HOP_CAP_CURRENT_DEFAULT,
  HOP_CAP_REQUIRED_WORKLOADS,
  MIN_SAMPLES_PER_WORKLOAD,
  type GateWorkload,
} from "./perf-gate-rules";

export interface HopCapPromotionOptions {
  /** Latency a higher tier may add over the 64-hop median, in percent. Default 10. */
  allowedRegressionPercent?: number;
  /** Count full-projection runs only on a projection-cache hit (a miss measures the rebuild, not the backend). Default true. */
  requireFullProjectionCacheHit?: boolean;
}

export type HopCapCheckStatus = "pass" | "regresses" | "not_useful" | "missing" | "insufficient_samples";

export interface HopCapCheck {
  /** `latency`, `rows`, or `coverage` (every candidate tier recorded). */
  check: "latency" | "rows" | "coverage";
  /** The metric checked, after `<workload>.sqlite.`. */
  metric: string;
  status: HopCapCheckStatus;
  baseline_median: number | null;
  candidate_median: number | null;
  /** For latency: the ceiling the candidate median had to stay at or under. */
  allowed: number | null;
}

export type HopCapWorkloadStatus = "promotable" | "hold" | "missing" | "insufficient_samples";

export interface HopCapWorkloadEvaluation {
  workload: GateWorkload;
  display_name: string;
  status: HopCapWorkloadStatus;
  sample_count: number;
  excluded_samples: number;
  checks: HopCapCheck[];
}

export interface HopCapPromotionReport {
  decision: "promote" | "block";
  backend: string;
  current_default_hops: number;
  candidate_hops: number;
  allowed_regression_percent: number;
  min_samples_per_workload: number;
  workloads: HopCapWorkloadEvaluation[];
  reasons: string[];
}

/**
 * Decide whether the graph path default may rise from 64 hops to `tier` (128,
 * 256 or 512). On each of the real, full-projection and deep-chain workloads,
 * SQLite's median latency at `tier` must stay within the allowance over its
 * 64-hop median, the tier must return useful rows (more rows than 64 hops on the
 * deep chain, since proving deeper paths is the point; at least as many
 * elsewhere), and all three candidate tiers must have been recorded, so a partial
 * run cannot pass as evidence. Anything else holds the 64-hop default.
 */
export function evaluateHopCapPromotion(history: PerformanceHistory, tier: number, options: HopCapPromotionOptions = {}): HopCapPromotionReport {
  const allowedPercent = options.allowedRegressionPercent ?? HOP_CAP_ALLOWED_REGRESSION_PERCENT;
  const requireCacheHit = options.requireFullProjectionCacheHit ?? true;
  if (!HOP_CAP_CANDIDATE_TIERS.includes(tier)) {
    throw new TsiftError("invalid_input", `hop tier ${tier} is not a measured promotion tier; use one of ${HOP_CAP_CANDIDATE_TIERS.join(", ")}`, {
      details: { tier, tiers: [...HOP_CAP_CANDIDATE_TIERS] },
    });
  }
  if (!Number.isFinite(allowedPercent) || allowedPercent < 0) {
    throw new TsiftError("invalid_input", `allowedRegressionPercent must be a non-negative number, got ${allowedPercent}`);
  }

  const reasons: string[] = [];
  const workloads = HOP_CAP_REQUIRED_WORKLOADS.map((workload): HopCapWorkloadEvaluation => {
    const display = GATE_WORKLOAD_DISPLAY_NAMES[workload];
    const { binding, excluded } = workloadSamples(history, workload, requireCacheHit);
    const base = { workload, display_name: display, sample_count: binding.length, excluded_samples: excluded };
    if (binding.length === 0 && excluded === 0) {
      reasons.push(`\`${display}\`: missing from history`);
      return { ...base, status: "missing", checks: [] };
    }
    if (binding.length < MIN_SAMPLES_PER_WORKLOAD) {
      const cacheNote = excluded > 0 ? ` (${excluded} cache-miss run(s) not binding)` : "";
      reasons.push(`\`${display}\`: only ${binding.length}/${MIN_SAMPLES_PER_WORKLOAD} binding samples${cacheNote}`);
      return { ...base, status: "insufficient_samples", checks: [] };
    }

    const checks = [...coverageChecks(binding, workload, tier), latencyCheck(binding, workload, tier, allowedPercent), rowsCheck(binding, workload, tier)];
    for (const check of checks) {
      if (check.status !== "pass") reasons.push(`\`${display}\`: ${describeCheck(check)}`);
    }
    const status = checks.every((check) => check.status === "pass") ? "promotable" : "hold";
    return { ...base, status, checks };
  });

  const decision = workloads.every((workload) => workload.status === "promotable") ? "promote" : "block";
  if (decision === "promote") {
    reasons.push(`${tier}-hop tier fits the ${allowedPercent}% budget with useful rows on every required workload`);
  }
  return {
    decision,
    backend: BASELINE_BACKEND,
    current_default_hops: HOP_CAP_CURRENT_DEFAULT,
    candidate_hops: tier,
    allowed_regression_percent: allowedPercent,
    min_samples_per_workload: MIN_SAMPLES_PER_WORKLOAD,
    workloads,
    reasons,
  };
}

function hopMetric(hops: number, leaf: "duration_micros" | "rows"): string {
  return hops === HOP_CAP_CURRENT_DEFAULT ? `path_max_hops.${leaf}` : `path_max_hops_${hops}.${leaf}`;
}

interface Medians {
  baseline: number | null;
  candidate: number | null;
  shortfall: HopCapCheckStatus | null;
}

// Fewer than three values for either side makes the comparison non-binding.
function medians(runs: readonly PerformanceSample[], workload: GateWorkload, baseline: string, candidate: string): Medians {
  const baselineValues = metricValues(runs, workload, BASELINE_BACKEND, baseline);
  const candidateValues = metricValues(runs, workload, BASELINE_BACKEND, candidate);
  const fewest = Math.min(baselineValues.length, candidateValues.length);
  return {
    baseline: median(baselineValues),
    candidate: median(candidateValues),
    shortfall: fewest === 0 ? "missing" : fewest < MIN_SAMPLES_PER_WORKLOAD ? "insufficient_samples" : null,
  };
}

// The evaluated tier is covered by its own latency and rows checks; this only
// asks whether the other tiers were measured in the same runs.
function coverageChecks(runs: readonly PerformanceSample[], workload: GateWorkload, tier: number): HopCapCheck[] {
  const checks: HopCapCheck[] = [];
  for (const hops of HOP_CAP_CANDIDATE_TIERS.filter((candidate) => candidate !== tier)) {
    for (const leaf of ["duration_micros", "rows"] as const) {
      const metric = hopMetric(hops, leaf);
      const count = metricValues(runs, workload, BASELINE_BACKEND, metric).length;
      if (count < MIN_SAMPLES_PER_WORKLOAD) {
        checks.push({
          check: "coverage",
          metric,
          status: count === 0 ? "missing" : "insufficient_samples",
          baseline_median: null,
          candidate_median: null,
          allowed: null,
        });
      }
    }
  }
  return checks;
}

function latencyCheck(runs: readonly PerformanceSample[], workload: GateWorkload, tier: number, percent: number): HopCapCheck {
  const metric = hopMetric(tier, "duration_micros");
  const { baseline, candidate, shortfall } = medians(runs, workload, hopMetric(HOP_CAP_CURRENT_DEFAULT, "duration_micros"), metric);
  const allowed = baseline === null ? null : baseline * (1 + percent / 100);
  const status = shortfall ?? (candidate! <= allowed! ? "pass" : "regresses");
  return { check: "latency", metric, status, baseline_median: baseline, candidate_median: candidate, allowed };
}

function rowsCheck(runs: readonly PerformanceSample[], workload: GateWorkload, tier: number): HopCapCheck {
  const metric = hopMetric(tier, "rows");
  const { baseline, candidate, shortfall } = medians(runs, workload, hopMetric(HOP_CAP_CURRENT_DEFAULT, "rows"), metric);
  let status: HopCapCheckStatus;
  if (shortfall !== null) {
    status = shortfall;
  } else {
    // The deep chain exists to show paths longer than 64 hops; parity there proves nothing.
    const useful = workload === "synthetic_deep_chain" ? candidate! > baseline! : candidate! >= baseline!;
    status = candidate! > 0 && useful ? "pass" : "not_useful";
  }
  return { check: "rows", metric, status, baseline_median: baseline, candidate_median: candidate, allowed: null };
}

function describeCheck(check: HopCapCheck): string {
  const metric = `\`${check.metric}\``;
  switch (check.status) {
    case "missing":
      return check.check === "coverage"
        ? `${metric} was not recorded; backend-eval must measure every candidate tier`
        : `${metric} or its 64-hop baseline was not recorded`;
    case "insufficient_samples":
      return `${metric} has fewer than ${MIN_SAMPLES_PER_WORKLOAD} samples`;
    case "regresses":
      return `${metric} regresses: ${formatMicros(check.candidate_median!)} > allowed ${formatMicros(check.allowed!)} (64-hop ${formatMicros(check.baseline_median!)})`;
    case "not_useful":
      return `${metric} is not useful: ${check.candidate_median} row(s) vs ${check.baseline_median} at 64 hops`;
    case "pass":
      return `${metric} passes`;
  }
}
