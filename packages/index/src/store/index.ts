/**
 * The store part (store and freshness): index.db — schema, opening, the incremental locked update, freshness
 * and the first-use policy, the warm index of long-lived processes, and the named queries other packages
 * run. It may import walk and resolve.
 *
 * This file is the part's entry point and interface: other parts and the package entries (src/*.ts) may
 * import only the names listed here, each from the module it is listed with, and only parts below them;
 * test/part-layers.test.ts checks every import. Importers name the module rather than this file, so the
 * bundle's lazy chunks stay lazy (README.md says why).
 */
export { checkIndex, type CheckIndexOptions } from "./check-index";
export { FIRST_USE_MAX_FILES, indexHasRun, indexMissingTarget, indexOnFirstUse, openIndexIfBuilt, type FirstUseIndex } from "./first-use-index";
export { indexRepairHint, type IndexFileProblem } from "./index-file-check";
export { emptyFreshness, indexFreshness, type IndexFreshness, type IndexFreshnessOptions } from "./index-freshness";
export { startReplacement, type IndexReplacement } from "./index-replacement";
export { FAILURE_REASONS, INDEX_SCHEMA_VERSION, type FailureReason } from "./index-schema";
export type { IndexChange, IndexMode, IndexSummary, IndexTimings, PruneStats } from "./index-summary";
export { openIndexReader, openIndexWriter, TOOL_VERSION, type IndexWriter, type OpenIndexReaderOptions } from "./open-index";
export { openReadIndex, type IndexOpener, type ReadIndex } from "./open-read-index";
export { ftsMatchCounts, symbolDocs, unitSymbolsOverlapping, type SpanSymbol } from "./queries/answer-queries";
export { hasRowFilters, normalizePathFilter, rowFilterSql, type IndexRowFilters } from "./queries/chunk-filter";
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
} from "./queries/chunk-queries";
export {
  chunkVectorFingerprint,
  chunkVectorRows,
  missingChunkVectorCount,
  pendingChunkContents,
  storeChunkVectors,
  storedChunkVector,
  vectorMatrixRows,
  type PendingChunkContent,
} from "./queries/chunk-vector-queries";
export { distinctNames } from "./queries/distinct-names";
export { failedFiles, type FailedFile } from "./queries/failed-file-queries";
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
} from "./queries/impact-queries";
export { indexedFilePaths, indexedSymbolNames, indexMetaValue, indexSchemaVersion } from "./queries/index-meta-queries";
export { prepared } from "./queries/prepared";
export { readTransaction } from "./queries/read-transaction";
export { repoMapRows, type RepoMapCall, type RepoMapImport, type RepoMapRows, type RepoMapSymbol } from "./queries/repo-map-queries";
export {
  enclosingSymbolName,
  resolvedCallerCounts,
  symbolHandlesById,
  symbolNameCandidates,
  type SymbolCandidate,
  type SymbolCandidateQuery,
} from "./queries/symbol-search-queries";
export { readOnlyCaller, refuseWriteWhenReadOnly, runReadOnly } from "./read-only-scope";
export { ensureStateDir, ensureStateSubdir, STATE_DIR_GITIGNORE, STATE_DIR_MODE } from "./state-dir";
export { isSymbolHandle, SYMBOL_HANDLE_PREFIX, symbolHandle, symbolHandleMatcher } from "./symbol-handle";
export { describeIndexProgress, publishIndexProgress, readIndexProgress, type IndexRunProgress } from "./update/index-progress-file";
export { updateIndex, type IndexProgress, type UpdateIndexOptions } from "./update/update-index";
export { startWarmIndex, type WarmIndex, type WarmIndexOptions, type WarmIndexStatus, type WarmUpdate } from "./warm/start-warm-index";
export { borrowWarmIndex, warmIndexIsFresh, type WarmBorrow } from "./warm/warm-registry";
