import type { DigestEconomy } from "../digest-economy";

/** One run of a metric history: its identity and its numeric metrics (flattened to dotted names). */
export interface MetricRun {
  label: string | null;
  id: string | null;
  timestamp: string | null;
  metrics: Record<string, number>;
}

export type MetricDirection = "lower" | "higher" | "unknown";
export type MetricStatus = "improved" | "regressed" | "unchanged" | "changed";

export interface MetricDelta {
  metric: string;
  direction: MetricDirection;
  baseline: number;
  current: number;
  delta: number;
  /** Relative change in percent, one decimal; null when the baseline is 0. */
  delta_pct: number | null;
  /** `changed`: the value moved but the direction is unknown. */
  status: MetricStatus;
}

export interface MetricRunRef {
  label: string | null;
  id: string | null;
  timestamp: string | null;
}

export interface CommunityGateCheck {
  workload: string;
  check: string;
  metric: string | null;
  value: number | null;
  /** What the check requires, e.g. `>= 95`, `== 1`, `<= +25% vs compared`. */
  requirement: string;
  status: "pass" | "fail";
  reason?: string;
}

/** The community-search gate: both workloads, runtime, coverage, behaviour and precision checks. */
export interface CommunitySearchGate {
  status: "pass" | "fail";
  workloads: string[];
  missing_workloads: string[];
  checks: CommunityGateCheck[];
}

export interface MetricGateVerdict {
  /** True when the caller asked for the gate (the CLI's `--gate` exits 1 on `fail`). */
  enforced: boolean;
  status: "pass" | "fail";
  threshold_pct: number;
  failures: { metric: string; reason: string }[];
}

export interface DigestMetricsOptions {
  /** A baseline history (text, parsed JSON or runs): its latest run is compared instead of the previous input run. */
  baseline?: string | unknown;
  /** Only these metrics (exact names, or a prefix ending in `*`). */
  metrics?: readonly string[];
  lowerIsBetter?: readonly string[];
  higherIsBetter?: readonly string[];
  /** Enforce the verdict (`gate.enforced`); the verdict is computed either way. */
  gate?: boolean;
  /** A regression larger than this share (percent) fails the gate. Default 10. */
  thresholdPct?: number;
  /** Per-metric deltas listed. Default 20; 0 = all. */
  limit?: number;
  /** Improvements and regressions listed. Default 5. */
  top?: number;
  /** Runs in the history table. Default 10. */
  historyRows?: number;
}

export interface MetricDigest {
  runs: number;
  current: MetricRunRef;
  /** Where the compared run came from, or none for a single run without a baseline. */
  compared_from: "baseline" | "previous" | "none";
  compared: MetricRunRef | null;
  metrics_total: number;
  counts: Record<MetricStatus, number>;
  deltas: MetricDelta[];
  deltas_total: number;
  improvements: MetricDelta[];
  regressions: MetricDelta[];
  /** Metrics only the current run has, and only the compared run has. */
  added: string[];
  removed: string[];
  added_total: number;
  removed_total: number;
  /** Markdown table lines: the last runs by the chosen or most-changed metrics (join with "\n"). */
  history_table: string[];
  community_search_gate: CommunitySearchGate | null;
  gate: MetricGateVerdict;
  truncated: boolean;
  economy: DigestEconomy;
}
