import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type Database from "better-sqlite3";
import { TsiftError, isTsiftError } from "@tsift/core/light";
import { acquireWriterLock, openSqliteConnection, openSqliteReadOnly, type SqliteConnection, type WriterLock } from "@tsift/sqlite";
import { TSIFT_DIR } from "../walk/index-location";
import { ensureStateSubdir } from "../store/state-dir";

/** Where a project's summary cache lives: one per project root, shared by its workspace scopes. */
export interface SummariesLocation {
  projectRoot: string;
  dbPath: string;
  /** The extractor's lock beside it. */
  lockPath: string;
}

export function summariesLocation(projectRoot: string): SummariesLocation {
  const dir = join(projectRoot, TSIFT_DIR);
  return { projectRoot, dbPath: join(dir, "summaries.db"), lockPath: join(dir, "summaries.lock") };
}

/** The command that fills the cache, for hints. */
export const SUMMARIZE_EXTRACT_COMMAND = "tsift summarize --extract";

export const SUMMARIES_SCHEMA_VERSION = 1;

/**
 * One row per summarized symbol version. `content_hash` is the sha256 of the symbol's own
 * source lines when it was summarized, so an edit elsewhere in the file leaves the
 * summary current; `file_hash` is the whole file's, for the file-level staleness count.
 */
const DDL: readonly string[] = [
  "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID",
  `CREATE TABLE IF NOT EXISTS summaries (
    id INTEGER PRIMARY KEY,
    file_path TEXT NOT NULL,
    symbol_name TEXT NOT NULL,
    kind TEXT NOT NULL,
    line INTEGER NOT NULL,
    content_hash TEXT NOT NULL,
    file_hash TEXT NOT NULL,
    summary TEXT NOT NULL,
    concept_labels TEXT NOT NULL,
    extracted_at TEXT NOT NULL,
    model TEXT NOT NULL,
    tokens_input INTEGER NOT NULL,
    tokens_output INTEGER NOT NULL,
    UNIQUE (file_path, symbol_name, kind, content_hash)
  )`,
  "CREATE INDEX IF NOT EXISTS idx_summaries_symbol ON summaries(symbol_name)",
  "CREATE INDEX IF NOT EXISTS idx_summaries_file ON summaries(file_path)",
  "CREATE INDEX IF NOT EXISTS idx_summaries_hash ON summaries(content_hash)",
];

/** A stored summary row. */
export interface SummaryRow {
  file_path: string;
  symbol_name: string;
  kind: string;
  line: number;
  content_hash: string;
  file_hash: string;
  summary: string;
  concept_labels: string;
  extracted_at: string;
  model: string;
  tokens_input: number;
  tokens_output: number;
}

function newerSchema(location: SummariesLocation, version: number): TsiftError {
  return new TsiftError("schema_newer", `${location.dbPath} has summaries schema ${version}, newer than this tsift understands (${SUMMARIES_SCHEMA_VERSION})`, {
    details: { path: location.dbPath, version, supported: SUMMARIES_SCHEMA_VERSION },
    hint: `upgrade tsift, or delete ${location.dbPath} and run \`${SUMMARIZE_EXTRACT_COMMAND}\``,
  });
}

/** Takes `.tsift/summaries.lock`; a live holder is `lock_held` naming its pid, before any API spend. */
export function acquireSummariesLock(location: SummariesLocation): WriterLock {
  ensureStateSubdir(location.projectRoot, dirname(location.dbPath));
  try {
    return acquireWriterLock(location.lockPath, { what: "summaries" });
  } catch (error) {
    if (!isTsiftError(error, "lock_held")) throw error;
    const pid = (error.details?.pid as number | null | undefined) ?? null;
    throw new TsiftError(
      "lock_held",
      `another tsift summarize --extract is already active for ${location.dbPath} (${pid === null ? "pid not recorded yet" : `pid ${pid}`}) (lock: ${location.lockPath})`,
      {
        details: { ...error.details, dbPath: location.dbPath },
        hint: `wait for the active extractor to finish, then rerun \`${SUMMARIZE_EXTRACT_COMMAND}\``,
        cause: error,
      },
    );
  }
}

/**
 * summaries.db opened for writing (created with its schema when missing); call only under
 * the summaries lock. A file from a newer tsift fails closed rather than being overwritten.
 */
export function openSummariesWriter(location: SummariesLocation): SqliteConnection {
  const connection = openSqliteConnection(location.dbPath, { repairHint: SUMMARIZE_EXTRACT_COMMAND });
  const db = connection.database;
  try {
    const version = Number(db.pragma("user_version", { simple: true }));
    if (version > SUMMARIES_SCHEMA_VERSION) throw newerSchema(location, version);
    if (version < SUMMARIES_SCHEMA_VERSION) {
      db.transaction(() => {
        // Version 0 is a new (or never finished) file; no older schema exists yet to migrate.
        db.exec("DROP TABLE IF EXISTS summaries");
        for (const statement of DDL) db.exec(statement);
        db.pragma(`user_version = ${SUMMARIES_SCHEMA_VERSION}`);
      })();
    }
  } catch (error) {
    void connection.close();
    throw error;
  }
  return connection;
}

/** Whether the project has a summary cache at all (reads never create one). */
export function hasSummaries(projectRoot: string): boolean {
  return existsSync(summariesLocation(projectRoot).dbPath);
}

/**
 * summaries.db opened read-only (a snapshot copy while a writer holds it). Absent or never
 * written is `index_missing` with `tsift summarize --extract` as the next step: reads fail
 * closed and never create the cache.
 */
export function openSummariesReader(location: SummariesLocation): SqliteConnection {
  const missing = () =>
    new TsiftError("index_missing", `no summary cache at ${location.dbPath}`, { details: { path: location.dbPath }, hint: SUMMARIZE_EXTRACT_COMMAND });
  if (!existsSync(location.dbPath)) throw missing();
  const connection = openSqliteReadOnly(location.dbPath, { repairHint: SUMMARIZE_EXTRACT_COMMAND });
  try {
    const version = Number(connection.database.pragma("user_version", { simple: true }));
    if (version > SUMMARIES_SCHEMA_VERSION) throw newerSchema(location, version);
    if (version < SUMMARIES_SCHEMA_VERSION) throw missing();
  } catch (error) {
    void connection.close();
    throw error;
  }
  return connection;
}

export function summaryRowsOf(db: Database.Database, file: string): SummaryRow[] {
  return db.prepare("SELECT * FROM summaries WHERE file_path = ? ORDER BY line, symbol_name, kind, extracted_at DESC").all(file) as SummaryRow[];
}
