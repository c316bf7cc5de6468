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
export { formatDurationMicros } from "./format-duration";
export { parsePerformanceHistory, type PerformanceHistory, type PerformanceSample } from "./parse-performance-history";
export { readPerformanceHistory, shippedPerformanceHistoryPath } from "./shipped-history";
export { shippedDciBenchmarkFixturePath, shippedTokenSavingsFixturePath } from "./shipped-fixtures";
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
export { DEEP_CHAIN_LENGTH, HIGH_DEGREE_HUB, HIGH_DEGREE_SPOKES, deepChainEnds, deepChainGraph, highDegreeGraph } from "./backend-eval/synthetic-graphs";
export { chooseProbes, type EvalProbes } from "./backend-eval/eval-probes";
export {
  BACKEND_EVAL_OPERATIONS,
  runBackendEval,
  type BackendEvalBackend,
  type BackendEvalDataset,
  type BackendEvalParity,
  type BackendEvalResult,
  type BackendEvalSample,
  type RunBackendEvalOptions,
} from "./backend-eval/run-backend-eval";
export {
  historyEntries,
  performanceGateDecision,
  type HistoryEntryOptions,
  type PerformanceGateDecision,
  type PerformanceHistoryEntry,
} from "./backend-eval/performance-gate";
export { PROJECTION_CACHE_VERSION, readProjectionCache, writeProjectionCache, type ProjectionCacheEntry } from "./backend-eval/projection-cache";
export { evaluateGraphBackends, type BackendEvalData, type EvaluateGraphBackendsOptions } from "./backend-eval/evaluate-graph-backends";
// `tsift lint`: unannotated mentions of known entities in markdown prose.
export { lintMarkdown, type LintAnnotation, type LintMarkdownOptions, type LintReport } from "./markdown-lint/lint-markdown";
export { looksLikeCode, type EntityKind } from "./markdown-lint/markdown-entities";
// `tsift token-savings`: raw reads versus tsift answers, counted with a real tokenizer.
export {
  grepBaseline,
  GREP_BASELINE_SKIPPED_DIRS,
  GREP_BASELINE_SKIPPED_SUFFIXES,
  type GrepBaseline,
  type GrepBaselineOptions,
} from "./token-savings/grep-baseline";
export {
  evaluateTokenSavings,
  readTokenSavingsFixture,
  TOKENIZER,
  type TokenSavingsCase,
  type TokenSavingsFixture,
  type TokenSavingsReport,
  type TokenSavingsResult,
} from "./token-savings/token-savings";
// `tsift audit`: Claude Code skill health, duplicates, usage and a prune list.
export {
  auditSkills,
  DUPLICATE_CLEANUP_SCORE,
  skillAuditMarkdown,
  type AuditedSkill,
  type AuditSkillsOptions,
  type CleanupRecommendation,
  type SkillAuditReport,
} from "./audit/audit-skills";
export { parseFrontMatter, scanSkills, type ScannedSkill, type SkillStatus } from "./audit/scan-skills";
export { contentWords, jaccard, similarPairs, type SimilarPair } from "./audit/skill-similarity";
export { foldSkillName, scanSkillUsage, usageList, type SkillUsage, type SkillUsageScan } from "./audit/skill-usage";
// `tsift dci-benchmark`: recorded search-strategy runs, ranked by localization then budget.
export {
  DCI_LANES,
  evaluateDciBenchmark,
  readDciBenchmarkFixture,
  type DciBenchmarkFixture,
  type DciBenchmarkReport,
  type DciLaneSummary,
  type DciRun,
  type DciTask,
} from "./dci-benchmark/dci-benchmark";
