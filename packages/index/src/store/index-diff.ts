import type Database from "better-sqlite3";
import type { IndexLocation } from "../walk/index-location";
import { changeList, planChanges, sizeLimitRecheck, type ChangePlan } from "./plan-changes";
import type { IndexChange } from "./index-summary";
import { DEFAULT_MAX_FILE_BYTES } from "../walk/config/tsift-config";
import { walkFiles, type WalkResult } from "../walk/walk-files";
import { trackedFiles, type TrackedFile } from "./update/index-store";

/** What index.db remembers that decides whether a file must be looked at again. */
export interface TrackedState {
  tracked: Map<string, TrackedFile>;
  /** `max_file_bytes` of the last run, or null before the first. */
  previousLimit: number | null;
}

export function readTrackedState(db: Database.Database): TrackedState {
  const rows = db.prepare("SELECT path, language, size, mtime_ns, content_hash, skip_reason FROM files").safeIntegers(true).all() as Parameters<
    typeof trackedFiles
  >[0];
  const limit = db.prepare("SELECT value FROM meta WHERE key = 'max_file_bytes'").pluck().get() as string | undefined;
  return { tracked: trackedFiles(rows), previousLimit: limit === undefined ? null : Number(limit) };
}

export interface TreeDiff {
  walk: WalkResult;
  plan: ChangePlan;
  changes: IndexChange[];
  walkMs: number;
}

/** The stat-only walk compared with the tracked files: what `updateIndex` would add, re-read or drop. */
export function diffTree(location: IndexLocation, state: TrackedState, options: { exclude?: readonly string[]; maxFileBytes?: number }): TreeDiff {
  // hrtime, not performance.now(): the global loads perf_hooks on first use, on every read command's path.
  const started = process.hrtime.bigint();
  const walk = walkFiles(location.sourceRoot, { exclude: options.exclude ?? [] });
  const walkMs = Number(process.hrtime.bigint() - started) / 1e6;
  const plan = planChanges(walk.files, state.tracked, sizeLimitRecheck(state.previousLimit, options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES));
  return { walk, plan, changes: changeList(plan), walkMs };
}
