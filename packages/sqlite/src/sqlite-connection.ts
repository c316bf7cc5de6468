import { closeSync, existsSync, openSync } from "node:fs";
import type Database from "better-sqlite3";
import { BetterSqlite3, withNativeBinding } from "./internal/better-sqlite3";
import type { SqlConnection, SqlExecutor, SqlValue } from "@tsift/core";
import { TsiftError } from "@tsift/core/light";
import { guardSqliteFailures, isSqliteCorruption } from "./sqlite-failure";
import { recordSoundSqliteFile, sqliteFileUnchangedSinceSound } from "./sqlite-file-stamp";
import { sqliteQuickCheck } from "./sqlite-file-repair";

type Statement = Database.Statement<unknown[], unknown>;

/** Prepared statements kept per connection; multi-row writes reuse a handful of SQL texts. */
const STATEMENT_CACHE_SIZE = 256;

/** How long a statement waits for another connection's lock before failing. */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/** Sees every SQL text a connection runs, with its parameters, before it runs. */
export type SqliteQueryObserver = (sql: string, params: readonly SqlValue[]) => void;

/**
 * How a read-only open had to recover: the live file was locked, so a snapshot copy
 * (with its WAL sidecars, or with its rollback journal rolled back) is being read.
 */
export type SqliteRecovery = "snapshot_fallback_wal" | "snapshot_fallback_journal";

export interface SqliteConnectionOptions {
  readOnly?: boolean;
  /** How long a statement waits for another writer's lock before failing; default 5000 ms. */
  busyTimeoutMs?: number;
  /** Pages of WAL before an automatic checkpoint; default 256. */
  walAutocheckpointPages?: number;
  /** Report this location in messages instead of the file path (snapshot copies). */
  location?: string;
  /** Called with each statement's SQL and parameters (query-plan tests, tracing); unset costs nothing. */
  onQuery?: SqliteQueryObserver;
  /**
   * Enforce declared foreign keys; default true. The graph store turns it off: it validates
   * every edge endpoint and deletes children explicitly, and per-row FK probes more than
   * double the cost of a bulk edge load.
   */
  foreignKeys?: boolean;
  /**
   * Page size, bytes, for a database this open creates (SQLite ignores it for an
   * existing file); default SQLite's 4096.
   */
  pageSize?: number;
  /**
   * The command that rebuilds this file from scratch (`tsift index --rebuild`): the hint of
   * every corruption or schema error the connection raises, from the open or any later
   * statement.
   */
  repairHint?: string;
  /** Told of every corruption the connection meets, at the open or by a later statement. */
  onCorruption?: () => void;
  /**
   * A writer of a file readers trust by its record (sqlite-file-stamp.ts): the open checks
   * every page when something other than a tsift writer changed the file since one left it
   * sound (corrupt_data with `repairHint`), and the close records it sound unless a
   * statement met damage.
   */
  trackSoundness?: boolean;
}

export interface SqliteConnectionInit {
  readOnly: boolean;
  location: string;
  onQuery?: SqliteQueryObserver | undefined;
  recovery?: SqliteRecovery | null;
  /** The copy being read when `recovery` is set. */
  snapshotPath?: string | null;
  /** Runs once after the database is closed, e.g. to delete a snapshot copy. */
  afterClose?: (() => void) | undefined;
}

/** A better-sqlite3 database behind the async SqlConnection surface, with a statement cache. */
export class SqliteConnection implements SqlConnection {
  readonly backend = "sqlite";
  readonly location: string;
  readonly readOnly: boolean;
  /** Null when the live file is being read; see SqliteRecovery. */
  readonly recovery: SqliteRecovery | null;
  readonly snapshotPath: string | null;
  private readonly statements = new Map<string, Statement>();
  private readonly onQuery: SqliteQueryObserver | undefined;
  private afterClose: (() => void) | undefined;

  constructor(
    readonly database: Database.Database,
    init: SqliteConnectionInit,
  ) {
    this.readOnly = init.readOnly;
    this.location = init.location;
    this.onQuery = init.onQuery;
    this.recovery = init.recovery ?? null;
    this.snapshotPath = init.snapshotPath ?? null;
    this.afterClose = init.afterClose;
  }

  private prepare(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (statement) {
      // Refresh recency so the cache evicts the least recently used text.
      this.statements.delete(sql);
      this.statements.set(sql, statement);
      return statement;
    }
    statement = this.database.prepare(sql);
    this.statements.set(sql, statement);
    if (this.statements.size > STATEMENT_CACHE_SIZE) this.statements.delete(this.statements.keys().next().value!);
    return statement;
  }

  async all<T extends object>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    this.onQuery?.(sql, params);
    const statement = this.prepare(sql);
    // One array argument, not a spread: better-sqlite3 binds an array's items in order,
    // and a multi-row insert's thousands of parameters are not copied onto the stack twice.
    if (!statement.reader) {
      statement.run(params);
      return [];
    }
    return statement.all(params) as T[];
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<{ changes: number }> {
    this.onQuery?.(sql, params);
    const statement = this.prepare(sql);
    if (statement.reader) {
      statement.all(params);
      return { changes: 0 };
    }
    return { changes: statement.run(params).changes };
  }

  async exec(sql: string): Promise<void> {
    this.onQuery?.(sql, []);
    this.database.exec(sql);
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    await this.exec("BEGIN IMMEDIATE");
    try {
      const result = await fn(this);
      await this.exec("COMMIT");
      return result;
    } catch (error) {
      if (this.database.inTransaction) await this.exec("ROLLBACK");
      throw error;
    }
  }

  async close(): Promise<void> {
    this.statements.clear();
    if (this.database.open) this.database.close();
    const afterClose = this.afterClose;
    this.afterClose = undefined;
    afterClose?.();
  }
}

export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? "";
  return code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED");
}

/**
 * Opens a SQLite file with tsift's settings: WAL (readers never block the writer), a
 * bounded busy timeout, a small autocheckpoint, and enforced foreign keys. A file this
 * open creates is 0600 (its -wal and -shm take the database file's mode), since a tsift
 * database holds the text of the code it indexes.
 */
export function openSqliteConnection(path: string, options: SqliteConnectionOptions = {}): SqliteConnection {
  const readOnly = options.readOnly ?? false;
  const track = options.trackSoundness === true && !readOnly && path !== ":memory:" && path !== "";
  const verify = track && existsSync(path) && !sqliteFileUnchangedSinceSound(path);
  let damaged = false;
  const onCorruption = () => {
    damaged = true;
    options.onCorruption?.();
  };
  // Outside the try: an addon that cannot load is a native_binding error, not an io_error about this file.
  const openOptions = withNativeBinding({ readonly: readOnly, fileMustExist: readOnly, timeout: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS });
  let database: Database.Database;
  try {
    if (!readOnly && path !== ":memory:" && path !== "") createPrivateFile(path);
    database = new BetterSqlite3(path, openOptions);
    guardSqliteFailures(database, { path, repairHint: options.repairHint, onCorruption });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (readOnly && code === "SQLITE_CANTOPEN") {
      throw new TsiftError("not_found", `cannot open ${path}: the file does not exist`, { cause: error, details: { path } });
    }
    throw new TsiftError("io_error", `cannot open SQLite database ${path}: ${(error as Error).message}`, { cause: error, details: { path } });
  }
  try {
    database.pragma(`foreign_keys = ${options.foreignKeys === false ? "OFF" : "ON"}`);
    // Before the WAL switch, which writes the first page and so fixes the page size.
    if (!readOnly && options.pageSize) database.pragma(`page_size = ${Math.trunc(options.pageSize)}`);
    // An in-memory database has no journal file to put in WAL mode.
    if (!readOnly && path !== ":memory:") {
      const mode = database.pragma("journal_mode = WAL", { simple: true });
      if (String(mode).toLowerCase() !== "wal") {
        throw new TsiftError("io_error", `cannot switch ${path} to WAL journal mode (got ${String(mode)})`, { details: { path } });
      }
      database.pragma(`wal_autocheckpoint = ${options.walAutocheckpointPages ?? 256}`);
      database.pragma("synchronous = NORMAL");
    }
    database.pragma("temp_store = MEMORY");
  } catch (error) {
    database.close();
    if (error instanceof TsiftError) throw error;
    if (isSqliteBusy(error)) {
      throw new TsiftError("lock_held", `${path} is locked by another process`, { cause: error, details: { path } });
    }
    const hint = options.repairHint === undefined ? {} : { hint: options.repairHint };
    const code = isSqliteCorruption(error) ? "corrupt_data" : "io_error";
    if (code === "corrupt_data") onCorruption();
    throw new TsiftError(code, `cannot use ${path} as a SQLite database: ${(error as Error).message}`, { cause: error, details: { path }, ...hint });
  }
  if (verify) {
    const problems = sqliteQuickCheck(database, 3);
    if (problems.length > 0) {
      database.close();
      const hint = options.repairHint === undefined ? {} : { hint: options.repairHint };
      throw new TsiftError("corrupt_data", `${path} is corrupt: quick_check: ${problems.join("; ")}`, { details: { path }, ...hint });
    }
  }
  return new SqliteConnection(database, {
    readOnly,
    location: options.location ?? path,
    onQuery: options.onQuery,
    afterClose: track
      ? () => {
          if (!damaged) recordSoundSqliteFile(path);
        }
      : undefined,
  });
}

function createPrivateFile(path: string): void {
  try {
    closeSync(openSync(path, "wx", 0o600));
  } catch {
    // An existing file keeps its mode; any other failure is SQLite's to report at the open.
  }
}
