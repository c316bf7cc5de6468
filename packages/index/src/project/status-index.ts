import { existsSync } from "node:fs";
import { join } from "node:path";
import { isTsiftError } from "@tsift/core/light";
import { probeWriterLock } from "@tsift/sqlite";
import { indexRepairHint, type IndexFileProblem } from "../store/index-file-check";
import type { FailedFile } from "../store/queries/failed-file-queries";
import { emptyFreshness, indexFreshness, type IndexFreshness } from "../store/index-freshness";
import { indexLocation, type IndexLocation } from "../walk/index-location";
import { loadConfig } from "../walk/config/load-config";
import type { TsiftConfig } from "../walk/config/tsift-config";
import { discoverScopes } from "../walk/workspace-scopes";
import { rootRelative } from "../walk/command-place";
import { readIndexProgress } from "../store/update/index-progress-file";

/** Freshness, or `corrupt`: the file exists but cannot be read as this tsift's index. */
export type IndexState = IndexFreshness["state"] | "corrupt";

/** Why an index is `corrupt` and the command that rebuilds it (the old file is moved aside, not deleted). */
export interface IndexProblem {
  code: IndexFileProblem["code"];
  reason: string;
  next: string;
}

export interface ScopeStatus {
  scope: string;
  /** Root-relative. */
  db_path: string;
  state: IndexState;
  total_files: number;
  stale_files: number;
  last_indexed_secs_ago: number | null;
  /** Set when `state` is `corrupt`. */
  problem?: IndexProblem;
}

export interface IndexStatus {
  state: IndexState;
  total_files: number;
  stale_files: number;
  last_indexed_secs_ago: number | null;
  /** Present for a single index; root-relative. */
  db_path?: string;
  /** Present on workspace roots, whose scoped indexes are authoritative. */
  workspace?: boolean;
  workspace_scopes?: ScopeStatus[];
  missing_scopes?: { scope: string; db_path: string }[];
  /** A writer held the live file, so a snapshot copy was read. */
  recovery?: string;
  /** Tracked files whose reading or extraction failed (root-relative, path order per index), with why; fresh until they change. */
  failed_files?: FailedFile[];
  /**
   * A live `tsift index` holds the writer lock right now; `progress` when it is a run big
   * enough to publish how far it is (a first index, say): files handled of those to parse.
   */
  writer?: { pid: number | null; progress?: { done: number; total: number; started_secs_ago: number } };
  /** Set when `state` is `corrupt`: the first unreadable index (every one is listed in `workspace_scopes`). */
  problem?: IndexProblem;
}

/** The indexes that describe a project root, for status, `--fix` and locks. */
export interface StatusTargets {
  config: TsiftConfig;
  workspace: boolean;
  locations: IndexLocation[];
}

/**
 * The indexes that describe `root`: its scoped indexes when it declares submodules
 * and has indexed one of them (or has no root index), otherwise its own index.
 */
export async function statusTargets(root: string): Promise<StatusTargets> {
  const config = await loadConfig(root);
  const scopes = discoverScopes(root);
  const own = indexLocation(root);
  const scoped = scopes.map((scope) => indexLocation(root, scope));
  const workspace = scopes.length > 0 && (scoped.some((location) => existsSync(location.dbPath)) || !existsSync(own.dbPath));
  return { config, workspace, locations: workspace ? scoped : [own] };
}

type Entry = { location: IndexLocation; freshness: Omit<IndexFreshness, "state"> & { state: IndexState }; problem?: IndexProblem };

/**
 * One index's freshness; a file that cannot be read as an index (corrupt, a missing table
 * or column, a schema this tsift cannot use) is `corrupt` with the reason instead of
 * failing the whole status. Only what opening and the freshness reads meet is seen: the
 * header, the schema and the `files` rows (`index --check` runs the full quick_check).
 */
async function entryFor(location: IndexLocation, options: { exclude: readonly string[]; maxFileBytes: number }): Promise<Entry> {
  try {
    return { location, freshness: await indexFreshness(location, { ...options, checkShape: true }) };
  } catch (error) {
    if (!(isTsiftError(error, "corrupt_data") || isTsiftError(error, "schema_mismatch") || isTsiftError(error, "schema_newer"))) throw error;
    const problem: IndexProblem = { code: error.code as IndexProblem["code"], reason: error.message, next: indexRepairHint(location, location.projectRoot) };
    return { location, freshness: emptyFreshness("corrupt"), problem };
  }
}

/** Read-only freshness of every target, folded into one status (the oldest age, summed counts); paths relative to `root`. */
export async function indexStatus(root: string, targets: StatusTargets): Promise<IndexStatus> {
  const options = { exclude: targets.config.index.exclude, maxFileBytes: targets.config.index.maxFileBytes };
  const entries: Entry[] = [];
  for (const location of targets.locations) entries.push(await entryFor(location, options));
  const indexed = entries.filter((entry) => entry.freshness.state !== "missing");
  const problem = entries.find((entry) => entry.problem)?.problem;
  const recovery = entries.find((entry) => entry.freshness.recovery)?.freshness.recovery;
  const livePids = targets.locations.map((location) => probeWriterLock(location.lockPath)).filter((probe) => probe.state === "live");
  const ages = indexed.map((entry) => entry.freshness.last_indexed_secs_ago).filter((age): age is number => age !== null);
  const status: IndexStatus = {
    state: problem
      ? "corrupt"
      : indexed.length === 0
        ? "missing"
        : indexed.length < entries.length || indexed.some((entry) => entry.freshness.state === "stale")
          ? "stale"
          : "fresh",
    total_files: indexed.reduce((sum, entry) => sum + entry.freshness.total_files, 0),
    stale_files: indexed.reduce((sum, entry) => sum + entry.freshness.stale_files, 0),
    last_indexed_secs_ago: ages.length ? Math.max(...ages) : null,
  };
  if (targets.workspace) {
    status.workspace = true;
    status.workspace_scopes = indexed.map(({ location, freshness, problem }) => ({
      scope: location.scope!,
      db_path: rootRelative(root, location.dbPath),
      state: freshness.state,
      total_files: freshness.total_files,
      stale_files: freshness.stale_files,
      last_indexed_secs_ago: freshness.last_indexed_secs_ago,
      ...(problem ? { problem } : {}),
    }));
    status.missing_scopes = entries
      .filter((entry) => entry.freshness.state === "missing")
      .map(({ location }) => ({ scope: location.scope!, db_path: rootRelative(root, location.dbPath) }));
  } else status.db_path = rootRelative(root, targets.locations[0]!.dbPath);
  if (recovery) status.recovery = recovery;
  const failed = entries.flatMap(({ location, freshness }) =>
    (freshness.failed ?? []).map((file) => ({ ...file, path: rootRelative(root, join(location.sourceRoot, file.path)) })),
  );
  if (failed.length > 0) status.failed_files = failed;
  if (livePids.length > 0) {
    const running = targets.locations.map(readIndexProgress).find((progress) => progress !== null);
    status.writer = {
      pid: livePids[0]!.pid ?? null,
      ...(running ? { progress: { done: running.done, total: running.total, started_secs_ago: running.started_secs_ago } } : {}),
    };
  }
  if (problem) status.problem = problem;
  return status;
}
