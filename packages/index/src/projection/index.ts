/**
 * The projection part: index.db seen as a graph — the graph queries (symbol arguments, callers and callees,
 * paths, communities, explain, analyze, rankings) and the code → graph projection written to a GraphStore
 * (graph.db) with its use cases. It may import walk, resolve and store.
 *
 * This file is the part's entry point and interface: other parts and the package entries (src/*.ts) may
 * import only the names listed here, each from the module it is listed with, and only parts below them;
 * test/part-layers.test.ts checks every import. Importers name the module rather than this file, so the
 * bundle's lazy chunks stay lazy (README.md says why).
 */
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
export { checkCompaction, compactGraphDb, type CompactData, type CompactGraphDbOptions } from "./graph-db/graph-db-compact";
export {
  doctorGraphDb,
  doctorRepairCommands,
  graphDbDoctorData,
  graphStoreDoctorFacts,
  graphStoreFreshness,
  type DoctorData,
  type DoctorFacts,
} from "./graph-db/graph-db-doctor";
export { graphDbFileProblem, startGraphDbReplacement, type GraphDbReplacement } from "./graph-db/graph-db-recover";
export {
  missingIndexError,
  refreshData,
  refreshGraphDb,
  refreshNextCommands,
  withIndexUpdate,
  type RefreshData,
  type RefreshGraphDbOptions,
} from "./graph-db/graph-db-refresh";
export { graphDbStatus, type GraphDbStatusData, type GraphDbStatusOptions } from "./graph-db/graph-db-status";
export { refreshGraphDbFile, type GraphDbFile, type GraphStoreWorkerOpen, type RefreshedGraphDb } from "./graph-db/refresh-graph-db-file";
export { traverseGraphDb, type TraverseGraphDbOptions, type TraverseGraphDbPlace } from "./graph-db/traverse-graph-db";
export { traverseIndexed } from "./graph-db/traverse-indexed";
export { TRAVERSE_CONTRACT_VERSION, traverseReport, type TraverseData } from "./graph-db/traverse-report";
export { analyzeCallGraph, directoryOf, type AnalyzeEntryPoint, type AnalyzeOptions, type AnalyzeReport } from "./graph-queries/analyze-call-graph";
export {
  calleesOf,
  callersOf,
  MODULE_CALLER,
  symbolCallGraph,
  type CallEdgeOptions,
  type CalleeOptions,
  type EdgePage,
  type StoredEdge,
  type SymbolCallGraph,
  type SymbolCallGraphOptions,
} from "./graph-queries/call-edges";
export { callGraphCommunities, communityPartition } from "./graph-queries/call-graph-communities";
export {
  COMMUNITY_CACHE_KEEP,
  COMMUNITY_CACHE_VERSION,
  communityCacheDir,
  communityCacheKey,
  indexWatermark,
  memoizedIndexWatermark,
  readCommunityCache,
  writeCommunityCache,
} from "./graph-queries/community-cache";
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
export { dispatchTargets, MAX_DISPATCH_TARGETS, type DispatchTarget } from "./graph-queries/dispatch-targets";
export { entryPointFacts, type EntryPointFactOptions } from "./graph-queries/entry-point-facts";
export { explainSymbol } from "./graph-queries/explain-symbol";
export {
  cachedExplanation,
  type ExplainCommunity,
  type ExplainOptions,
  type RankingCache,
  type SymbolExplanation,
  type SymbolPageRank,
} from "./graph-queries/explain-view";
export { compareText, symbolById, toStoredSymbol, type GraphSymbol, type StoredSymbol, type SymbolComplexity } from "./graph-queries/graph-symbol";
export { displayNames, loadCallGraph, type IndexCallGraph, type IndexCallGraphOptions } from "./graph-queries/index-call-graph";
export {
  DEFAULT_SYMBOL_LIMIT,
  fuzzyScore,
  querySymbols,
  type SymbolMatch,
  type SymbolQuery,
  type SymbolQueryResult,
  type SymbolRow,
} from "./graph-queries/query-symbols";
export {
  resolveSymbolArgument,
  type ResolveSymbolOptions,
  type SymbolArgumentForm,
  type SymbolRanker,
  type SymbolResolution,
} from "./graph-queries/resolve-symbol-argument";
export { shortestCallPath, type CallPath, type PathHop, type PathStep, type ShortestCallPathOptions } from "./graph-queries/shortest-call-path";
export { chooseSymbol, rerunWith, symbolChoiceOf, type SymbolChoice, type SymbolChoiceCandidate } from "./graph-queries/symbol-choice";
export { cachedSymbolRanking, symbolRanking, type SymbolPageRankFn, type SymbolRankingOptions } from "./graph-queries/symbol-ranking";
