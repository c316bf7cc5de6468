import { existsSync } from "node:fs";
import { isTsiftError } from "@tsift/core";
import { openSqliteGraphStoreReadOnly, quarantineSqliteFile } from "@tsift/sqlite";

/** A graph.db that `refresh --force` could not use: why, and where it was moved. */
export interface GraphDbReplacement {
  reason: string;
  moved_to: string;
}

/**
 * Why the graph.db at `path` cannot be refreshed in place, or null when it can (or does
 * not exist, or holds no graph yet): it does not open as SQLite, its schema version is
 * not this tsift's, a graph table or index is missing, or `PRAGMA quick_check` finds a
 * damaged page. Other failures (permissions, a lock) are thrown: they are not the file's fault.
 */
export async function graphDbFileProblem(path: string): Promise<string | null> {
  if (!existsSync(path)) return null;
  let store;
  try {
    store = await openSqliteGraphStoreReadOnly(path, { snapshotFallback: false });
  } catch (error) {
    if (isTsiftError(error, "not_found")) return null;
    if (isTsiftError(error, "corrupt_data") || isTsiftError(error, "schema_mismatch") || isTsiftError(error, "schema_newer")) return error.message;
    throw error;
  }
  try {
    const inspection = await store.inspect();
    if (inspection.missing_tables.length > 0) return `missing table ${inspection.missing_tables.join(", ")}`;
    if (inspection.missing_indexes.length > 0) return `missing index ${inspection.missing_indexes.join(", ")}`;
    const problems = store.quickCheck();
    return problems.length > 0 ? `quick_check: ${problems.slice(0, 3).join("; ")}` : null;
  } catch (error) {
    if (isTsiftError(error, "corrupt_data") || isTsiftError(error, "schema_mismatch")) return error.message;
    throw error;
  } finally {
    await store.close();
  }
}

/**
 * What `graph-db refresh --force` does before it opens a local graph.db: a file it cannot
 * use (graphDbFileProblem) is moved aside with its sidecars as `graph.db.corrupt-<UTC time>`
 * (nothing is deleted), so the refresh builds a new one from the index. The caller holds
 * the graph writer lock. While the new projection is written, readers find no graph.db
 * and then an empty one; the projection itself commits in one transaction.
 */
export async function recoverGraphDbFile(path: string): Promise<GraphDbReplacement | null> {
  const reason = await graphDbFileProblem(path);
  if (reason === null) return null;
  const moved = quarantineSqliteFile(path);
  return moved ? { reason, moved_to: moved.moved_to } : null;
}
