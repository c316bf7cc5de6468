/**
 * The fixed rules of the Graph DB performance release gate. They are constants, not options, because a gate
 * whose thresholds can be tuned per run is not a gate.
 */

/** Fixture metric prefixes of the four workloads every evaluation needs. */
export type GateWorkload = "real" | "full_projection" | "synthetic_high_degree" | "synthetic_deep_chain";

export const GATE_WORKLOADS: readonly GateWorkload[] = Object.freeze(["real", "full_projection", "synthetic_high_degree", "synthetic_deep_chain"] as const);

/** The names reports and operators use for each workload. */
export const GATE_WORKLOAD_DISPLAY_NAMES: Readonly<Record<GateWorkload, string>> = Object.freeze({
  real: "default",
  full_projection: "full-projection",
  synthetic_high_degree: "high-degree",
  synthetic_deep_chain: "deep-chain",
});

/** No call is binding until a workload has this many samples; medians need three to shrug off one outlier. */
export const MIN_SAMPLES_PER_WORKLOAD = 3;

/** The stabilized backend every candidate is measured against. */
export const BASELINE_BACKEND = "sqlite";

/** Metrics a candidate must beat on every workload: write cost and total cost. */
export const REQUIRED_GATE_METRICS: readonly string[] = Object.freeze(["refresh.duration_micros", "total_duration_micros"]);

/** A candidate metric ending in one of these must be no worse than the baseline's. */
export const LOCK_BEHAVIOR_METRIC_SUFFIXES: readonly string[] = Object.freeze(["lock_wait_micros", "lock_contention_micros"]);

/**
 * Full-projection samples are binding only on a projection-cache hit (value 1);
 * a miss measures source-graph rebuild cost, not the backend.
 */
export const FULL_PROJECTION_CACHE_HIT_METRIC = "full_projection.cache.hit";

/** The user-facing `--max-hops` default the hop-cap gate protects. */
export const HOP_CAP_CURRENT_DEFAULT = 64;

/** Higher hop tiers that backend-eval measures; all three must be recorded. */
export const HOP_CAP_CANDIDATE_TIERS: readonly number[] = Object.freeze([128, 256, 512]);

/** Workloads a higher hop cap must prove itself on. */
export const HOP_CAP_REQUIRED_WORKLOADS: readonly GateWorkload[] = Object.freeze(["real", "full_projection", "synthetic_deep_chain"] as const);

/** How much slower than the 64-hop median a higher tier may be, in percent. */
export const HOP_CAP_ALLOWED_REGRESSION_PERCENT = 10;
