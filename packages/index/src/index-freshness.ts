import { existsSync } from "node:fs";
import { isTsiftError } from "@tsift/core";
import { checkIndex, type CheckIndexOptions } from "./check-index";
import type { IndexLocation } from "./index-location";
import { openIndexReader } from "./open-index";

/** Whether one index answers for its files right now (SPEC "Status"). */
export interface IndexFreshness {
  /** `missing`: no index.db (or an empty one); `stale`: files changed since; `fresh`: neither. */
  state: "fresh" | "stale" | "missing";
  /** Files the index tracks. */
  total_files: number;
  /** New, modified and deleted files, by (size, mtime) as `checkIndex` sees them. */
  stale_files: number;
  /** ISO time of the last completed index run, or null. */
  last_indexed_at: string | null;
  /** Whole seconds since then (never negative), or null. */
  last_indexed_secs_ago: number | null;
  /** The tsift version that last wrote the index. */
  tool_version: string | null;
  /** Set when a writer held the live file and a snapshot copy was read. */
  recovery?: string;
}

export interface IndexFreshnessOptions extends CheckIndexOptions {
  /** The clock, for tests; default `new Date()`. */
  now?: Date;
}

/**
 * Reads an index's freshness without writing or taking the writer lock: the tracked
 * file count and last run from index.db (a snapshot copy while a writer holds it),
 * then `checkIndex`'s stat-only diff against the tree.
 */
export async function indexFreshness(location: IndexLocation, options: IndexFreshnessOptions = {}): Promise<IndexFreshness> {
  const missing: IndexFreshness = { state: "missing", total_files: 0, stale_files: 0, last_indexed_at: null, last_indexed_secs_ago: null, tool_version: null };
  if (!existsSync(location.dbPath)) return missing;
  let connection: ReturnType<typeof openIndexReader>;
  try {
    connection = openIndexReader(location);
  } catch (error) {
    // A file that exists but holds no index yet (a writer's first run) is still missing.
    if (isTsiftError(error, "index_missing")) return missing;
    throw error;
  }
  let totalFiles: number;
  let meta: Map<string, string>;
  const recovery = connection.recovery;
  try {
    totalFiles = Number(connection.database.prepare("SELECT count(*) FROM files").pluck().get());
    const rows = connection.database.prepare("SELECT key, value FROM meta WHERE key IN ('indexed_at', 'tool_version')").all() as { key: string; value: string }[];
    meta = new Map(rows.map((row) => [row.key, row.value]));
  } finally {
    await connection.close();
  }
  const indexedAt = meta.get("indexed_at") ?? null;
  if (indexedAt === null) return { ...missing, ...(recovery ? { recovery } : {}) };
  const check = await checkIndex(location, options);
  const stale = check.new + check.modified + check.deleted;
  const age = Math.max(0, Math.floor(((options.now ?? new Date()).getTime() - Date.parse(indexedAt)) / 1000));
  const snapshot = recovery ?? check.recovery;
  return {
    state: stale > 0 ? "stale" : "fresh",
    total_files: totalFiles,
    stale_files: stale,
    last_indexed_at: indexedAt,
    last_indexed_secs_ago: Number.isFinite(age) ? age : null,
    tool_version: meta.get("tool_version") ?? null,
    ...(snapshot ? { recovery: snapshot } : {}),
  };
}
