import type { SqlGraphStore } from "@tsift/core";
import { TsiftError, isTsiftError } from "@tsift/core/light";
import { openSqliteConnection, type SqliteConnection, type SqliteConnectionOptions, type SqliteRecovery } from "./sqlite-connection";
import { sqliteQuickCheck } from "./sqlite-file-repair";
import { openSqliteReadOnly, type SqliteReadOnlyOptions } from "./sqlite-read-only";

/** A writable graph store on better-sqlite3; like the read-only one, it can check its own pages. */
export interface SqliteGraphStore extends SqlGraphStore {
  /** `PRAGMA quick_check` problems (empty: every page is sound); see sqliteQuickCheck. */
  quickCheck(): string[];
}

/** A read-only graph store that says whether it reads the live file or a snapshot copy. */
export interface SqliteReadOnlyGraphStore extends SqlGraphStore {
  /** Null for the live file; set when a lock forced a snapshot copy (deleted on close). */
  readonly recovery: SqliteRecovery | null;
  /** The snapshot copy being read, or null. */
  readonly snapshotPath: string | null;
  /** `PRAGMA quick_check` problems (empty: every page is sound); see sqliteQuickCheck. */
  quickCheck(): string[];
}

/**
 * The SQL store is most of @tsift/core, so it is loaded when a graph store opens rather
 * than with this module: @tsift/index imports this package for the index.db open helpers
 * alone, on every read command's path.
 */
function loadSqlStore() {
  return import("@tsift/core");
}

/**
 * Opens the store on `connection`, closing it when the schema is refused; a refused schema
 * takes the caller's repair command as its hint, since a graph.db is rebuildable from the index.
 */
async function openStore(connection: SqliteConnection, repairHint: string | undefined, open: () => Promise<SqlGraphStore>): Promise<SqlGraphStore> {
  try {
    return await open();
  } catch (error) {
    await connection.close();
    const schema = isTsiftError(error, "schema_newer") || isTsiftError(error, "schema_mismatch") || isTsiftError(error, "corrupt_data");
    if (!schema || repairHint === undefined) throw error;
    const hint = error.code === "schema_newer" ? `upgrade tsift, or rebuild it with \`${repairHint}\`` : repairHint;
    throw new TsiftError(error.code, error.message, { hint, cause: error, ...(error.details ? { details: error.details } : {}) });
  }
}

/** WAL autocheckpoint after a refresh, sized to the refresh so big rewrites are not fragmented. */
export function walAutocheckpointFor(upsertedRows: number): number {
  if (upsertedRows > 10_000) return 8192;
  if (upsertedRows > 1_000) return 4096;
  return 2048;
}

/**
 * Page size of a graph.db this package creates. Rows average ~450 bytes with their JSON
 * columns; on effect's src/ (82k rows, 80 MB) 8 KiB pages cut a cold refresh's CPU by
 * about 7% against 4 KiB (fewer b-tree splits and cells per write) and made no read
 * slower (doctor's scans got faster). Existing files keep their page size.
 */
export const SQLITE_GRAPH_PAGE_SIZE = 8192;

/**
 * Memory-mapped bytes of a read-only graph.db. A read is one short process: every page
 * it touches is a cold read of SQLite's own cache, and mapped pages skip the read()
 * copy. A depth-2 neighborhood walk plus one doctor scan on effect's src/ took ~25%
 * less CPU with the map than with plain reads. WAL readers still read newer pages from
 * the WAL; SQLite remaps when the file grows.
 */
export const SQLITE_GRAPH_READ_MMAP_BYTES = 256 * 1024 * 1024;

/**
 * Opens (creating when writable) a graph.db on better-sqlite3. A newer schema fails
 * closed with a TsiftError naming both versions.
 */
export async function openSqliteGraphStore(path: string, options: SqliteConnectionOptions = {}): Promise<SqliteGraphStore> {
  const core = await loadSqlStore();
  const connection = openSqliteConnection(path, {
    walAutocheckpointPages: core.SQLITE_GRAPH_WAL_AUTOCHECKPOINT_PAGES,
    foreignKeys: false,
    pageSize: SQLITE_GRAPH_PAGE_SIZE,
    // A graph.db is checked page by page when something else changed it, so status and refresh never trust damage.
    trackSoundness: true,
    ...options,
  });
  const store = await openStore(connection, options.repairHint, () =>
    core.SqlGraphStore.open(connection, {
      async afterRefresh(report) {
        const started = process.hrtime.bigint();
        const upserted = report.nodes.upserted + report.edges.upserted;
        connection.database.pragma(`wal_autocheckpoint = ${walAutocheckpointFor(upserted)}`);
        let outcome = "ok";
        try {
          const [result] = connection.database.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[];
          if (result && result.busy) outcome = "busy";
        } catch {
          outcome = "error";
        }
        report.phase_timings.push({ name: "wal_checkpoint", duration_micros: Number((process.hrtime.bigint() - started) / 1000n), detail: outcome });
      },
    }),
  );
  // Doctor quick_checks whichever store it is handed: the library opens graph.db writable.
  return Object.defineProperty(store, "quickCheck", { value: () => sqliteQuickCheck(connection.database) }) as SqliteGraphStore;
}

/**
 * Opens an existing graph.db for status, queries and doctor without contending with a
 * writer: the live file when it is readable, otherwise a snapshot copy (see
 * openSqliteReadOnly). Missing file or an empty file without a graph: `not_found`.
 */
export async function openSqliteGraphStoreReadOnly(path: string, options: SqliteReadOnlyOptions = {}): Promise<SqliteReadOnlyGraphStore> {
  const core = await loadSqlStore();
  const connection = openSqliteReadOnly(path, { mmapSizeBytes: SQLITE_GRAPH_READ_MMAP_BYTES, ...options });
  // The connection owns the snapshot copy and deletes it when the store closes it.
  const store = await openStore(connection, options.repairHint, () => core.SqlGraphStore.open(connection));
  return Object.defineProperties(store, {
    recovery: { value: connection.recovery, enumerable: true },
    snapshotPath: { value: connection.snapshotPath, enumerable: true },
    quickCheck: { value: () => sqliteQuickCheck(connection.database) },
  }) as SqliteReadOnlyGraphStore;
}
