/**
 * `@tsift/index/code-graph`: the code -> graph projection and its refresh driver, without
 * the graph algorithms (graphology) the main entry's graph queries load, so `graph-db`
 * reads and an unchanged refresh start fast. Every export here is also exported by
 * `@tsift/index`.
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
} from "./projection/code-graph/code-graph-ids";
export { codeGraphSourceState, type CodeGraphSourceState } from "./projection/code-graph/code-graph-watermark";
export { projectCodeGraph, type CodeGraphProjection, type CodeGraphStats, type ProjectCodeGraphOptions } from "./projection/code-graph/project-code-graph";
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
} from "./projection/code-graph/refresh-code-graph";
export { SYMBOL_HANDLE_PREFIX, isSymbolHandle, symbolHandle } from "./store/symbol-handle";
// Where an index lives, for callers that only read graph.db and the index's watermark.
export { indexLocation, TSIFT_DIR, type IndexLocation } from "./walk/index-location";
export { discoverScopes, selectScope, type WorkspaceScope } from "./walk/workspace-scopes";
// graph-db's use cases over an open store: refresh and doctor, reported as the commands print them.
export {
  missingIndexError,
  refreshData,
  refreshGraphDb,
  refreshNextCommands,
  withIndexUpdate,
  type RefreshData,
  type RefreshGraphDbOptions,
} from "./projection/graph-db/graph-db-refresh";
export {
  doctorGraphDb,
  doctorRepairCommands,
  graphDbDoctorData,
  graphStoreDoctorFacts,
  graphStoreFreshness,
  type DoctorData,
  type DoctorFacts,
} from "./projection/graph-db/graph-db-doctor";
export { graphDbFileProblem, startGraphDbReplacement, type GraphDbReplacement } from "./projection/graph-db/graph-db-recover";
export { checkCompaction, compactGraphDb, type CompactData, type CompactGraphDbOptions } from "./projection/graph-db/graph-db-compact";
// The refresh of a local graph.db file: under the writer lock, rebuilt on a worker thread, a damaged file replaced.
export { refreshGraphDbFile, type GraphDbFile, type GraphStoreWorkerOpen, type RefreshedGraphDb } from "./projection/graph-db/refresh-graph-db-file";
export { TRAVERSE_CONTRACT_VERSION, traverseReport, type TraverseData } from "./projection/graph-db/traverse-report";
export { traverseIndexed } from "./projection/graph-db/traverse-indexed";
export { traverseGraphDb, type TraverseGraphDbOptions, type TraverseGraphDbPlace } from "./projection/graph-db/traverse-graph-db";
// `tsift traverse --format html`: the slice as a graph view (the algorithms load only when it is built).
export { traverseGraphView, type TraverseGraphViewOptions } from "./project/graph-view/traverse-graph-view";
export { graphDbStatus, type GraphDbStatusData, type GraphDbStatusOptions } from "./projection/graph-db/graph-db-status";
// `tsift convex-sync`: the Convex sync plan (and apply) for the local projection, over a store the caller opens.
export { DEFAULT_ENDPOINT_ENV, DEFAULT_TOKEN_ENV, convexSync, type ConvexSyncData, type ConvexSyncOptions, type ConvexSyncSource } from "./project/convex-sync";
export { loadLocalProjection, type LocalGraphStore, type LocalProjection } from "./project/convex-sync-local";
