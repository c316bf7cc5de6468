export { TsiftError, isTsiftError, TSIFT_ERROR_CODES, type TsiftErrorCode, type TsiftErrorOptions } from "./errors";
export { nativeBindingError } from "./native-binding-error";
export type {
  GraphCounts,
  GraphDirection,
  GraphEdge,
  GraphEdgeInput,
  GraphFreshness,
  GraphNeighborhoodOptions,
  GraphNode,
  GraphPageInfo,
  GraphPagedSubgraph,
  GraphPath,
  GraphPathOptions,
  GraphPathResult,
  GraphProjection,
  GraphProperties,
  GraphPropertyFilter,
  GraphProvenance,
  GraphQueryOptions,
  GraphQueryPage,
  GraphSubgraph,
  GraphTombstone,
  ProjectionRefreshReport,
  ProjectionVersion,
  RefreshPhaseTiming,
  ReplaceProjectionOptions,
  RowDelta,
} from "./graph-types";
export type { GraphEdgeQueryOptions, GraphStore } from "./graph-store";
export { edgeKey } from "./edge-key";
export { stableHandle } from "./stable-handle";
export { shellArg } from "./shell-arg";
export { SECRET_SHAPES, SecretMasker, secretMask, secretShape } from "./secret-shapes";
export { compareIds } from "./compare-ids";
export {
  DEFAULT_MAX_HOPS,
  DEFAULT_PAGE_LIMIT,
  GRAPH_REQUIRED_INDEXES,
  GRAPH_SCHEMA_STATEMENTS,
  GRAPH_TABLES,
  SQLITE_GRAPH_SCHEMA_VERSION,
  SQLITE_GRAPH_WAL_AUTOCHECKPOINT_PAGES,
  newerSchemaMessage,
  olderSchemaMessage,
} from "./schema";
export { applyGraphQueryPage, pageFromProbe, resolveDepth, resolvePageLimit, sortById } from "./paging";
export { hopCapWarning, resolveMaxHops, shortestPathUsingOutgoing, type FrontierExpander } from "./shortest-path";
export { decodeEdgeRow, decodeNodeRow, encodeEdgeRow, encodeNodeRow, normalizeEdge, normalizeNode, type EncodedEdgeRow, type EncodedNodeRow } from "./rows";
export { MultisetHash, projectionContentHash } from "./content-hash";
export { PROJECTION_META_KIND, projectionVersionOf, upsertProjectionInto } from "./projection";
export {
  CONVEX_REQUIRED_INDEXES,
  readConvexSnapshotFile,
  toConvexRows,
  validateConvexSnapshot,
  type ConvexEdgeRow,
  type ConvexIndexMetadata,
  type ConvexNodeRow,
  type ConvexProjectionMetadata,
  type ConvexProjectionRows,
  type ConvexSnapshotProblem,
  type ConvexSnapshotProblemKind,
  type ConvexSnapshotValidation,
} from "./convex-snapshot";
export { ConvexSnapshotGraphStore } from "./convex-snapshot-store";
export { MemoryGraphIndex } from "./internal/memory-graph";
export type { SqlConnection, SqlExecutor, SqlRow, SqlValue } from "./sql/sql-executor";
export { SqlGraphStore, type SqlGraphStoreHooks } from "./sql/sql-graph-store";
export { initializeGraphSchema, readUserVersion } from "./sql/schema-init";
export {
  compactSqlGraph,
  inspectSqlGraph,
  sqlGraphFileStats,
  type SqlGraphCompactOptions,
  type SqlGraphCompactResult,
  type SqlGraphFileStats,
  type SqlGraphInspection,
} from "./sql/sql-graph-maintenance";
export {
  GRAPH_ROWS_FORMAT,
  exportGraphRows,
  driftSnapshotOf,
  parseGraphRows,
  readGraphRowsFile,
  type GraphRowsDocument,
  type GraphRowsMetadata,
  type ParsedGraphRows,
} from "./graph-rows";
export {
  CONVEX_REQUIRED_INDEX_FIELDS,
  CONVEX_SYNC_CONTRACT_VERSION,
  CONVEX_SYNC_MAX_ATTEMPTS,
  CONVEX_SYNC_OPERATION_ORDER,
  DEFAULT_CONVEX_SYNC_CHUNK_SIZE,
  convexDrift,
  planConvexSync,
  type ConvexDriftReport,
  type ConvexRequiredIndex,
  type ConvexSnapshotComparison,
  type ConvexSyncChunk,
  type ConvexSyncOperation,
  type ConvexSyncPlan,
  type ConvexSyncRow,
  type ConvexSyncSummary,
  type PlanConvexSyncOptions,
} from "./convex-sync-plan";
export {
  evaluateGraphDoctor,
  type DoctorCheck,
  type DoctorCheckStatus,
  type DoctorRepairCommands,
  type GraphDoctorFacts,
  type GraphDoctorReport,
} from "./graph-doctor";
export { graphDbPath } from "./graph-db-path";
export { resolveGraphNode, type NodeMatch, type ResolvedNode } from "./resolve-graph-node";
export { neighborhoodSlice, overviewSlice, pathSlice, type Recommendation, type SliceNode, type TraverseMode, type TraverseSlice } from "./traverse-slice";
export { traverseGraph, type TraverseGraphOptions, type TraverseGraphResult } from "./traverse-graph";
export { RANKED_NEIGHBORS_CAP, rankNeighbors, slicePageRank, type RankedNeighbor } from "./ranked-neighbors";
export { CONVEX_SNAPSHOT_PAGE_SIZE, applyChunks, fetchRemoteSnapshot, redactEndpoint, type ApplyOutcome, type ConvexTransport } from "./convex-transport";
export { graphDbPrefix, localGraphDbPrefix, tsiftCommand, type GraphDbBackendName, type GraphDbPlace } from "./graph-db-place";
export { compactionPolicy, graphStoreFileStats, type CompactionPolicy } from "./compaction-policy";
export { convexProjectionOf } from "./convex-projection";
export { graphDbPageReport, type GraphDbPageOptions, type GraphDbPageReport } from "./graph-db-page";
export { GRAPH_QUERY_LIMITS, allPageWarning, capAtMost, capPageLimit, checkFilterSize, type CappedPageLimit, type CappedValue } from "./graph-query-caps";
export {
  graphNodeNotFound,
  readGraphDbEdge,
  readGraphDbEdges,
  readGraphDbIncident,
  readGraphDbKind,
  readGraphDbNeighborhood,
  readGraphDbNode,
  readGraphDbPath,
  type GraphDbEdgeData,
  type GraphDbEdgesData,
  type GraphDbKindOptions,
  type GraphDbNeighborhoodData,
  type GraphDbNeighborhoodOptions,
  type GraphDbNodeData,
  type GraphDbPathData,
  type GraphDbPathOptions,
  type GraphDbSubgraphData,
} from "./graph-db-reads";
export { importGraphDbRows, type GraphDbImportData, type GraphDbImportOptions } from "./graph-db-import";
