import { existsSync } from "node:fs";
import { isTsiftError } from "@tsift/core";
import { openSqliteGraphStoreReadOnly } from "@tsift/sqlite";
import { startReplacement, type IndexReplacement } from "../../store/index-replacement";

/** A new graph.db being built beside a damaged one: where, why, and how to swap it in or drop it. */
export type GraphDbReplacement = IndexReplacement;

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
 * What `graph-db refresh --force` does first, under the graph writer lock: when the
 * local graph.db cannot be used (graphDbFileProblem), the rebuild is written to
 * `<path>.rebuild` and `commit()` renames it over the old file once it is complete, keeping
 * the old bytes (and sidecars) as `graph.db.corrupt-<UTC time>`; readers see the damaged
 * file until then and the new one after, never a half-built graph. Null when the file can
 * be refreshed in place.
 */
export async function startGraphDbReplacement(path: string): Promise<GraphDbReplacement | null> {
  const reason = await graphDbFileProblem(path);
  return reason === null ? null : startReplacement(path, reason);
}
