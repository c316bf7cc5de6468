import { existsSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import type Database from "better-sqlite3";
import { TsiftError, isTsiftError } from "@tsift/core/light";
import {
  acquireWriterLock,
  corruptFileName,
  openSqliteConnection,
  openSqliteReadOnly,
  recordSoundSqliteFile,
  replaceSqliteFile,
  sqliteFileUnchangedSinceSound,
  sqliteQuickCheck,
  type SqliteConnection,
  type WriterLock,
} from "@tsift/sqlite";
import { ensureStateSubdir } from "../store/state-dir";
import { HISTORY_INDEX_COMMAND, type HistoryLocation } from "./history-location";
import { HISTORY_DDL, HISTORY_SCHEMA_VERSION, HISTORY_TABLES } from "./history-schema";

const SIDECARS = ["", "-wal", "-shm", "-journal"];

/** Takes `.tsift/history.lock`; a live holder is `lock_held` naming its pid. */
export function acquireHistoryLock(location: HistoryLocation): WriterLock {
  ensureStateSubdir(location.projectRoot, dirname(location.dbPath));
  try {
    return acquireWriterLock(location.lockPath, { what: "history" });
  } catch (error) {
    if (!isTsiftError(error, "lock_held")) throw error;
    const pid = (error.details?.pid as number | null | undefined) ?? null;
    throw new TsiftError(
      "lock_held",
      `another tsift history writer is already active for ${location.dbPath} (${pid === null ? "pid not recorded yet" : `pid ${pid}`}) (lock: ${location.lockPath})`,
      {
        details: { ...error.details, dbPath: location.dbPath },
        hint: `wait for the active tsift writer to finish, then rerun \`${HISTORY_INDEX_COMMAND}\``,
        cause: error,
      },
    );
  }
}

/** What an existing history.db holds, read under the writer lock. */
export interface HistoryFileState {
  /** Null when the file can be updated in place; otherwise why it is rebuilt. */
  unusable: "missing" | "corrupt" | "older_schema" | "incomplete" | null;
  meta: Map<string, string>;
}

/**
 * Inspects history.db before a write. A newer schema fails closed (`schema_newer`: a newer
 * tsift wrote it, and this one must not overwrite what it cannot read); a damaged, older or
 * half-written file is reported as unusable, and the caller rebuilds it.
 */
export function inspectHistoryFile(location: HistoryLocation, options: { replaceNewer?: boolean } = {}): HistoryFileState {
  if (!existsSync(location.dbPath)) return { unusable: "missing", meta: new Map() };
  let connection: SqliteConnection;
  try {
    connection = openSqliteConnection(location.dbPath, { repairHint: HISTORY_INDEX_COMMAND });
  } catch (error) {
    if (isTsiftError(error, "corrupt_data") || isTsiftError(error, "schema_mismatch")) return { unusable: "corrupt", meta: new Map() };
    throw error;
  }
  try {
    const db = connection.database;
    const version = Number(db.pragma("user_version", { simple: true }));
    if (version > HISTORY_SCHEMA_VERSION) {
      // Asked to rebuild, the newer file is kept aside like a damaged one rather than deleted.
      if (options.replaceNewer) return { unusable: "corrupt", meta: new Map() };
      throw newerHistorySchema(location, version);
    }
    if (version < HISTORY_SCHEMA_VERSION) return { unusable: version === 0 ? "incomplete" : "older_schema", meta: new Map() };
    const present = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name));
    if (HISTORY_TABLES.some((table) => !present.has(table))) return { unusable: "corrupt", meta: new Map() };
    // A file something other than a tsift writer changed is checked page by page: an update
    // on top of a damaged page would leave the damage, and every read of it, in place.
    if (!sqliteFileUnchangedSinceSound(location.dbPath)) {
      if (sqliteQuickCheck(db, 3).length > 0) return { unusable: "corrupt", meta: new Map() };
      recordSoundSqliteFile(location.dbPath);
    }
    const meta = readMeta(db);
    return { unusable: meta.has("indexed_at") ? null : "incomplete", meta };
  } catch (error) {
    if (isTsiftError(error, "corrupt_data") || isTsiftError(error, "schema_mismatch")) return { unusable: "corrupt", meta: new Map() };
    throw error;
  } finally {
    if (connection.database.open) connection.database.close();
  }
}

export function readMeta(db: Database.Database): Map<string, string> {
  return new Map((db.prepare("SELECT key, value FROM meta").all() as { key: string; value: string }[]).map((row) => [row.key, row.value]));
}

export function newerHistorySchema(location: HistoryLocation, version: number): TsiftError {
  return new TsiftError("schema_newer", `${location.dbPath} has history schema ${version}, newer than this tsift understands (${HISTORY_SCHEMA_VERSION})`, {
    details: { path: location.dbPath, version, supported: HISTORY_SCHEMA_VERSION },
    hint: `upgrade tsift, or replace it with \`${HISTORY_INDEX_COMMAND} --rebuild\` (the newer file is kept beside it)`,
  });
}

/** A connection to write history.db in place, or to build its replacement beside it. */
export interface HistoryTarget {
  db: Database.Database;
  /** Whether the schema was just created (a full index follows). */
  fresh: boolean;
  /** Closes; a replacement that `committed` takes the live file's place. */
  finish(committed: boolean): void;
}

/**
 * Opens the live file for an incremental update, or (`rebuild`) a new file at
 * `history.db.rebuild` that replaces the live one only once its run commits: readers see
 * the old history or the new one, never a half-written one. A corrupt old file is kept
 * as `history.db.corrupt-<UTC time>`; any other replaced file is deleted.
 */
export function openHistoryTarget(location: HistoryLocation, rebuild: string | null): HistoryTarget {
  if (rebuild === null) {
    const connection = openSqliteConnection(location.dbPath, { repairHint: HISTORY_INDEX_COMMAND });
    return {
      db: connection.database,
      fresh: false,
      finish: () => {
        if (connection.database.open) connection.database.close();
      },
    };
  }
  const live = location.dbPath;
  const tempPath = rebuild === "missing" ? live : `${live}.rebuild`;
  for (const suffix of SIDECARS) rmSync(`${tempPath}${suffix}`, { force: true });
  const connection = openSqliteConnection(tempPath, { repairHint: HISTORY_INDEX_COMMAND });
  const db = connection.database;
  try {
    db.transaction(() => {
      for (const statement of HISTORY_DDL) db.exec(statement);
      db.pragma(`user_version = ${HISTORY_SCHEMA_VERSION}`);
    })();
  } catch (error) {
    db.close();
    throw error;
  }
  return {
    db,
    fresh: true,
    finish: (committed) => {
      if (committed && db.open) db.pragma("wal_checkpoint(TRUNCATE)");
      if (db.open) db.close();
      if (tempPath === live) return;
      if (!committed) {
        for (const suffix of SIDECARS) rmSync(`${tempPath}${suffix}`, { force: true });
        return;
      }
      const keep = rebuild === "corrupt";
      const target = keep ? corruptFileName(live) : `${live}.replaced`;
      const kept = replaceSqliteFile(live, tempPath, target);
      if (!keep && kept) for (const file of kept.files) rmSync(file, { force: true });
    },
  };
}

/**
 * history.db opened read-only (a snapshot copy while a writer holds it). Missing or never
 * completed is `index_missing` with `tsift history index` as the next step; a newer schema
 * is `schema_newer`; an older one `index_stale` (the writer rebuilds it).
 */
export function openHistoryReader(location: HistoryLocation): SqliteConnection {
  const missing = () =>
    new TsiftError("index_missing", `no history index at ${location.dbPath}`, { details: { path: location.dbPath }, hint: HISTORY_INDEX_COMMAND });
  if (!existsSync(location.dbPath)) throw missing();
  const connection = openSqliteReadOnly(location.dbPath, { repairHint: HISTORY_INDEX_COMMAND });
  try {
    // Pages first: damage must not pass for a missing or empty history.
    if (!sqliteFileUnchangedSinceSound(location.dbPath)) {
      const problems = sqliteQuickCheck(connection.database, 3);
      if (problems.length > 0) {
        throw new TsiftError("corrupt_data", `${location.dbPath} is corrupt: quick_check: ${problems.join("; ")}`, {
          details: { path: location.dbPath },
          hint: HISTORY_INDEX_COMMAND,
        });
      }
    }
    const version = Number(connection.database.pragma("user_version", { simple: true }));
    if (version > HISTORY_SCHEMA_VERSION) throw newerHistorySchema(location, version);
    if (version === 0) throw missing();
    if (version < HISTORY_SCHEMA_VERSION) {
      throw new TsiftError("index_stale", `${location.dbPath} was written by an older tsift (history schema ${version})`, {
        details: { path: location.dbPath, version },
        hint: HISTORY_INDEX_COMMAND,
      });
    }
    if (connection.database.prepare("SELECT 1 FROM meta WHERE key = 'indexed_at'").get() === undefined) throw missing();
  } catch (error) {
    void connection.close();
    throw error;
  }
  return connection;
}
