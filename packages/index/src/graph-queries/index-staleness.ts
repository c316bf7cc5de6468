import type Database from "better-sqlite3";
import { INDEX_SCHEMA_VERSION } from "../index-schema";
import type { IndexLocation } from "../index-location";
import { trackedFiles } from "../internal/index-store";
import { planChanges, sizeLimitRecheck } from "../plan-changes";
import { DEFAULT_MAX_FILE_BYTES } from "../tsift-config";
import { walkFiles } from "../walk-files";

export interface IndexStaleness {
  /** Files `updateIndex` would add, re-read or drop (stat only, as `checkIndex` counts them). */
  files: number;
  /** The file was written by an older schema: an update would migrate and re-extract it. */
  schema_outdated: boolean;
}

/**
 * Whether an open index still answers for its files: `checkIndex`'s count on a connection
 * the caller already holds (no second open, no writer lock), for read commands that
 * refresh a stale index before they query it.
 */
export function indexStaleness(db: Database.Database, location: IndexLocation, options: { exclude?: readonly string[]; maxFileBytes?: number } = {}): IndexStaleness {
  const version = Number(db.pragma("user_version", { simple: true }));
  const tracked = trackedFiles(
    db.prepare("SELECT path, language, size, mtime_ns, content_hash, skip_reason FROM files").safeIntegers(true).all() as Parameters<typeof trackedFiles>[0],
  );
  const limit = db.prepare("SELECT value FROM meta WHERE key = 'max_file_bytes'").pluck().get() as string | undefined;
  const walk = walkFiles(location.sourceRoot, { exclude: options.exclude ?? [] });
  const plan = planChanges(walk.files, tracked, sizeLimitRecheck(limit === undefined ? null : Number(limit), options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES));
  return { files: plan.changed.length + plan.deleted.length, schema_outdated: version < INDEX_SCHEMA_VERSION };
}
