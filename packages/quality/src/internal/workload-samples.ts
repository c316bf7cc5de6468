import type { PerformanceHistory, PerformanceSample } from "../parse-performance-history";
import { FULL_PROJECTION_CACHE_HIT_METRIC, type GateWorkload } from "../perf-gate-rules";

export interface WorkloadSamples {
  /** Runs that measured the workload and count as evidence. */
  binding: PerformanceSample[];
  /** Runs that measured it but are diagnostic only (full-projection cache misses). */
  excluded: number;
}

export function workloadSamples(history: PerformanceHistory, workload: GateWorkload, requireCacheHit: boolean): WorkloadSamples {
  const binding: PerformanceSample[] = [];
  let excluded = 0;
  for (const run of history.runs) {
    if (!run.workloads.includes(workload)) continue;
    // A run without the cache metric is treated like a miss: the gate cannot tell
    // a warm measurement from a rebuild, and it never invents evidence.
    if (requireCacheHit && workload === "full_projection" && run.metrics[FULL_PROJECTION_CACHE_HIT_METRIC] !== 1) {
      excluded++;
      continue;
    }
    binding.push(run);
  }
  return { binding, excluded };
}

export function metricValues(runs: readonly PerformanceSample[], workload: GateWorkload, backend: string, metric: string): number[] {
  const key = `${workload}.${backend}.${metric}`;
  const values: number[] = [];
  for (const run of runs) {
    const value = run.metrics[key];
    if (value !== undefined) values.push(value);
  }
  return values;
}

/** Metric names (after `<workload>.<backend>.`) this backend reported in any run, sorted. */
export function metricNames(runs: readonly PerformanceSample[], workload: GateWorkload, backend: string): string[] {
  const prefix = `${workload}.${backend}.`;
  const names = new Set<string>();
  for (const run of runs) {
    for (const key of Object.keys(run.metrics)) {
      if (key.startsWith(prefix)) names.add(key.slice(prefix.length));
    }
  }
  return [...names].sort();
}

export { formatDurationMicros as formatMicros } from "../format-duration";
