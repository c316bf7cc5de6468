import { existsSync } from "node:fs";
import { sqliteQuickCheck } from "@tsift/sqlite";
import { indexFileError } from "./index-file-check";
import type { IndexLocation } from "../walk/index-location";
import type { IndexSummary } from "./index-summary";
import { sortWarnings } from "../walk/index-warning";
import { diffTree, readTrackedState, type TrackedState } from "./index-diff";
import { openIndexReader } from "./open-index";

/** quick_check problems listed in the error; the first few say enough to act on. */
const QUICK_CHECK_PROBLEMS = 3;

export interface CheckIndexOptions {
  exclude?: readonly string[];
  /** The limit `updateIndex` would use; files it would now admit or exclude count as modified. */
  maxFileBytes?: number;
}

/**
 * What `updateIndex` would find, without writing anything and without the writer lock:
 * the index is read through the read-only open (a snapshot copy while a writer holds
 * it), files are compared by size and mtime only and never opened. With no index,
 * every file is new. The file itself is checked too (`PRAGMA quick_check`, ~0.3-1.3 s on a
 * 50 MB index, which is why `status` does not): damage is `corrupt_data`, a missing table
 * or column `schema_mismatch`, with `tsift index --rebuild` as the fix.
 */
export async function checkIndex(location: IndexLocation, options: CheckIndexOptions = {}): Promise<IndexSummary> {
  const started = performance.now();
  let state: TrackedState = { tracked: new Map(), previousLimit: null };
  let recovery: string | null = null;
  if (existsSync(location.dbPath)) {
    const connection = openIndexReader(location, { checkShape: true });
    try {
      recovery = connection.recovery;
      const problems = sqliteQuickCheck(connection.database, QUICK_CHECK_PROBLEMS);
      if (problems.length > 0) throw indexFileError(location, { code: "corrupt_data", reason: `quick_check: ${problems.join("; ")}` });
      state = readTrackedState(connection.database);
    } finally {
      await connection.close();
    }
  }
  const { walk, plan, changes, walkMs } = diffTree(location, state, options);
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
    changes,
    warnings: sortWarnings([...walk.warnings]),
    ...(recovery ? { recovery } : {}),
    timings: { walk_ms: walkMs, extract_ms: 0, resolve_ms: 0, total_ms: performance.now() - started, workers: 0 },
  };
}
