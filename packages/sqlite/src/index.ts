export {
  DEFAULT_BUSY_TIMEOUT_MS,
  SqliteConnection,
  isSqliteBusy,
  openSqliteConnection,
  type SqliteConnectionInit,
  type SqliteConnectionOptions,
  type SqliteQueryObserver,
  type SqliteRecovery,
} from "./sqlite-connection";
export { DEFAULT_READ_ONLY_PROBE_TIMEOUT_MS, openSqliteReadOnly, type SqliteReadOnlyOptions } from "./sqlite-read-only";
export {
  SQLITE_GRAPH_PAGE_SIZE,
  openSqliteGraphStore,
  openSqliteGraphStoreReadOnly,
  walAutocheckpointFor,
  type SqliteGraphStore,
  type SqliteReadOnlyGraphStore,
} from "./sqlite-graph-store";
export {
  acquireWriterLock,
  probeWriterLock,
  type AcquireWriterLockOptions,
  type WriterLock,
  type WriterLockProbe,
  type WriterLockReason,
  type WriterLockState,
} from "./writer-lock";
export { sqliteFileStats, type SqliteFileStats } from "./sqlite-file-stats";
export { classifySqliteFailure, guardSqliteFailures, isSqliteCorruption, isSqliteIoError, type SqliteFailureContext } from "./sqlite-failure";
export { checkedStampPath, recordSoundSqliteFile, sqliteFileUnchangedSinceSound } from "./sqlite-file-stamp";
export { corruptFileName, quarantineSqliteFile, replaceSqliteFile, sqliteQuickCheck, type QuarantinedSqliteFile } from "./sqlite-file-repair";
// Signal 0 liveness (another user's process counts): how the writer locks find a stale holder, shared with other pid files.
export { isProcessAlive } from "./internal/lock-holder";
