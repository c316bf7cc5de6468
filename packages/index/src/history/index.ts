// The git history index (`.tsift/history.db`) and the use cases that read it.
// Also the history part's entry point and interface (README.md): other parts import only names
// exported here, each from the module it is exported from (test/part-layers.test.ts).
export { HISTORY_SCHEMA_VERSION } from "./history-schema";
export { historyLocation, type HistoryLocation } from "./history-location";
export { indexHistory, type HistoryIndexReport, type HistoryRebuildReason, type IndexHistoryOptions } from "./index-history";
export { folderTags, parseCommitMessage, parseTagLine, type ParsedCommitMessage, type TagOperation } from "./commit-message";
export { streamGitLog, type GitCommitRecord, type GitFileChange } from "./git-log-stream";
export { openHistoryForRead, type HistoryRead, type HistoryReadOptions } from "./open-history-read";
export type { HistoryCommit } from "./history-rows";
export { searchHistory, type HistorySearchHit, type HistorySearchResult, type SearchHistoryOptions } from "./search-history";
export { readArtifacts, type HistoryArtifact, type HistoryArtifactsResult, type ReadArtifactsOptions } from "./read-artifacts";
export { readHistoryTags, type ArtifactTag, type HistoryTagCount, type HistoryTagsResult, type ReadHistoryTagsOptions } from "./read-history-tags";
export { readProvenance, type ProvenanceCommit, type ProvenanceResult, type ReadProvenanceOptions } from "./read-provenance";
export { coChangeOf, readCoChange, topCoChanged, type CoChangedFile, type CoChangeQuery, type CoChangeResult, type ReadCoChangeOptions } from "./read-cochange";
