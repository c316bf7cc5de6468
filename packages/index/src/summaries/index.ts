/**
 * `@tsift/index/summaries`: the cached LLM summaries in `.tsift/summaries.db` — extraction
 * through a provider (the Anthropic Messages API by default) and the read-only queries.
 *
 * Also the summaries part's entry point and interface (README.md): other parts import only names
 * exported here, each from the module it is exported from (test/part-layers.test.ts).
 */
export {
  acquireSummariesLock,
  hasSummaries,
  openSummariesReader,
  openSummariesWriter,
  summariesLocation,
  SUMMARIES_SCHEMA_VERSION,
  SUMMARIZE_EXTRACT_COMMAND,
  type SummariesLocation,
  type SummaryRow,
} from "./summaries-store";
export {
  anthropicSummaryProvider,
  parseSummaryAnswer,
  summaryPrompt,
  ANTHROPIC_VERSION,
  DEFAULT_ANTHROPIC_BASE_URL,
  DEFAULT_API_KEY_ENV,
  DEFAULT_SUMMARY_MODEL,
  type AnthropicProviderOptions,
  type SummaryBatchResult,
  type SummaryProvider,
  type SummaryRequestItem,
  type SymbolSummary,
} from "./summary-provider";
export {
  extractSummaries,
  gitChangedFiles,
  summaryProviderFromConfig,
  DEFAULT_MAX_FILE_TOKENS,
  DEFAULT_SUMMARY_BATCH_SIZE,
  type ExtractReport,
  type ExtractSkip,
  type ExtractSummariesOptions,
} from "./extract-summaries";
export {
  explainSummaries,
  readFileSummaries,
  readSummaryStats,
  readSymbolSummary,
  summaryCoverage,
  type ExplainSummaries,
  type FileSummaryView,
  type SummaryCoverage,
  type SummaryState,
  type SummaryStats,
  type SymbolSummaryView,
} from "./read-summaries";
export { isSummarizedKind } from "./symbol-sources";
export { resolveProjectRoot, type ProjectRoot } from "../walk/resolve-project-root";
export { digestSummaries, MAX_SUMMARY_TARGETS, type DigestSummaries, type DigestSummarySnippet, type SummaryTarget } from "./digest-summaries";
