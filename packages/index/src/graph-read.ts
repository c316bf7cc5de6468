/**
 * `@tsift/index/graph-read`: the read side of the graph queries — symbol arguments,
 * callers and callees, shortest call paths, and communities, explanations and rankings
 * when they are cached — without the graph algorithms (graphology, Louvain, PageRank)
 * that computing a partition or a ranking needs. `tsift graph`, `path`, and `explain` /
 * `communities` on a cache hit import only this entry, so they start in a fraction of
 * the time; on a cache miss they load `@tsift/index`, which computes and caches. Every
 * export here is also exported, unchanged, by `@tsift/index`.
 */
export { isSymbolHandle, symbolHandle, SYMBOL_HANDLE_PREFIX } from "./store/symbol-handle";
export { symbolById, toStoredSymbol, type GraphSymbol, type StoredSymbol, type SymbolComplexity } from "./projection/graph-queries/graph-symbol";
export {
  resolveSymbolArgument,
  type ResolveSymbolOptions,
  type SymbolArgumentForm,
  type SymbolRanker,
  type SymbolResolution,
} from "./projection/graph-queries/resolve-symbol-argument";
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
} from "./projection/graph-queries/call-edges";
export { dispatchTargets, MAX_DISPATCH_TARGETS, type DispatchTarget } from "./projection/graph-queries/dispatch-targets";
export { communityCacheDir, indexWatermark, memoizedIndexWatermark } from "./projection/graph-queries/community-cache";
export {
  cachedCommunities,
  COMMUNITY_SEED,
  type CommunitiesResult,
  type CommunityDiagnostics,
  type CommunityMember,
  type CommunityQueryOptions,
  type IndexCommunity,
} from "./projection/graph-queries/community-view";
export {
  cachedExplanation,
  type ExplainCommunity,
  type ExplainOptions,
  type SymbolExplanation,
  type SymbolPageRank,
} from "./projection/graph-queries/explain-view";
export { shortestCallPath, type CallPath, type PathHop, type PathStep, type ShortestCallPathOptions } from "./projection/graph-queries/shortest-call-path";
export {
  callersOfSymbol,
  dispatchSourcesOf,
  importersOfFile,
  symbolsOfFile,
  symbolsOverlapping,
  undecidedCallsNamed,
  type ImpactCaller,
  type ImpactImporter,
  type ImpactSymbol,
} from "./store/queries/impact-queries";
export { indexFreshness, type IndexFreshness, type IndexFreshnessOptions } from "./store/index-freshness";
export { INDEX_SCHEMA_VERSION } from "./store/index-schema";
export { indexLocation, TSIFT_DIR, type IndexLocation } from "./walk/index-location";
export { openIndexReader, type OpenIndexReaderOptions } from "./store/open-index";
export { resolveProjectRoot, type ProjectRoot } from "./walk/resolve-project-root";
export { discoverScopes, selectScope, type WorkspaceScope } from "./walk/workspace-scopes";
export { CONFIG_RELATIVE_PATH, loadConfig } from "./walk/config/load-config";
export { defaultConfig } from "./walk/config/default-config";
export type { TsiftConfig } from "./walk/config/tsift-config";
export { querySymbols, type SymbolQuery, type SymbolQueryResult, type SymbolRow } from "./projection/graph-queries/query-symbols";
// The read use cases behind `tsift symbols`, `graph`, `explain`, `path`, `communities` and
// `analyze`: each takes one options object and returns the data the command prints.
export { pathArg, placeFlags, rootRelative, shellArg, sourceReadCommand, stableHandle, symbolIdentity, type CommandPlace } from "./walk/command-place";
export type { ProjectOptions } from "./walk/project-options";
export { resolveReadTarget, type ReadTarget } from "./walk/read-target";
export { openReadIndex, type IndexOpener, type ReadIndex } from "./store/open-read-index";
export { borrowWarmIndex, warmIndexIsFresh, type WarmBorrow } from "./store/warm/warm-registry";
export { FIRST_USE_MAX_FILES, indexHasRun, indexMissingTarget, indexOnFirstUse, openIndexIfBuilt, type FirstUseIndex } from "./store/first-use-index";
export { checkLimit } from "./project/read-limits";
export { chooseSymbol, rerunWith, symbolChoiceOf, type SymbolChoiceCandidate, type SymbolChoice } from "./projection/graph-queries/symbol-choice";
export { readSymbols, readSymbolsOnFirstUse, type SymbolsReading, type SymbolsReport } from "./project/read-symbols";
export { readSymbolGraph, type SymbolGraphOptions, type SymbolGraphReport } from "./project/read-symbol-graph";
export { readExplanation, type ExplainSymbolOptions } from "./project/read-explanation";
export { readCallPath, type CallPathOptions } from "./project/read-call-path";
export { readCommunities, type CommunitiesOptions } from "./project/read-communities";
export { readAnalysis, type AnalysisOptions, type AnalysisReport } from "./project/read-analysis";
