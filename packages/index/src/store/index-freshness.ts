import { existsSync } from "node:fs";
import { isTsiftError } from "@tsift/core/light";
import type { SqliteConnection } from "@tsift/sqlite";
import type { CheckIndexOptions } from "./check-index";
import { INDEX_SCHEMA_VERSION } from "./index-schema";
import type { IndexLocation } from "../walk/index-location";
import type { IndexChange } from "./index-summary";
import { diffTree, readTrackedState } from "./index-diff";
import { openIndexReader } from "./open-index";
import { failedFiles, type FailedFile } from "./queries/failed-file-queries";
import { readTransaction } from "./queries/read-transaction";

/**
 * Whether one index answers for its files right now. Every read path
 * decides with this one answer: status reports it, read commands and search refresh
 * when it is not `fresh`, `--no-autoindex` refuses.
 */
export interface IndexFreshness {
  /**
   * `missing`: no index.db (or one that holds no completed run); `stale`: files changed
   * since, or an older schema wrote it; `fresh`: neither.
   */
  state: "fresh" | "stale" | "missing";
  /** Files the index tracks. */
  total_files: number;
  /** New, modified and deleted files, by (size, mtime) as `checkIndex` sees them. */
  stale_files: number;
  /** Those files, root-relative and sorted by path (empty unless `stale`). */
  changes: IndexChange[];
  /** An older tsift wrote the index: an update migrates it and re-extracts every file. */
  schema_outdated: boolean;
  /** ISO time of the last completed index run, or null. */
  last_indexed_at: string | null;
  /** Whole seconds since then (never negative), or null. */
  last_indexed_secs_ago: number | null;
  /** The tsift version that last wrote the index. */
  tool_version: string | null;
  /** Set when a writer held the live file and a snapshot copy was read. */
  recovery?: string;
  /**
   * Tracked files the last runs could not read or extract, with why: they count as fresh
   * until they change (a rebuild retries them). Present when there are any.
   */
  failed?: FailedFile[];
}

export interface IndexFreshnessOptions extends CheckIndexOptions {
  /** The clock, for tests; default `new Date()`. */
  now?: Date;
  /**
   * A reader of this index the caller already holds (left open): a read command checks
   * the connection it is about to query instead of opening the file twice.
   */
  connection?: SqliteConnection;
  /** When opening the index here, check every table and column of its schema first (`status`). */
  checkShape?: boolean;
}

/** The freshness of an index with nothing readable in it: no file, no run yet, or (in `status`) a damaged file. */
export function emptyFreshness<S extends string>(state: S): Omit<IndexFreshness, "state"> & { state: S } {
  return {
    state,
    total_files: 0,
    stale_files: 0,
    changes: [],
    schema_outdated: false,
    last_indexed_at: null,
    last_indexed_secs_ago: null,
    tool_version: null,
  };
}

const MISSING: IndexFreshness = emptyFreshness("missing");

/**
 * Reads an index's freshness without writing or taking the writer lock: the tracked
 * files and last run from index.db (a snapshot copy while a writer holds it), then a
 * stat-only walk of the tree compared with them (no file is opened).
 */
export async function indexFreshness(location: IndexLocation, options: IndexFreshnessOptions = {}): Promise<IndexFreshness> {
  let connection = options.connection;
  if (!connection) {
    if (!existsSync(location.dbPath)) return { ...MISSING };
    try {
      connection = openIndexReader(location, { checkShape: options.checkShape ?? false });
    } catch (error) {
      // A file that exists but holds no index yet (a writer's first run) is still missing.
      if (isTsiftError(error, "index_missing")) return { ...MISSING };
      throw error;
    }
  }
  const db = connection.database;
  let read;
  try {
    // One snapshot: the run stamp and the tracked files it wrote.
    read = readTransaction(db, () => {
      const rows = db.prepare("SELECT key, value FROM meta WHERE key IN ('indexed_at', 'tool_version')").all() as { key: string; value: string }[];
      return {
        meta: new Map(rows.map((row) => [row.key, row.value])),
        state: readTrackedState(db),
        version: Number(db.pragma("user_version", { simple: true })),
        failed: failedFiles(db),
      };
    });
  } finally {
    if (!options.connection) await connection.close();
  }
  const recovery = connection.recovery ? { recovery: connection.recovery } : {};
  const indexedAt = read.meta.get("indexed_at") ?? null;
  if (indexedAt === null) return { ...MISSING, ...recovery };
  const { plan, changes } = diffTree(location, read.state, options);
  const stale = plan.changed.length + plan.deleted.length;
  const schemaOutdated = read.version < INDEX_SCHEMA_VERSION;
  const age = Math.max(0, Math.floor(((options.now ?? new Date()).getTime() - Date.parse(indexedAt)) / 1000));
  return {
    state: stale > 0 || schemaOutdated ? "stale" : "fresh",
    total_files: read.state.tracked.size,
    stale_files: stale,
    changes,
    schema_outdated: schemaOutdated,
    last_indexed_at: indexedAt,
    last_indexed_secs_ago: Number.isFinite(age) ? age : null,
    tool_version: read.meta.get("tool_version") ?? null,
    ...recovery,
    ...(read.failed.length > 0 ? { failed: read.failed } : {}),
  };
}
