/**
 * A duration in microseconds as every backend-eval report prints it, the gate's reasons and
 * the metrics table alike: milliseconds, two decimals under 10 ms, whole ones above.
 */
export function formatDurationMicros(micros: number): string {
  return `${(micros / 1000).toFixed(micros >= 10_000 ? 0 : 2)}ms`;
}
