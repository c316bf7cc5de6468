import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type Database from "better-sqlite3";
import { TsiftError, isTsiftError } from "@tsift/core";
import { acquireWriterLock, openSqliteConnection, openSqliteReadOnly, type SqliteConnection, type WriterLock } from "@tsift/sqlite";
import packageJson from "../package.json" with { type: "json" };
import { INDEX_MIGRATIONS, INDEX_SCHEMA_VERSION } from "./index-schema";
import type { IndexLocation } from "./index-location";

export const TOOL_VERSION: string = packageJson.version;

/** A writable index: the connection, the lock that makes it ours, and whether this open created the file. */
export interface IndexWriter {
  connection: SqliteConnection;
  db: Database.Database;
  lock: WriterLock;
  created: boolean;
  /** Closes the database, then releases the lock; safe to call more than once. */
  close(): void;
}

/**
 * Takes `.tsift/index.lock` (fail fast: a live holder is `lock_held`, naming its pid),
 * then opens index.db for writing with WAL, autocheckpoint 256 and a 5 s busy timeout,
 * creating or migrating the schema. The lock comes first so two writers never both walk.
 */
export function openIndexWriter(location: IndexLocation): IndexWriter {
  mkdirSync(dirname(location.dbPath), { recursive: true });
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
  const created = !existsSync(location.dbPath);
  let connection: SqliteConnection | undefined;
  try {
    connection = openSqliteConnection(location.dbPath, { walAutocheckpointPages: 256 });
    migrate(connection.database, location);
  } catch (error) {
    connection?.database.close();
    lock.release();
    throw error;
  }
  const opened = connection;
  let closed = false;
  return {
    connection: opened,
    db: opened.database,
    lock,
    created,
    close() {
      if (closed) return;
      closed = true;
      try {
        if (opened.database.open) opened.database.close();
      } finally {
        lock.release();
      }
    },
  };
}

function migrate(db: Database.Database, location: IndexLocation): void {
  const version = Number(db.pragma("user_version", { simple: true }));
  if (version > INDEX_SCHEMA_VERSION) throw newerSchema(location.dbPath, version);
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

function newerSchema(path: string, version: number): TsiftError {
  return new TsiftError("schema_newer", `${path} has index schema ${version}, newer than this tsift understands (${INDEX_SCHEMA_VERSION})`, {
    details: { path, version, supported: INDEX_SCHEMA_VERSION },
    hint: "upgrade tsift, or rebuild the index with `tsift index --rebuild`",
  });
}

/**
 * Opens index.db read-only without taking the writer lock. A live writer's lock makes
 * this read a snapshot copy (`connection.recovery` says so). A missing file is
 * `index_missing`; a newer schema is `schema_newer`.
 */
export function openIndexReader(location: IndexLocation): SqliteConnection {
  if (!existsSync(location.dbPath)) {
    throw new TsiftError("index_missing", `no index at ${location.dbPath}`, {
      details: { path: location.dbPath },
      hint: location.scope ? `tsift index --submodule ${location.scope}` : "tsift index",
    });
  }
  const connection = openSqliteReadOnly(location.dbPath);
  const version = Number(connection.database.pragma("user_version", { simple: true }));
  if (version > INDEX_SCHEMA_VERSION) {
    void connection.close();
    throw newerSchema(location.dbPath, version);
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
