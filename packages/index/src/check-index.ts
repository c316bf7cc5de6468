import { existsSync } from "node:fs";
import type { IndexLocation } from "./index-location";
import type { IndexSummary } from "./index-summary";
import { sortWarnings } from "./index-warning";
import { trackedFiles, type TrackedFile } from "./internal/index-store";
import { openIndexReader } from "./open-index";
import { changeList, planChanges, sizeLimitRecheck } from "./plan-changes";
import { DEFAULT_MAX_FILE_BYTES } from "./tsift-config";
import { walkFiles } from "./walk-files";

export interface CheckIndexOptions {
  exclude?: readonly string[];
  /** The limit `updateIndex` would use; files it would now admit or exclude count as modified. */
  maxFileBytes?: number;
}

/**
 * What `updateIndex` would find, without writing anything and without the writer lock:
 * the index is read through the read-only open (a snapshot copy while a writer holds
 * it), files are compared by size and mtime only and never opened. With no index,
 * every file is new.
 */
export async function checkIndex(location: IndexLocation, options: CheckIndexOptions = {}): Promise<IndexSummary> {
  const started = performance.now();
  let tracked = new Map<string, TrackedFile>();
  let recovery: string | null = null;
  let previousLimit: number | null = null;
  if (existsSync(location.dbPath)) {
    const connection = openIndexReader(location);
    try {
      recovery = connection.recovery;
      const rows = connection.database
        .prepare("SELECT path, language, size, mtime_ns, content_hash, skip_reason FROM files")
        .safeIntegers(true)
        .all() as Parameters<typeof trackedFiles>[0];
      tracked = trackedFiles(rows);
      const limit = connection.database.prepare("SELECT value FROM meta WHERE key = 'max_file_bytes'").pluck().get() as string | undefined;
      previousLimit = limit === undefined ? null : Number(limit);
    } finally {
      await connection.close();
    }
  }
  const walkStarted = performance.now();
  const walk = walkFiles(location.sourceRoot, { exclude: options.exclude ?? [] });
  const walkMs = performance.now() - walkStarted;
  const plan = planChanges(walk.files, tracked, sizeLimitRecheck(previousLimit, options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES));
  const newCount = plan.changed.filter((change) => change.kind === "new").length;
  return {
    mode: "check",
    root: walk.root,
    index: location.dbPath,
    total_tracked: walk.files.length,
    new: newCount,
    modified: plan.changed.length - newCount,
    deleted: plan.deleted.length,
    unchanged: plan.unchanged,
    parsed: 0,
    changes: changeList(plan),
    warnings: sortWarnings([...walk.warnings]),
    ...(recovery ? { recovery } : {}),
    timings: { walk_ms: walkMs, extract_ms: 0, resolve_ms: 0, total_ms: performance.now() - started, workers: 0 },
  };
}
