import { existsSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import type Database from "better-sqlite3";
import { TsiftError, isTsiftError } from "@tsift/core/light";
import {
  acquireWriterLock,
  openSqliteConnection,
  openSqliteReadOnly,
  recordSoundSqliteFile,
  sqliteFileUnchangedSinceSound,
  sqliteQuickCheck,
  type SqliteConnection,
  type WriterLock,
} from "@tsift/sqlite";
import packageJson from "../../package.json" with { type: "json" };
import { indexFileError, indexFileProblem, indexRepairHint, indexShapeProblem } from "./index-file-check";
import { INDEX_MIGRATIONS, INDEX_SCHEMA_VERSION } from "./index-schema";
import type { IndexLocation } from "../walk/index-location";
import { startReplacement, type IndexReplacement } from "./index-replacement";
import { ensureStateSubdir } from "./state-dir";

export const TOOL_VERSION: string = packageJson.version;

/** A writable index: the connection, the lock that makes it ours, and whether this open created the file. */
export interface IndexWriter {
  connection: SqliteConnection;
  db: Database.Database;
  lock: WriterLock;
  created: boolean;
  /**
   * Set when a rebuild found the old file unusable (corrupt, a schema this tsift cannot
   * use) and writes a new one beside it: a successful run moves the old file to
   * `moved_to` and puts the new one in its place when it closes.
   */
  replaced: { reason: string; moved_to: string } | null;
  /**
   * Moves this writer to a new file beside index.db (`index.db.building`) for a first index
   * written in several transactions: readers keep reading the live file, untouched, until a
   * run that set `indexed_at` closes and the new file takes its place (checkpointed, then
   * renamed over it). A run that fails or dies leaves the live file as it was; the next
   * writer removes the leftover. A writer already writing a replacement stays where it is.
   * `db` and `connection` are the new file's from here on.
   */
  buildAside(): Database.Database;
  /** Whether `db` is a file no reader sees until this writer closes (buildAside, or a replacement). */
  readonly aside: boolean;
  /** Closes the database, then releases the lock; safe to call more than once. */
  close(): void;
}

/** The file a first index is written into before it takes index.db's place. */
export const buildingPath = (dbPath: string): string => `${dbPath}.building`;
const SQLITE_SIDECARS = ["-wal", "-shm", "-journal"];
const removeDatabaseFiles = (path: string) => {
  for (const suffix of ["", ...SQLITE_SIDECARS, ".checked"]) rmSync(`${path}${suffix}`, { force: true });
};

/**
 * A first index written aside takes the live file's place: the live file's WAL and shared
 * memory go first (a reader that still has the old file open keeps its own open handles, and
 * nothing in that WAL is wanted), then one rename puts the new file, whose WAL was
 * checkpointed into it and removed by its close, in place.
 */
function buildingSwap(dbPath: string): IndexReplacement {
  const tempPath = buildingPath(dbPath);
  return {
    tempPath,
    movedTo: dbPath,
    reason: "first index written aside",
    commit: () => {
      for (const suffix of SQLITE_SIDECARS) rmSync(`${dbPath}${suffix}`, { force: true });
      for (const suffix of SQLITE_SIDECARS) rmSync(`${tempPath}${suffix}`, { force: true });
      rmSync(`${dbPath}.checked`, { force: true });
      renameSync(tempPath, dbPath);
    },
    abandon: () => removeDatabaseFiles(tempPath),
  };
}

export interface OpenIndexWriterOptions {
  /**
   * The caller rebuilds every row: an old file that cannot be used (see indexFileProblem,
   * with quick_check) is not opened but replaced by a new one.
   */
  rebuild?: boolean;
}

/**
 * Takes `.tsift/index.lock` (fail fast: a live holder is `lock_held`, naming its pid),
 * then opens index.db for writing with WAL, autocheckpoint 256 and a 5 s busy timeout,
 * creating or migrating the schema. The lock comes first so two writers never both walk.
 * A file that is corrupt or has the wrong schema is `corrupt_data`/`schema_mismatch`/
 * `schema_newer` with `tsift index --rebuild` as hint; with `rebuild` such a file is
 * replaced instead (IndexWriter.replaced).
 */
export function openIndexWriter(location: IndexLocation, options: OpenIndexWriterOptions = {}): IndexWriter {
  ensureStateSubdir(location.projectRoot, dirname(location.dbPath));
  let lock: WriterLock;
  try {
    lock = acquireWriterLock(location.lockPath, { what: "index" });
  } catch (error) {
    if (!isTsiftError(error, "lock_held")) throw error;
    const pid = (error.details?.pid as number | null | undefined) ?? null;
    throw new TsiftError(
      "lock_held",
      `another tsift index writer is already active for ${location.dbPath} (${pid === null ? "pid not recorded yet" : `pid ${pid}`}) (lock: ${location.lockPath}); wait for it to finish before retrying`,
      { details: { ...error.details, dbPath: location.dbPath }, hint: "wait for the active tsift writer to finish, then rerun `tsift index`", cause: error },
    );
  }
  let connection: SqliteConnection | undefined;
  let replacement: IndexReplacement | null = null;
  let created: boolean;
  let damaged = false;
  try {
    // A first index that died mid-way left its unfinished file; the lock makes it ours to remove.
    removeDatabaseFiles(buildingPath(location.dbPath));
    const problem = options.rebuild ? indexFileProblem(location, { quick: true }) : null;
    if (problem) replacement = startReplacement(location.dbPath, problem.reason);
    const path = replacement?.tempPath ?? location.dbPath;
    created = !existsSync(path);
    // Checked before a row is written: an update on top of a damaged page would keep the damage and hide it.
    const verify = !created && !options.rebuild && !sqliteFileUnchangedSinceSound(path);
    connection = openSqliteConnection(path, { walAutocheckpointPages: 256, repairHint: indexRepairHint(location), onCorruption: () => (damaged = true) });
    if (verify) {
      const problems = sqliteQuickCheck(connection.database, 3);
      if (problems.length > 0) throw indexFileError(location, { code: "corrupt_data", reason: `quick_check: ${problems.join("; ")}` });
    }
    migrate(connection.database, location);
  } catch (error) {
    connection?.database.close();
    replacement?.abandon();
    lock.release();
    throw error;
  }
  let opened = connection;
  let swap = replacement;
  const replaced = swap ? { reason: swap.reason, moved_to: swap.movedTo } : null;
  const onCorruption = () => (damaged = true);
  let closed = false;
  return {
    get connection() {
      return opened;
    },
    get db() {
      return opened.database;
    },
    get aside() {
      return swap !== null;
    },
    lock,
    created,
    replaced,
    buildAside() {
      if (swap) return opened.database;
      const building = buildingSwap(location.dbPath);
      building.abandon();
      const aside = openSqliteConnection(building.tempPath, { walAutocheckpointPages: 256, repairHint: indexRepairHint(location), onCorruption });
      try {
        migrate(aside.database, location);
        // Sorts of a cold run's index builds spill to disk instead of growing the heap.
        aside.database.pragma("temp_store = FILE");
      } catch (error) {
        aside.database.close();
        building.abandon();
        throw error;
      }
      // The live file is left exactly as it was; the lock keeps other writers off it.
      opened.database.close();
      opened = aside;
      swap = building;
      return aside.database;
    },
    close() {
      if (closed) return;
      closed = true;
      try {
        // Only a run that committed puts the new file in place; a failed one leaves the old file where it was.
        const committed = swap !== null && opened.database.open && hasIndexedAt(opened.database);
        // Every page in the file itself before it moves: its WAL does not move with it.
        if (committed) opened.database.pragma("wal_checkpoint(TRUNCATE)");
        if (opened.database.open) opened.database.close();
        if (swap) {
          if (committed) swap.commit();
          else swap.abandon();
        }
        // The file as this writer leaves it is sound unless a statement met damage: readers may skip the page check.
        if (!damaged && (swap === null || committed)) recordSoundSqliteFile(location.dbPath);
      } finally {
        lock.release();
      }
    },
  };
}

function hasIndexedAt(db: Database.Database): boolean {
  return db.prepare("SELECT 1 FROM meta WHERE key = 'indexed_at'").get() !== undefined;
}

function migrate(db: Database.Database, location: IndexLocation): void {
  const version = Number(db.pragma("user_version", { simple: true }));
  if (version > INDEX_SCHEMA_VERSION) throw newerSchema(location, version);
  if (version < 0) throw indexFileError(location, { code: "schema_mismatch", reason: `index schema ${version} is not a tsift schema version` });
  // Migrations build on the tables the file's version promises; a damaged file is refused, not patched.
  const missing = indexShapeProblem(db, version);
  if (missing) throw indexFileError(location, { code: "schema_mismatch", reason: missing });
  if (version === INDEX_SCHEMA_VERSION) return;
  db.transaction(() => {
    for (let next = version + 1; next <= INDEX_SCHEMA_VERSION; next++) {
      for (const statement of INDEX_MIGRATIONS[next - 1]!) db.exec(statement);
    }
    const setMeta = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
    setMeta.run("schema_version", String(INDEX_SCHEMA_VERSION));
    setMeta.run("tool_version", TOOL_VERSION);
    db.pragma(`user_version = ${INDEX_SCHEMA_VERSION}`);
  })();
}

function newerSchema(location: IndexLocation, version: number): TsiftError {
  const path = location.dbPath;
  return new TsiftError("schema_newer", `${path} has index schema ${version}, newer than this tsift understands (${INDEX_SCHEMA_VERSION})`, {
    details: { path, version, supported: INDEX_SCHEMA_VERSION },
    hint: `upgrade tsift, or rebuild the index with \`${indexRepairHint(location)}\``,
  });
}

/**
 * Opens index.db read-only without taking the writer lock. A live writer's lock makes
 * this read a snapshot copy (`connection.recovery` says so). A missing file is
 * `index_missing`; a newer schema is `schema_newer`; a file that is not SQLite is
 * `corrupt_data`, and a table or column of its version that a query finds missing, or
 * damage it meets, is `schema_mismatch`/`corrupt_data`. Each names `tsift index --rebuild`
 * as the fix.
 */
export interface OpenIndexReaderOptions {
  /**
   * Check the file up front (`status`, `index --check`): every table and column of its
   * schema version, and, when something other than a tsift writer changed the file since
   * one last left it sound, every page (`PRAGMA quick_check`).
   */
  checkShape?: boolean;
}

export function openIndexReader(location: IndexLocation, options: OpenIndexReaderOptions = {}): SqliteConnection {
  if (!existsSync(location.dbPath)) {
    throw new TsiftError("index_missing", `no index at ${location.dbPath}`, {
      details: { path: location.dbPath },
      hint: location.scope ? `tsift index --submodule ${location.scope}` : "tsift index",
    });
  }
  const connection = openSqliteReadOnly(location.dbPath, { repairHint: indexRepairHint(location) });
  let version: number;
  let missing: string | null = null;
  try {
    version = Number(connection.database.pragma("user_version", { simple: true }));
    if (options.checkShape && version >= 1 && version <= INDEX_SCHEMA_VERSION) missing = indexShapeProblem(connection.database, version);
  } catch (error) {
    void connection.close();
    throw error;
  }
  if (version > INDEX_SCHEMA_VERSION) {
    void connection.close();
    throw newerSchema(location, version);
  }
  // The table-by-table shape check is opt-in (it costs ~4 ms, a tenth of a read command's
  // start-up): without it a missing table or column fails the first statement that needs
  // it, and the connection classifies that as `schema_mismatch` with the same rebuild hint.
  if (version < 0 || missing) {
    void connection.close();
    throw indexFileError(location, { code: "schema_mismatch", reason: missing ?? `index schema ${version} is not a tsift schema version` });
  }
  if (options.checkShape && !sqliteFileUnchangedSinceSound(location.dbPath)) {
    const problems = sqliteQuickCheck(connection.database, 3);
    if (problems.length > 0) {
      void connection.close();
      throw indexFileError(location, { code: "corrupt_data", reason: `quick_check: ${problems.join("; ")}` });
    }
  }
  if (version < 1) {
    void connection.close();
    throw new TsiftError("index_missing", `${location.dbPath} holds no tsift index yet`, {
      details: { path: location.dbPath },
      hint: location.scope ? `tsift index --submodule ${location.scope}` : "tsift index",
    });
  }
  return connection;
}
