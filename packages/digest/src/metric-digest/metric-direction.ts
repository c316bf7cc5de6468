import type { MetricDirection } from "./metric-digest-types";

const LOWER = new Set([
  "mae",
  "rmse",
  "mse",
  "mape",
  "latency",
  "cost",
  "error",
  "errors",
  "err",
  "duration",
  "micros",
  "ms",
  "millis",
  "seconds",
  "secs",
  "time",
  "runtime",
  "elapsed",
  "loss",
  "bytes",
  "size",
  "memory",
  "rss",
  "wait",
  "contention",
  "failures",
  "failed",
  "fail",
  "regressions",
  "misses",
  "miss",
  "p50",
  "p90",
  "p95",
  "p99",
  "stale",
]);
const HIGHER = new Set([
  "score",
  "accuracy",
  "acc",
  "pass",
  "passed",
  "throughput",
  "precision",
  "recall",
  "f1",
  "coverage",
  "stability",
  "hit",
  "hits",
  "ops",
  "qps",
  "rps",
  "speedup",
  "savings",
  "saved",
  "auc",
  "success",
]);

/** Whether a metric is better low or high, from its name: the last word that says so wins (`error_rate` is lower, `pass_rate` higher). */
export function inferDirection(metric: string): MetricDirection {
  const words = metric
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  let direction: MetricDirection = "unknown";
  for (const word of words) {
    if (LOWER.has(word)) direction = "lower";
    else if (HIGHER.has(word)) direction = "higher";
  }
  return direction;
}

/** Explicit directions win over the inferred one. */
export function directionOf(metric: string, lower: ReadonlySet<string>, higher: ReadonlySet<string>): MetricDirection {
  if (lower.has(metric)) return "lower";
  if (higher.has(metric)) return "higher";
  return inferDirection(metric);
}
