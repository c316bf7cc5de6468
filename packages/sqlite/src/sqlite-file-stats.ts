import { statSync } from "node:fs";
import type { SqliteRecovery } from "./sqlite-connection";
import { openSqliteReadOnly, type SqliteReadOnlyOptions } from "./sqlite-read-only";

/** Size and page accounting of one SQLite file, for `status` and `doctor` reports. */
export interface SqliteFileStats {
  path: string;
  /** Size of the main file on disk. */
  fileSizeBytes: number;
  /** Size of the `-wal` sidecar; 0 when absent. */
  walSizeBytes: number;
  /** Whether a `-journal` sidecar exists (a rollback writer is active, or one crashed). */
  journalPresent: boolean;
  /** `PRAGMA page_size`. */
  pageSize: number;
  /** `PRAGMA page_count`: logical pages, including those still only in the WAL. */
  pageCount: number;
  /** `PRAGMA freelist_count`: unused pages a `VACUUM` would return. */
  freelistCount: number;
  /** freelistCount × pageSize. */
  freelistBytes: number;
  /** `PRAGMA journal_mode`, lower case: "wal", "delete", … */
  journalMode: string;
  /** Set when the live file was locked and the pragmas were read from a snapshot copy. */
  recovery: SqliteRecovery | null;
}

function sizeOf(path: string): number {
  return Number(statSync(path, { throwIfNoEntry: false })?.size ?? 0);
}

/**
 * Reads file sizes and page counts without writing: sidecar sizes are taken before
 * the read-only open (which may create an empty WAL), the pragmas through
 * openSqliteReadOnly, so a locked file is measured from a snapshot copy.
 */
export async function sqliteFileStats(path: string, options: SqliteReadOnlyOptions = {}): Promise<SqliteFileStats> {
  const walSizeBytes = sizeOf(`${path}-wal`);
  const journalPresent = statSync(`${path}-journal`, { throwIfNoEntry: false }) !== undefined;
  const connection = openSqliteReadOnly(path, options);
  try {
    const pragma = (name: string) => connection.database.pragma(name, { simple: true });
    const pageSize = Number(pragma("page_size"));
    const freelistCount = Number(pragma("freelist_count"));
    return {
      path,
      fileSizeBytes: sizeOf(path),
      walSizeBytes,
      journalPresent,
      pageSize,
      pageCount: Number(pragma("page_count")),
      freelistCount,
      freelistBytes: freelistCount * pageSize,
      journalMode: String(pragma("journal_mode")).toLowerCase(),
      recovery: connection.recovery,
    };
  } finally {
    await connection.close();
  }
}
