import { statSync } from "node:fs";
import { join } from "node:path";
import type Database from "better-sqlite3";
import { isTsiftError } from "@tsift/core/light";
import type { SqliteConnection } from "@tsift/sqlite";
import { defaultConfig } from "../walk/config/default-config";
import { indexFreshness } from "./index-freshness";
import type { IndexLocation } from "../walk/index-location";
import { CONFIG_RELATIVE_PATH, loadConfig } from "../walk/config/load-config";
import { openIndexReader } from "./open-index";
import type { TsiftConfig } from "../walk/config/tsift-config";
import type { WorkspaceScope } from "../walk/workspace-scopes";
import type { CommandPlace } from "../walk/command-place";
import { indexCommandFor, indexOnFirstUse, openIndexIfBuilt } from "./first-use-index";
import { readOnlyCaller } from "./read-only-scope";
import type { ProjectOptions } from "../walk/project-options";
import { resolveReadTarget } from "../walk/read-target";
import { borrowWarmIndex } from "./warm/warm-registry";

/** An index opened for a read use case, fresh (or as fresh as a lock race allows). */
export interface ReadIndex {
  root: string;
  location: IndexLocation;
  scope: WorkspaceScope | null;
  config: TsiftConfig;
  db: Database.Database;
  /** How suggested commands spell the project and scope. */
  place: CommandPlace;
  /** Files an automatic incremental update re-indexed before the query (0 when it was fresh). */
  refreshed: number;
  /** One-line notes for the user: config warnings, a lost lock race, a snapshot read. */
  notes: string[];
  /**
   * Whether the open index still answers for its files (`indexFreshness` on this
   * connection): a caller that keeps it open between queries asks before each one.
   */
  fresh(): Promise<boolean>;
  close(): Promise<void>;
}

/** Opens the index a read use case needs, only once its options are known to be valid. */
export type IndexOpener = () => Promise<ReadIndex>;

/**
 * Most projects have no `.tsift/config.toml`; then the defaults are taken without
 * `loadConfig`'s asynchronous read, whose first use starts libuv's thread pool. Anything
 * but a plain "not there" (a permission error…) still goes through `loadConfig`, which
 * reports it.
 */
function hasConfigFile(root: string): boolean {
  try {
    return statSync(join(root, CONFIG_RELATIVE_PATH), { throwIfNoEntry: false }) !== undefined;
  } catch {
    return true;
  }
}

/**
 * Resolves the project and scope (`resolveReadTarget`), brings a stale index up to date
 * with an incremental `updateIndex` (`indexFreshness` decides: a stat walk, and an index
 * written by an older schema counts as stale), and opens it read-only. A missing index
 * follows the first-use policy (`indexOnFirstUse`: built when the project is small, else
 * `index_missing`). When another tsift holds the writer lock the refresh is skipped with
 * a note and the current index is read (a snapshot copy while the writer has the file).
 */
export async function openReadIndex(options: ProjectOptions): Promise<ReadIndex> {
  const { root, scope, location, place, notes: settled = [] } = resolveReadTarget(options);
  const config = hasConfigFile(root) ? await loadConfig(root) : defaultConfig();
  const notes = [...settled, ...config.warnings.map((warning) => `warning: ${warning}`)];

  // A warm index in this process (`tsift mcp`, the daemon) has applied every change its
  // watcher saw: its open connection answers without the freshness stat walk.
  const warm = await borrowWarmIndex(location);
  if (warm) {
    notes.push(...warm.notes);
    const fresh = async () => (await borrowWarmIndex(location)) !== null;
    return { root, location, scope, config, db: warm.connection.database, place, refreshed: 0, notes, fresh, close: () => warm.connection.close() };
  }

  let refreshed = 0;
  let connection: SqliteConnection | null = openIndexIfBuilt(location);
  const freshness = connection ? await indexFreshness(location, { connection, exclude: config.index.exclude, maxFileBytes: config.index.maxFileBytes }) : null;
  if (!connection || !freshness || freshness.state === "missing") {
    // No index yet: the one first-use policy of every read command builds a small project's, or refuses.
    await connection?.close();
    const first = await indexOnFirstUse(location, config, place);
    refreshed = first.files;
    notes.push(first.note);
    connection = openIndexReader(location);
  } else if (freshness.state !== "fresh" && readOnlyCaller() !== null) {
    // `tsift mcp` writes nothing: it answers from the index as it is and says so.
    const what = freshness.schema_outdated ? "written by an older tsift" : `${freshness.stale_files} stale file${freshness.stale_files === 1 ? "" : "s"}`;
    notes.push(
      `note: read the index as it is (${what}): ${readOnlyCaller()} is read-only and does not refresh it; run ${indexCommandFor(place)} for fresh results.`,
    );
  } else if (freshness.state !== "fresh") {
    await connection?.close();
    connection = null;
    try {
      // The updater (and the parsers behind it) loads only when there is something to update.
      const { updateIndex } = await import("./update/update-index");
      const summary = await updateIndex(location, { maxFileBytes: config.index.maxFileBytes, exclude: config.index.exclude });
      refreshed = summary.new + summary.modified + summary.deleted;
    } catch (error) {
      if (!isTsiftError(error, "lock_held")) throw error;
      const what = freshness.schema_outdated ? "written by an older tsift" : `${freshness.stale_files} stale file${freshness.stale_files === 1 ? "" : "s"}`;
      notes.push(
        `note: another tsift writer holds ${location.lockPath}; read the current index (${what}) without refreshing it. Re-run after it finishes for fresh results.`,
      );
    }
    connection = openIndexReader(location);
  }
  const open = connection;
  if (open.recovery) notes.push(`note: the index is being written; read a snapshot copy (${open.recovery})`);
  const fresh = async () =>
    (await indexFreshness(location, { connection: open, exclude: config.index.exclude, maxFileBytes: config.index.maxFileBytes })).state === "fresh";
  return { root, location, scope, config, db: open.database, place, refreshed, notes, fresh, close: () => open.close() };
}
