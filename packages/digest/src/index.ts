// Line digests: repeat collapsing and head/tail bounding.
export { collapseRepeats, type CollapseRepeatsOptions, type CollapseRepeatsResult, type RepeatRun } from "./collapse-repeats";
export { boundLines, DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, type BoundLinesOptions, type BoundLinesResult } from "./bound-lines";
// Bounded reports: list caps, budgets, byte truncation, previews with stable handles.
export { capList, moreLine, type CappedList } from "./cap-list";
// Budgets, byte truncation and previews: also the lean entry @tsift/digest/budget.
export * from "./budget-entry";
// Handles and shell quoting live in @tsift/core so the index use cases share them; re-exported
// here because every preview and follow-up command is spelled with them.
export { shellArg, stableHandle } from "@tsift/core/light";
// Every digest reports what it read and what it saved.
export { measureEconomy, withEconomy, type DigestEconomy } from "./digest-economy";
// Git diffs through the git CLI, shared by diff-digest, impact and context-pack.
export * from "./git/index";
export * from "./diff-digest/index";
export { summariesForAnchors, type DigestSummaries, type DigestSummarySnippet, type SummaryAnchor, type SummaryOptions } from "./summaries/digest-summaries";
// Log digest: signals, repeats and anchors of a captured log, streamed in bounded memory.
export {
  classifyLine,
  digestLog,
  digestLogStream,
  LogDigester,
  logDigest,
  SIGNAL_KINDS,
  withLogSummaries,
  type LogAnchor,
  type LogDigest,
  type LogDigestOptions,
  type LogDigestRequest,
  type LogDigestWithSummaries,
  type LogFirstError,
  type LogLine,
  type LogRepeatGroup,
  type LogSignalGroup,
  type ProjectLogDigest,
  type SignalKind,
} from "./log-digest/index";
// Metric digest: deltas of metric-run histories, direction inference and the gates.
export {
  digestMetrics,
  inferDirection,
  parseMetricRuns,
  type CommunityGateCheck,
  type CommunitySearchGate,
  type DigestMetricsOptions,
  type MetricDelta,
  type MetricDigest,
  type MetricDirection,
  type MetricGateVerdict,
  type MetricRun,
  type MetricRunRef,
  type MetricStatus,
} from "./metric-digest/index";
// Test digest: failures of captured test-runner output grouped by location and message.
export * from "./test-digest/index";
// `tsift rewrite`: high-token shell commands routed to the bounded tsift flow that answers them.
export { rewriteCommand, type RewriteDecision, type RewriteOptions, type RewriteReport } from "./rewrite/rewrite-command";
export { claudePreToolUse, type ClaudePreToolUseOutput } from "./rewrite/claude-pre-tool-use";
// `tsift run`: a command's full output kept under .tsift/artifacts/ and digested as a test run or a log.
export * from "./command-run/index";
// `tsift context-pack`: diff, test and log digests, touched symbols and status reminders in one bounded handoff.
export * from "./context-pack/index";
// Session observability: Claude/Codex transcripts, markdown session documents and runtime logs as digests, cost reports and reviews.
export * from "./session/index";
// The deterministic simulation harness: seeded rewrite, session-prompt and index-status corpora with coverage counters.
export { assertCoverage, CoverageCounter, type SimCoverage } from "./simworld/coverage";
export { SimRandom } from "./simworld/prng";
export { runSimWorld, SIM_WORLD_CLASSES, type SimWorldOptions, type SimWorldReport } from "./simworld/run-sim-world";
