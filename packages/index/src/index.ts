export {
  DEFAULT_MAX_FILE_BYTES,
  ISOLATION_TIERS,
  type IsolationTier,
  type ScopeOverride,
  type TsiftConfig,
} from "./tsift-config";
export { defaultConfig } from "./default-config";
export { parseConfig } from "./parse-config";
export { CONFIG_RELATIVE_PATH, loadConfig } from "./load-config";
export { resolveScopeTier, type ScopeTierResolution } from "./resolve-scope-tier";
export { DEFAULT_IGNORED_DIRS } from "./default-ignored-dirs";
export { walkFiles, type WalkOptions, type WalkResult, type WalkedDir, type WalkedFile } from "./walk-files";
export type { IndexWarning, IndexWarningStage } from "./index-warning";
export { INDEX_SCHEMA_VERSION } from "./index-schema";
export { indexLocation, TSIFT_DIR, type IndexLocation } from "./index-location";
export { openIndexReader, openIndexWriter, TOOL_VERSION, type IndexWriter } from "./open-index";
export { readSource, minifiedReason, type SkipReason, type SourceRead } from "./read-source";
export type { IndexChange, IndexMode, IndexSummary, IndexTimings, PruneStats } from "./index-summary";
export { updateIndex, type IndexProgress, type UpdateIndexOptions } from "./update-index";
export { checkIndex, type CheckIndexOptions } from "./check-index";
export { indexFreshness, type IndexFreshness, type IndexFreshnessOptions } from "./index-freshness";
export { ensureGitignoreEntry } from "./ensure-gitignore-entry";
export {
  createCallResolver,
  type CallResolution,
  type CallTarget,
  type ResolverCall,
  type ResolverImport,
  type ResolverSymbol,
} from "./resolve-calls";
export { resolveModule } from "./internal/module-resolver";
export { discoverScopes, parseGitmodules, selectScope, type WorkspaceScope } from "./workspace-scopes";
export { resolveProjectRoot, type ProjectRoot } from "./resolve-project-root";
export {
  DEFAULT_SYMBOL_LIMIT,
  fuzzyScore,
  querySymbols,
  type SymbolMatch,
  type SymbolQuery,
  type SymbolQueryResult,
  type SymbolRow,
} from "./query-symbols";
export { isSymbolHandle, symbolHandle, SYMBOL_HANDLE_PREFIX } from "./graph-queries/symbol-handle";
export { symbolById, toStoredSymbol, type GraphSymbol, type StoredSymbol, type SymbolComplexity } from "./graph-queries/graph-symbol";
export { resolveSymbolArgument, type ResolveSymbolOptions, type SymbolArgumentForm, type SymbolResolution } from "./graph-queries/resolve-symbol-argument";
export {
  calleesOf,
  callersOf,
  MODULE_CALLER,
  symbolCallGraph,
  type CalleeOptions,
  type CallEdgeOptions,
  type EdgePage,
  type StoredEdge,
  type SymbolCallGraph,
  type SymbolCallGraphOptions,
} from "./graph-queries/call-edges";
export { displayNames, loadCallGraph, type IndexCallGraph, type IndexCallGraphOptions } from "./graph-queries/index-call-graph";
export {
  COMMUNITY_CACHE_KEEP,
  COMMUNITY_CACHE_VERSION,
  communityCacheDir,
  communityCacheKey,
  indexWatermark,
  readCommunityCache,
  writeCommunityCache,
} from "./graph-queries/community-cache";
export { callGraphCommunities, communityPartition } from "./graph-queries/call-graph-communities";
export {
  cachedCommunities,
  cachedCommunityPartition,
  COMMUNITY_SEED,
  shapeCommunities,
  type CommunitiesResult,
  type CommunityDiagnostics,
  type CommunityMember,
  type CommunityOptions,
  type CommunityPartition,
  type CommunityQueryOptions,
  type IndexCommunity,
} from "./graph-queries/community-view";
export { explainSymbol } from "./graph-queries/explain-symbol";
export { cachedExplanation, type ExplainCommunity, type ExplainOptions, type SymbolExplanation, type SymbolPageRank } from "./graph-queries/explain-view";
export { shortestCallPath, type CallPath, type PathStep } from "./graph-queries/shortest-call-path";
export { indexStaleness, type IndexStaleness } from "./graph-queries/index-staleness";
export { entryPointFacts } from "./graph-queries/entry-point-facts";
export { analyzeCallGraph, directoryOf, type AnalyzeEntryPoint, type AnalyzeOptions, type AnalyzeReport } from "./graph-queries/analyze-call-graph";
export {
  CODE_EDGE_KINDS,
  CODE_GRAPH_SOURCE,
  CODE_NODE_KINDS,
  CODE_PROJECTION_VERSION,
  CODE_PROJECTOR_REVISION,
  FILE_HANDLE_PREFIX,
  fileHandle,
  fileNodeId,
  projectionMetaId,
} from "./code-graph/code-graph-ids";
export { codeGraphSourceState, type CodeGraphSourceState } from "./code-graph/code-graph-watermark";
export { projectCodeGraph, type CodeGraphProjection, type CodeGraphStats, type ProjectCodeGraphOptions } from "./code-graph/project-code-graph";
export {
  codeGraphFreshness,
  isCurrentProjection,
  readCodeGraphSourceState,
  refreshCodeGraph,
  updateIndexForRefresh,
  type CodeGraphFreshness,
  type CodeGraphFreshnessState,
  type CodeGraphRefreshMode,
  type CodeGraphRefreshReport,
  type CodeGraphRowDelta,
  type RefreshCodeGraphOptions,
} from "./code-graph/refresh-code-graph";
