// The curated public API of `tsift`: what a library user needs to do what the CLI does.
// Each package's internals stay in that package (import `@tsift/<name>` for them). Storage
// adapters are on `tsift/sqlite` and `tsift/libsql`, so importing this entry loads no
// native driver; the CLI is the `tsift` bin. docs/architecture.md maps the packages.

/** The project facade: every command of the CLI as a typed method returning what `--json` prints. */
export {
  openProject,
  type OpenProjectOptions,
  type Project,
  type ProjectCheckOptions,
  type ProjectContextPackOptions,
  type ProjectDiffDigestOptions,
  type ProjectTestDigestOptions,
  type ProjectLogDigestOptions,
  type ProjectEdgeOptions,
  type ProjectEditOptions,
  type ProjectExplainOptions,
  type ProjectPathOptions,
  type ProjectIndexOptions,
  type ProjectMapOptions,
  type ProjectInitOptions,
  type ProjectImpactOptions,
  type ProjectPackOptions,
  type ProjectRelatedOptions,
  type ProjectRunOptions,
  type ProjectSearchOptions,
  type ProjectStatusOptions,
  type ProjectArtifactsOptions,
  type ProjectCoChangeOptions,
  type ProjectHistory,
  type ProjectSummaries,
  type ProjectSummarizeExtractOptions,
  type ProjectHistorySearchOptions,
  type ProjectHistoryTagsOptions,
  type ProjectProvenanceOptions,
} from "./open-project";
export type { ProjectConvexSyncOptions } from "./project-convex-sync";
export type { ProjectGraphDb, ProjectGraphDbRefreshOptions, ProjectTraverseOptions } from "./project-graph";
export type { RelatedData, SearchData } from "@tsift/search";
export type { ConvexSyncData, DoctorData, GraphDbStatusData, InitReport, RefreshData, TraverseData } from "@tsift/index";
export type {
  GraphDbEdgeData,
  GraphDbEdgesData,
  GraphDbImportData,
  GraphDbKindOptions,
  GraphDbNeighborhoodData,
  GraphDbNeighborhoodOptions,
  GraphDbNodeData,
  GraphDbPageOptions,
  GraphDbPageReport,
  GraphDbPathData,
  GraphDbPathOptions,
  GraphDbSubgraphData,
} from "@tsift/core";
export type {
  AnalysisOptions,
  AnalysisReport,
  CallPath,
  CommunitiesOptions,
  CommunitiesResult,
  EditBatchReport,
  EditOutcome,
  EditRequest,
  IndexReport,
  LocksReport,
  SourceWindowReport,
  StatusReport,
  SymbolExplanation,
  SymbolGraphReport,
  SymbolQuery,
  SymbolsReport,
  WindowRequest,
} from "@tsift/index";

/** Errors: one class, a stable string `code` per failure (see `TSIFT_ERROR_CODES`). */
export { TsiftError, isTsiftError, TSIFT_ERROR_CODES, type TsiftErrorCode, type TsiftErrorOptions } from "@tsift/core";

/** graph.db: the backend-neutral store contract, its row types and the one snapshot store with no driver. */
export {
  ConvexSnapshotGraphStore,
  DEFAULT_MAX_HOPS,
  DEFAULT_PAGE_LIMIT,
  SQLITE_GRAPH_SCHEMA_VERSION,
  edgeKey,
  graphDbPath,
  type GraphCounts,
  type GraphDirection,
  type GraphEdge,
  type GraphEdgeInput,
  type GraphEdgeQueryOptions,
  type GraphNeighborhoodOptions,
  type GraphNode,
  type GraphPagedSubgraph,
  type GraphPathOptions,
  type GraphPathResult,
  type GraphProjection,
  type GraphProperties,
  type GraphQueryOptions,
  type GraphQueryPage,
  type GraphStore,
  type ProjectionRefreshReport,
  type ReplaceProjectionOptions,
} from "@tsift/core";

/** index.db: where an index lives, building and checking it, and how fresh it is. */
export {
  INDEX_SCHEMA_VERSION,
  checkIndex,
  discoverScopes,
  indexFreshness,
  indexLocation,
  loadConfig,
  selectScope,
  updateIndex,
  type CheckIndexOptions,
  type IndexFreshness,
  type IndexFreshnessOptions,
  type IndexLocation,
  type IndexSummary,
  type TsiftConfig,
  type UpdateIndexOptions,
  type WorkspaceScope,
} from "@tsift/index";

/** history.db: the git history index (commits, files, artifacts, kiste tags) and what it answers, co-change included. */
export {
  HISTORY_SCHEMA_VERSION,
  historyLocation,
  indexHistory,
  readArtifacts,
  readCoChange,
  readHistoryTags,
  readProvenance,
  searchHistory,
  topCoChanged,
  type CoChangedFile,
  type CoChangeResult,
  type HistoryArtifact,
  type HistoryArtifactsResult,
  type HistoryCommit,
  type HistoryIndexReport,
  type HistoryReadOptions,
  type HistorySearchHit,
  type HistorySearchResult,
  type HistoryTagCount,
  type HistoryTagsResult,
  type IndexHistoryOptions,
  type ProvenanceCommit,
  type ProvenanceResult,
  type ReadArtifactsOptions,
  type ReadCoChangeOptions,
  type ReadHistoryTagsOptions,
  type ReadProvenanceOptions,
  type SearchHistoryOptions,
} from "@tsift/index";

/** summaries.db: cached LLM summaries of symbols, the provider that fills it, and its read-only queries. */
export {
  anthropicSummaryProvider,
  extractSummaries,
  readFileSummaries,
  readSummaryStats,
  readSymbolSummary,
  summariesLocation,
  summaryCoverage,
  SUMMARIES_SCHEMA_VERSION,
  type ExtractReport,
  type ExtractSummariesOptions,
  type FileSummaryView,
  type SummaryCoverage,
  type SummaryProvider,
  type SummaryRequestItem,
  type SummaryBatchResult,
  type SummaryState,
  type SummaryStats,
  type SymbolSummaryView,
} from "@tsift/index";

/** index.db -> graph.db: the code graph projection and its incremental refresh into any GraphStore. */
export {
  codeGraphFreshness,
  projectCodeGraph,
  refreshCodeGraph,
  type CodeGraphFreshness,
  type CodeGraphProjection,
  type CodeGraphRefreshReport,
  type ProjectCodeGraphOptions,
  type RefreshCodeGraphOptions,
} from "@tsift/index";

/** Search: the `search` and `related` use cases over an index (and the budgeted preview of a search answer), `impact`: from a change to the tests it affects, and `pack`: a budgeted repo map. */
export {
  buildSearchPreview,
  impact,
  pack,
  relatedProject,
  searchProject,
  type AffectedTest,
  type ImpactOptions,
  type ImpactReport,
  type ImpactResult,
  type PackData,
  type PackOptions,
  type PackResult,
  type RelatedProjectOptions,
  type RelatedProjectResult,
  type SearchHit,
  type SearchPreview,
  type SearchProjectOptions,
  type SearchProjectResult,
} from "@tsift/search";

/** Graph algorithms on a call graph given as `{ nodes, edges }` or a graphology graph. */
export {
  couplingReport,
  deadCode,
  detectCommunities,
  forceLayout,
  healthReport,
  inferEntryPoints,
  pageRank,
  shortestPath,
  stronglyConnectedComponents,
  type EdgeListGraph,
  type GraphInput,
} from "@tsift/algorithms";
/** The explorable graph page (`tsift map`, `traverse --format html`): lay out any labelled graph, then render one self-contained HTML file. */
export {
  layoutGraphView,
  renderGraphView,
  type GraphViewEdgeInput,
  type GraphViewInput,
  type GraphViewModel,
  type GraphViewNodeInput,
  type LayoutGraphViewOptions,
  type RenderGraphViewOptions,
} from "@tsift/algorithms";

/** Bounded output: repeat collapsing, head/tail line windows, list caps and byte truncation. */
export { boundLines, capList, collapseRepeats, truncateBytes, type BoundLinesResult, type CappedList, type CollapseRepeatsResult } from "@tsift/digest";
/** `tsift token-savings`: recorded raw reads versus tsift answers, counted with a real tokenizer. */
export { evaluateTokenSavings, readTokenSavingsFixture, type TokenSavingsFixture, type TokenSavingsReport } from "@tsift/quality";
/** `tsift lint`: unannotated mentions of known entities in Markdown prose. */
export { lintMarkdown, type LintAnnotation, type LintMarkdownOptions, type LintReport } from "@tsift/quality";
/** `tsift rewrite`: the bounded tsift command line for a high-token shell command, or why there is none. */
export { rewriteCommand, type RewriteReport } from "@tsift/digest";
/** `tsift audit`: Claude Code skill health, manifest drift, near-duplicate pairs, usage from session JSONL and a prune list priced in tokens. */
export { auditSkills, skillAuditMarkdown, type AuditSkillsOptions, type SkillAuditReport } from "@tsift/quality";
/** `tsift dci-benchmark`: recorded search-strategy runs per lane, ranked by localization rate then tokens. */
export { evaluateDciBenchmark, readDciBenchmarkFixture, type DciBenchmarkFixture, type DciBenchmarkReport } from "@tsift/quality";
/** The deterministic simulation harness: seeded rewrite, session-prompt and index-status corpora with coverage that fails closed. */
export { runSimWorld, type SimWorldOptions, type SimWorldReport } from "@tsift/digest";
/** Git diffs through the git CLI: the files a worktree, staged, revision or merge-base diff changes, either side's bytes, and the bounded code-aware digest. */
export {
  diffDigest,
  diffTargetFromFlags,
  listDiffFiles,
  readSnapshot,
  type DiffDigestFile,
  type DiffDigestOptions,
  type DiffDigestReport,
  type DiffFile,
  type DiffHunk,
  type DiffStatus,
  type DiffSymbol,
  type DiffTarget,
} from "@tsift/digest";
/** Captured logs as a bounded digest (signals grouped, repeats collapsed, the first error anchored), streamed in bounded memory; metric-run histories as deltas with gates. */
export {
  digestLog,
  digestLogStream,
  digestMetrics,
  logDigest,
  type DigestMetricsOptions,
  type LogDigest,
  type LogDigestOptions,
  type LogDigestRequest,
  type MetricDelta,
  type MetricDigest,
  type ProjectLogDigest,
} from "@tsift/digest";
/** Test-runner output (vitest, jest, node:test, TAP, pytest, cargo, go, JUnit XML) as a bounded failure report, and the project use case that maps failing frames to indexed symbols. */
export {
  detectTestRunner,
  digestTestOutput,
  testDigest,
  TEST_RUNNERS,
  type ProjectTestDigest,
  type TestDigestOptions,
  type TestDigestReport,
  type TestDigestRequest,
  type TestFailureGroup,
  type TestRunner,
} from "@tsift/digest";
/** Session observability: Claude Code and Codex transcripts, markdown session documents and runtime logs as bounded digests and cost reports, and the review of a repository's newest sessions. */
export {
  digestSession,
  sessionCost,
  sessionReview,
  type SessionCost,
  type SessionCostOptions,
  type SessionDigest,
  type SessionDigestOptions,
  type SessionReview,
  type SessionReviewOptions,
  type SessionSourceChoice,
} from "@tsift/digest";
/** `tsift run` and `tsift context-pack`: a command's output kept under .tsift/artifacts/ and digested; the diff, digests, touched symbols and status reminders in one bounded handoff. */
export { contextPack, runCommand, type ContextPack, type ContextPackOptions, type RunArtifact, type RunCommandOptions, type RunReport } from "@tsift/digest";

/** The languages tsift reads, with what it extracts from each (`tsift languages --json`). */
export { languageCapabilities, type LanguageCapabilities } from "@tsift/graph";
