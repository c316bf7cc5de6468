import { performance } from "node:perf_hooks";
import { recordSoundSqliteFile } from "@tsift/sqlite";
import type Database from "better-sqlite3";
import { loadConfig } from "../walk/config/load-config";
import type { HistoryConfig } from "../walk/config/tsift-config";
import { isAncestor, readGitRepoState, runGitChecked, type GitRepoState } from "../walk/git-command";
import { streamGitLog } from "./git-log-stream";
import { historyLocation, type HistoryLocation } from "./history-location";
import { HISTORY_SCHEMA_VERSION } from "./history-schema";
import { HistoryWriter, type FolderTagRules } from "./history-writer";
import { acquireHistoryLock, inspectHistoryFile, openHistoryTarget, type HistoryFileState } from "./open-history";

export interface IndexHistoryOptions {
  /** The project root (the directory that owns, or will own, `.tsift/`); inside a git work tree. */
  root: string;
  /** Rebuild from the first commit even when an incremental update would do. */
  rebuild?: boolean;
  /** The `[history]` settings; default: read from the project's `.tsift/config.toml`. */
  config?: Pick<HistoryConfig, "stripPrefixes" | "stopTags">;
}

/** Why the whole history was read again instead of only the new commits. */
export type HistoryRebuildReason = NonNullable<HistoryFileState["unusable"]> | "rewritten" | "config_changed" | "requested";

/** `tsift history index --json`. */
export interface HistoryIndexReport {
  db_path: string;
  /** The git work tree history paths are relative to. */
  work_tree: string;
  /** HEAD's commit, or null in a repository without commits. */
  head: string | null;
  /** The branch HEAD is on (`main`), or null when detached or unborn. */
  branch: string | null;
  detached: boolean;
  /** A `git clone --depth` repository: history starts at the shallow boundary. */
  shallow: boolean;
  /** full: every commit read; incremental: only those since the last run; unchanged: HEAD had not moved. */
  mode: "full" | "incremental" | "unchanged";
  /** Why a full run replaced the old file, or null. */
  rebuilt: HistoryRebuildReason | null;
  commits_added: number;
  file_changes_added: number;
  commits_total: number;
  artifacts_total: number;
  artifacts_alive: number;
  elapsed_ms: number;
  /** One line each: an empty repository, a shallow clone, a detached HEAD. */
  notes: string[];
}

/** The folder-tag rules a history.db was built with; another set rebuilds it. */
function rulesKey(rules: FolderTagRules): string {
  return JSON.stringify({ strip: [...rules.stripPrefixes], stop: [...rules.stopTags] });
}

/**
 * `tsift history index`: brings `.tsift/history.db` up to HEAD. Under `.tsift/history.lock`
 * it reads only the commits since the last indexed one, streamed from `git log` and
 * written in one transaction; when that commit is no longer an ancestor of HEAD (a rebase,
 * a reset, an amended commit), the folder-tag rules changed, or the file is damaged or
 * from an older schema, it rebuilds the whole history beside the old file and swaps it in.
 * Not a git work tree is `not_found`; no git binary `unsupported`.
 */
export async function indexHistory(options: IndexHistoryOptions): Promise<HistoryIndexReport> {
  const started = performance.now();
  const repo = readGitRepoState(options.root);
  const rules = options.config ?? (await loadConfig(options.root)).history;
  const location = historyLocation(options.root);
  const lock = acquireHistoryLock(location);
  try {
    const state = inspectHistoryFile(location, { replaceNewer: options.rebuild === true });
    const reason = rebuildReason(options, state, repo, rules);
    const lastHead = reason === null ? state.meta.get("head") || null : null;
    if (reason === null && lastHead === repo.head && state.meta.get("branch") === (repo.branch ?? "")) {
      return report(location, repo, "unchanged", null, started, totals(location));
    }
    const target = openHistoryTarget(location, reason);
    let committed = false;
    try {
      const counts = await writeHistory(target.db, repo, lastHead, rules);
      committed = true;
      return report(location, repo, reason === null && lastHead !== null ? "incremental" : "full", reason, started, counts);
    } finally {
      target.finish(committed);
      // A run that committed leaves the file sound: readers may skip the page check until something else touches it.
      if (committed) recordSoundSqliteFile(location.dbPath);
    }
  } finally {
    lock.release();
  }
}

function rebuildReason(options: IndexHistoryOptions, state: HistoryFileState, repo: GitRepoState, rules: FolderTagRules): HistoryRebuildReason | null {
  if (state.unusable !== null) return state.unusable;
  if (options.rebuild) return "requested";
  if (state.meta.get("rules") !== rulesKey(rules)) return "config_changed";
  // Deepening a shallow clone adds older commits a run from the last head would never read.
  if (state.meta.get("shallow") === "1" && !repo.shallow) return "rewritten";
  const last = state.meta.get("head") ?? "";
  if (last === "" || last === repo.head) return null;
  // HEAD moved: the old history must still be part of the new one, else it was rewritten.
  if (repo.head === null || !isAncestor(repo.workTree, last, repo.head)) return "rewritten";
  return null;
}

interface WriteCounts {
  commits_added: number;
  file_changes_added: number;
  commits_total: number;
  artifacts_total: number;
  artifacts_alive: number;
}

async function writeHistory(db: Database.Database, repo: GitRepoState, lastHead: string | null, rules: FolderTagRules): Promise<WriteCounts> {
  // The whole run is one transaction across the streamed log: readers never see part of it.
  db.exec("BEGIN IMMEDIATE");
  try {
    const writer = new HistoryWriter(db, rules);
    if (repo.head !== null) {
      for await (const record of streamGitLog(repo.workTree, lastHead ? `${lastHead}..${repo.head}` : repo.head)) writer.write(record);
    }
    if (repo.head === null) writer.markAlive([]);
    else if (lastHead === null)
      writer.markAlive(runGitChecked(repo.workTree, ["ls-tree", "-r", "-z", "--name-only", "--full-tree", repo.head]).split("\0").filter(Boolean));
    else writer.applyTreeChanges(treeChanges(repo.workTree, lastHead, repo.head));
    const setMeta = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    setMeta.run("schema_version", String(HISTORY_SCHEMA_VERSION));
    setMeta.run("head", repo.head ?? "");
    setMeta.run("branch", repo.branch ?? "");
    setMeta.run("shallow", repo.shallow ? "1" : "0");
    setMeta.run("work_tree", repo.workTree);
    setMeta.run("rules", rulesKey(rules));
    setMeta.run("indexed_at", new Date().toISOString());
    const counts = countRows(db);
    db.exec("COMMIT");
    return { commits_added: writer.commitsAdded, file_changes_added: writer.fileChangesAdded, ...counts };
  } catch (error) {
    if (db.inTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

/**
 * What changed between two commits' trees (`git diff --no-renames`: a rename is a deletion
 * and an addition): all an incremental run needs to keep `alive` exact, merges included,
 * without listing every file at HEAD.
 */
function treeChanges(cwd: string, from: string, to: string): Array<{ path: string; alive: boolean }> {
  const parts = runGitChecked(cwd, ["diff", "--no-ext-diff", "--no-renames", "--name-status", "-z", from, to, "--"]).split("\0");
  const changes: Array<{ path: string; alive: boolean }> = [];
  for (let index = 0; index + 1 < parts.length; index += 2) changes.push({ path: parts[index + 1]!, alive: parts[index] !== "D" });
  return changes;
}

function countRows(db: Database.Database): Pick<WriteCounts, "commits_total" | "artifacts_total" | "artifacts_alive"> {
  const row = db
    .prepare(
      "SELECT (SELECT count(*) FROM commits) AS commits, (SELECT count(*) FROM artifacts) AS artifacts, (SELECT count(*) FROM artifacts WHERE alive = 1) AS alive",
    )
    .get() as { commits: number; artifacts: number; alive: number };
  return { commits_total: row.commits, artifacts_total: row.artifacts, artifacts_alive: row.alive };
}

function totals(location: HistoryLocation): WriteCounts {
  const target = openHistoryTarget(location, null);
  try {
    return { commits_added: 0, file_changes_added: 0, ...countRows(target.db) };
  } finally {
    target.finish(false);
  }
}

function report(
  location: HistoryLocation,
  repo: GitRepoState,
  mode: HistoryIndexReport["mode"],
  rebuilt: HistoryRebuildReason | null,
  started: number,
  counts: WriteCounts,
): HistoryIndexReport {
  const notes: string[] = [];
  if (repo.head === null) notes.push("the repository has no commits yet; the history is empty");
  if (repo.shallow) notes.push("shallow clone: history starts at the shallow boundary, whose commit lists every file it holds as added");
  if (repo.head !== null && repo.branch === null) notes.push(`detached HEAD at ${repo.head.slice(0, 12)}: the history is that commit's ancestry`);
  return {
    db_path: location.dbPath,
    work_tree: repo.workTree,
    head: repo.head,
    branch: repo.branch?.replace(/^refs\/heads\//, "") ?? null,
    detached: repo.head !== null && repo.branch === null,
    shallow: repo.shallow,
    mode,
    rebuilt,
    commits_added: counts.commits_added,
    file_changes_added: counts.file_changes_added,
    commits_total: counts.commits_total,
    artifacts_total: counts.artifacts_total,
    artifacts_alive: counts.artifacts_alive,
    elapsed_ms: Math.round(performance.now() - started),
    notes,
  };
}
