export {
  BASELINE_BACKEND,
  FULL_PROJECTION_CACHE_HIT_METRIC,
  GATE_WORKLOAD_DISPLAY_NAMES,
  GATE_WORKLOADS,
  HOP_CAP_ALLOWED_REGRESSION_PERCENT,
  HOP_CAP_CANDIDATE_TIERS,
  HOP_CAP_CURRENT_DEFAULT,
  HOP_CAP_REQUIRED_WORKLOADS,
  LOCK_BEHAVIOR_METRIC_SUFFIXES,
  MIN_SAMPLES_PER_WORKLOAD,
  REQUIRED_GATE_METRICS,
  type GateWorkload,
} from "./perf-gate-rules";
export {
  parsePerformanceHistory,
  type PerformanceHistory,
  type PerformanceSample,
} from "./parse-performance-history";
export {
  evaluateBackendPromotion,
  type BackendMetricComparison,
  type BackendPromotionOptions,
  type BackendPromotionReport,
  type BackendWorkloadEvaluation,
  type MetricStatus,
  type WorkloadStatus,
} from "./evaluate-backend-promotion";
export {
  evaluateHopCapPromotion,
  type HopCapCheck,
  type HopCapCheckStatus,
  type HopCapPromotionOptions,
  type HopCapPromotionReport,
  type HopCapWorkloadEvaluation,
  type HopCapWorkloadStatus,
} from "./evaluate-hop-cap-promotion";
