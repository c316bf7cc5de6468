/**
 * `@tsift/index/indexer`: configuration, workspace scopes, the file walk, and building,
 * checking and querying index.db — everything `tsift index` needs and nothing that loads
 * the graph algorithms (graphology) behind the main entry's graph queries. The CLI's index
 * path imports this entry so a no-change `tsift index` starts in a fraction of the time.
 * Every export here is also exported, unchanged, by `@tsift/index` (which adds
 * `parseConfig`, kept out of here so the TOML parser loads only when a config file exists).
 */
export {
  CALL_RESOLVERS,
  DEFAULT_MAX_FILE_BYTES,
  HARD_MAX_FILE_BYTES,
  ISOLATION_TIERS,
  type CallResolver,
  type IsolationTier,
  type ScopeOverride,
  type TsiftConfig,
} from "./walk/config/tsift-config";
export { defaultConfig } from "./walk/config/default-config";
export { CONFIG_RELATIVE_PATH, loadConfig } from "./walk/config/load-config";
export { resolveScopeTier, type ScopeTierResolution } from "./walk/config/resolve-scope-tier";
export { DEFAULT_IGNORED_DIRS } from "./walk/default-ignored-dirs";
export { walkFiles, type WalkOptions, type WalkResult, type WalkedDir, type WalkedFile } from "./walk/walk-files";
export type { IndexWarning, IndexWarningStage } from "./walk/index-warning";
export { INDEX_SCHEMA_VERSION } from "./store/index-schema";
export { indexLocation, TSIFT_DIR, type IndexLocation } from "./walk/index-location";
export { openIndexReader, openIndexWriter, TOOL_VERSION, type IndexWriter, type OpenIndexReaderOptions } from "./store/open-index";
export { readSource, minifiedReason, type SkipReason, type SourceRead } from "./walk/read-source";
export type { IndexChange, IndexMode, IndexSummary, IndexTimings, PruneStats } from "./store/index-summary";
export { updateIndex, type IndexProgress, type UpdateIndexOptions } from "./store/update/update-index";
export type { CheckerProgress, CheckerSummary } from "./resolve/checker/checker-pass";
export { checkIndex, type CheckIndexOptions } from "./store/check-index";
export { indexFreshness, type IndexFreshness, type IndexFreshnessOptions } from "./store/index-freshness";
export { ensureStateDir, ensureStateSubdir, STATE_DIR_GITIGNORE, STATE_DIR_MODE } from "./store/state-dir";
export { readOnlyCaller, refuseWriteWhenReadOnly, runReadOnly } from "./store/read-only-scope";
export { checkInsideRoot, writeInsideRoot } from "./walk/write-inside-root";
export { createCallResolver } from "./resolve/create-call-resolver";
export { type CallResolution, type CallTarget, type ResolverCall, type ResolverImport, type ResolverSymbol } from "./resolve/resolver-types";
export { resolveModule } from "./resolve/module-resolver";
export { discoverScopes, parseGitmodules, selectScope, type WorkspaceScope } from "./walk/workspace-scopes";
export { resolveProjectRoot, type ProjectRoot } from "./walk/resolve-project-root";
export {
  DEFAULT_SYMBOL_LIMIT,
  fuzzyScore,
  querySymbols,
  type SymbolMatch,
  type SymbolQuery,
  type SymbolQueryResult,
  type SymbolRow,
} from "./projection/graph-queries/query-symbols";
// index.db's named queries: every statement other packages (search) run against it.
export { hasRowFilters, normalizePathFilter, rowFilterSql, type IndexRowFilters } from "./store/queries/chunk-filter";
export {
  chunkAt,
  chunkCount,
  chunksById,
  chunkStarts,
  ftsChunkMatches,
  overlappingChunkIds,
  type Bm25Weights,
  type ChunkRow,
  type FtsChunkQuery,
} from "./store/queries/chunk-queries";
export {
  chunkVectorFingerprint,
  chunkVectorRows,
  missingChunkVectorCount,
  pendingChunkContents,
  storeChunkVectors,
  storedChunkVector,
  vectorMatrixRows,
  type PendingChunkContent,
} from "./store/queries/chunk-vector-queries";
export { ftsMatchCounts, symbolDocs, unitSymbolsOverlapping, type SpanSymbol } from "./store/queries/answer-queries";
export { indexedFilePaths, indexedSymbolNames, indexMetaValue, indexSchemaVersion } from "./store/queries/index-meta-queries";
export { readTransaction } from "./store/queries/read-transaction";
export { failedFiles, type FailedFile } from "./store/queries/failed-file-queries";
export { FAILURE_REASONS, type FailureReason } from "./store/index-schema";
export {
  enclosingSymbolName,
  resolvedCallerCounts,
  symbolHandlesById,
  symbolNameCandidates,
  type SymbolCandidate,
  type SymbolCandidateQuery,
} from "./store/queries/symbol-search-queries";
export { cachedSymbolRanking, symbolRanking, type SymbolPageRankFn, type SymbolRankingOptions } from "./projection/graph-queries/symbol-ranking";
export type { RankingCache } from "./projection/graph-queries/explain-view";
export { communityCacheDir, indexWatermark, memoizedIndexWatermark } from "./projection/graph-queries/community-cache";
// The use cases behind `tsift index`, `status`, `init`, `locks` and `source-read`: each
// takes one options object and returns the data the command prints.
export { resolveIndexTargets, type IndexTarget, type IndexTargetOptions, type ResolvedTargets } from "./project/index-targets";
export {
  indexProject,
  warningNotes,
  type CheckerReport,
  type IndexProjectOptions,
  type IndexReport,
  type IndexRun,
  type IndexScopeReport,
  type IndexSummaryReport,
} from "./project/index-project";
export { projectStatus, type StatusOptions, type StatusReport } from "./project/project-status";
export { indexStatus, statusTargets, type IndexState, type IndexStatus, type ScopeStatus, type StatusTargets } from "./project/status-index";
export { describeIndexProgress, publishIndexProgress, readIndexProgress, type IndexRunProgress } from "./store/update/index-progress-file";
export { instructionsStatus, type InstructionsStatus } from "./project/instructions-status";
export { INDEX_READING_COMMANDS, recommendations, reminders, runReason, type Recommendations } from "./project/recommendations";
export { readLocks, type LocksReport } from "./project/read-locks";
export { databaseLocks, type DatabaseLocks, type SidecarState } from "./project/database-locks";
export { isInside } from "./walk/resolve-source-file";
export { readSourceWindow, type SourceWindow, type SourceWindowOptions, type SourceWindowReport } from "./project/source-read/read-source-window";
export { type SymbolRef } from "./project/source-read/window-symbols";
export type { WindowRequest } from "./project/source-read/read-window";
export { initProject, type InitProjectOptions, type InitReport } from "./project/init/init-project";
export { applyInit, readText, type InitAction, type InitChange, type InitOptions } from "./project/init/apply-init";
export { codeNavigationSection, NAVIGATION_COMMANDS, SECTION_END, SECTION_START_PREFIX } from "./project/init/code-navigation-section";
export { CODEX_HOOK_STATUS, codexHook, mergeCodexHook, type CodexHook } from "./project/init/codex-hook";
export { tsiftLauncher, type TsiftLauncher, type TsiftLauncherFacts } from "./project/init/tsift-launcher";
export { OPENCODE_COMMANDS, OPENCODE_MARKER_PREFIX, opencodeCommandFile } from "./project/init/opencode-commands";
export { instructionBlockState, upsertInstructionBlock, type InstructionState } from "./project/init/instruction-block";
export { pathArg, placeFlags, rootRelative, shellArg, sourceReadCommand, stableHandle, symbolIdentity, type CommandPlace } from "./walk/command-place";
export type { ProjectOptions } from "./walk/project-options";
export { applyEdits, type EditBatchOptions, type EditBatchReport, type EditedFile } from "./project/edit/apply-edits";
export { MAX_EDITS_PER_BATCH, parseEditBatch, type EditRequest } from "./walk/edit/edit-input";
export { recoverEditBatch, type EditRecovery } from "./walk/edit/recover-edit-batch";
export type { EditOutcome, EditStatus } from "./walk/edit/plan-edits";
export { autoReindex, type AutoReindexReport } from "./project/auto-reindex";
export { MCP_TOOL_NAMES } from "./project/init/mcp-registration";
