import { statSync } from "node:fs";
import type Database from "better-sqlite3";
import { BetterSqlite3, withNativeBinding } from "./internal/better-sqlite3";
import { TsiftError } from "@tsift/core/light";
import { copySqliteSnapshot, removeSnapshotDir } from "./internal/sqlite-snapshot";
import { DEFAULT_BUSY_TIMEOUT_MS, SqliteConnection, isSqliteBusy, type SqliteQueryObserver } from "./sqlite-connection";
import { guardSqliteFailures, isSqliteCorruption, type SqliteFailureContext } from "./sqlite-failure";

export interface SqliteReadOnlyOptions {
  /**
   * How long the first read of the live file waits for a writer's lock before tsift
   * reads a snapshot copy instead; default 500 ms, so a wedged writer costs little.
   */
  probeTimeoutMs?: number;
  /** Busy timeout for every later statement; default 5000 ms. */
  busyTimeoutMs?: number;
  /** Copy a snapshot when the live file is locked; default true. When false the lock is a `lock_held` error. */
  snapshotFallback?: boolean;
  /** Directory that receives snapshot copies; default `os.tmpdir()`. */
  tempDir?: string;
  /** Called with each statement's SQL and parameters; see SqliteConnectionOptions. */
  onQuery?: SqliteQueryObserver;
  /** Bytes of the file to read through a memory map (`PRAGMA mmap_size`); default 0, plain reads. */
  mmapSizeBytes?: number;
  /** The command that rebuilds this file; the hint of every corruption or schema error (see SqliteConnectionOptions). */
  repairHint?: string;
}

export const DEFAULT_READ_ONLY_PROBE_TIMEOUT_MS = 500;

/**
 * Errors that mean "this file cannot be read in place right now" rather than "this is
 * not a database": a writer's lock, a hot journal a read-only handle may not roll back,
 * or a WAL index it may not rebuild. A private copy fixes all of them.
 */
function needsSnapshot(error: unknown): boolean {
  if (isSqliteBusy(error)) return true;
  const code = (error as { code?: string } | null)?.code ?? "";
  return code === "SQLITE_READONLY_ROLLBACK" || code === "SQLITE_READONLY_RECOVERY" || code === "SQLITE_READONLY_CANTINIT";
}

/**
 * Opens read-only and reads the schema once, so lock and format problems surface here, not
 * mid-query; later statements report damage they meet as `corrupt_data` (guardSqliteFailures).
 */
function openProbed(path: string, busyTimeoutMs: number, mmapSizeBytes: number, context: SqliteFailureContext): Database.Database {
  const database = new BetterSqlite3(path, withNativeBinding({ readonly: true, fileMustExist: true, timeout: busyTimeoutMs }));
  try {
    database.prepare("SELECT count(*) FROM sqlite_master").get();
    database.pragma("temp_store = MEMORY");
    if (mmapSizeBytes > 0) database.pragma(`mmap_size = ${Math.trunc(mmapSizeBytes)}`);
    return guardSqliteFailures(database, context);
  } catch (error) {
    database.close();
    throw error;
  }
}

function openError(path: string, error: unknown, repairHint: string | undefined): TsiftError {
  if (error instanceof TsiftError) return error;
  const code = (error as { code?: string }).code ?? "";
  const message = (error as Error).message;
  if (code === "SQLITE_CANTOPEN") return new TsiftError("io_error", `cannot open SQLite database ${path}: ${message}`, { cause: error, details: { path } });
  if (isSqliteBusy(error)) {
    return new TsiftError("lock_held", `${path} is locked by another process`, {
      cause: error,
      details: { path },
      hint: "wait for the writer to finish, or allow the snapshot fallback",
    });
  }
  const hint = repairHint === undefined ? {} : { hint: repairHint };
  const failure = isSqliteCorruption(error) ? "corrupt_data" : "io_error";
  return new TsiftError(failure, `cannot read ${path} as a SQLite database: ${message}`, {
    cause: error,
    details: { path, ...(code ? { sqlite_code: code } : {}) },
    ...hint,
  });
}

/**
 * Opens a SQLite file for reading without ever taking part in a writer's locking.
 * When the live file is locked (SQLITE_BUSY/SQLITE_LOCKED, a hot rollback journal),
 * the file and its `-journal`/`-wal`/`-shm` sidecars are copied into a fresh temp dir
 * and the copy is read instead; `recovery` says so, and closing the connection deletes
 * the copy. A missing file is `not_found`.
 */
export function openSqliteReadOnly(path: string, options: SqliteReadOnlyOptions = {}): SqliteConnection {
  const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  // Errors name the live file even while a snapshot copy is read.
  const context: SqliteFailureContext = { path, repairHint: options.repairHint };
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) throw new TsiftError("not_found", `cannot open ${path}: the file does not exist`, { details: { path } });
  if (!stats.isFile()) throw new TsiftError("invalid_input", `cannot open ${path} as a SQLite database: it is not a file`, { details: { path } });

  let liveError: unknown;
  try {
    const database = openProbed(path, options.probeTimeoutMs ?? DEFAULT_READ_ONLY_PROBE_TIMEOUT_MS, options.mmapSizeBytes ?? 0, context);
    // The short probe only decides live-or-snapshot; once reading, wait like any reader.
    database.pragma(`busy_timeout = ${busyTimeoutMs}`);
    return new SqliteConnection(database, { readOnly: true, location: path, onQuery: options.onQuery });
  } catch (error) {
    if (!needsSnapshot(error) || options.snapshotFallback === false) throw openError(path, error, options.repairHint);
    liveError = error;
  }

  const snapshot = copySqliteSnapshot(path, options.tempDir);
  let database: Database.Database;
  try {
    database = openProbed(snapshot.path, busyTimeoutMs, options.mmapSizeBytes ?? 0, context);
  } catch (error) {
    removeSnapshotDir(snapshot.dir);
    const failure = openError(path, error, options.repairHint);
    throw new TsiftError(failure.code, `${failure.message} (reading a snapshot copy because the live file is locked: ${(liveError as Error).message})`, {
      cause: error,
      details: { path, snapshot: snapshot.path },
      ...(failure.hint === undefined ? {} : { hint: failure.hint }),
    });
  }
  return new SqliteConnection(database, {
    readOnly: true,
    location: path,
    onQuery: options.onQuery,
    recovery: snapshot.recovery,
    snapshotPath: snapshot.path,
    afterClose: () => removeSnapshotDir(snapshot.dir),
  });
}
