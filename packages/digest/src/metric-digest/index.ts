// The metric digest's public surface, re-exported by the package entry.
export { digestMetrics } from "./digest-metrics";
export { parseMetricRuns } from "./parse-metric-runs";
export { inferDirection } from "./metric-direction";
export type {
  CommunityGateCheck,
  CommunitySearchGate,
  DigestMetricsOptions,
  MetricDelta,
  MetricDigest,
  MetricDirection,
  MetricGateVerdict,
  MetricRun,
  MetricRunRef,
  MetricStatus,
} from "./metric-digest-types";
