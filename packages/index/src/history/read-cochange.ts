import { existsSync } from "node:fs";
import type Database from "better-sqlite3";
import { TsiftError, isTsiftError } from "@tsift/core/light";
import { loadConfig } from "../walk/config/load-config";
import { artifactId, historyLimit, workTreePath } from "./history-rows";
import { historyLocation } from "./history-location";
import { openHistoryReader } from "./open-history";
import { openHistoryForRead, type HistoryReadOptions } from "./open-history-read";

export interface CoChangeQuery {
  /** At most this many files (0 = up to 10000); default 10. */
  limit?: number;
  /** Only files sharing at least this many commits with the path; default 1. */
  minCount?: number;
  /** Only files whose support (shared commits / the path's commits) is at least this, 0–1; default 0. */
  minSupport?: number;
  /** Commits touching more files than this are bulk changes and not counted; default `[history] max_files_per_commit` (50). */
  maxFiles?: number;
}

export interface ReadCoChangeOptions extends HistoryReadOptions, CoChangeQuery {
  /** The file (relative to the root, or absolute). */
  path: string;
}

export interface CoChangedFile {
  path: string;
  alive: boolean;
  /** Commits that touched both files. */
  count: number;
  /** count / the commits that touched the queried path. */
  support: number;
  /** count / the commits that touched either file. */
  jaccard: number;
}

/** `tsift cochange <path> --json`. */
export interface CoChangeResult {
  path: string;
  /** Non-bulk commits that touched the path. */
  commits: number;
  /** Commits that touched it but were skipped as bulk. */
  bulk_commits_skipped: number;
  max_files: number;
  files: CoChangedFile[];
  total: number;
  truncated: boolean;
}

const round = (value: number) => Math.round(value * 1e4) / 1e4;

function checkQuery(query: CoChangeQuery): void {
  if (query.minSupport !== undefined && !(query.minSupport >= 0 && query.minSupport <= 1)) {
    throw new TsiftError("invalid_input", `--min-support must be between 0 and 1, got ${query.minSupport}`, { details: { minSupport: query.minSupport } });
  }
  for (const [name, value] of [
    ["min-count", query.minCount],
    ["max-files", query.maxFiles],
  ] as const) {
    if (value !== undefined && (!Number.isInteger(value) || value < 1)) {
      throw new TsiftError("invalid_input", `--${name} must be a whole number >= 1, got ${value}`, { details: { [name]: value } });
    }
  }
}

/**
 * Files changed in the same commits as `path` (by path as git names it after rename
 * detection, like `git log --name-only`), merges and bulk commits left out: most shared
 * commits first, then Jaccard, then path.
 */
export function coChangeOf(db: Database.Database, path: string, query: Required<Omit<CoChangeQuery, "limit">> & { limit: number }): CoChangeResult {
  const id = artifactId(db, path);
  if (id === null) throw new TsiftError("not_found", `${path} is not in the git history`, { details: { path }, hint: "tsift history artifacts" });
  const touching = db.prepare("SELECT count(*) FROM commit_files f JOIN commits c ON c.id = f.commit_id WHERE f.artifact_id = ? AND c.file_count <= ?").pluck();
  const commits = touching.get(id, query.maxFiles) as number;
  const all = db.prepare("SELECT count(*) FROM commit_files WHERE artifact_id = ?").pluck().get(id) as number;
  const rows = db
    .prepare(
      `WITH mine AS (SELECT f.commit_id FROM commit_files f JOIN commits c ON c.id = f.commit_id WHERE f.artifact_id = @id AND c.file_count <= @max),
       pairs AS (SELECT f.artifact_id AS id, count(*) AS n FROM commit_files f JOIN mine m ON m.commit_id = f.commit_id WHERE f.artifact_id <> @id GROUP BY f.artifact_id HAVING n >= @minCount)
       SELECT a.path, a.alive, p.n AS count,
         (SELECT count(*) FROM commit_files x JOIN commits c ON c.id = x.commit_id WHERE x.artifact_id = p.id AND c.file_count <= @max) AS theirs
       FROM pairs p JOIN artifacts a ON a.id = p.id`,
    )
    .all({ id, max: query.maxFiles, minCount: query.minCount }) as { path: string; alive: number; count: number; theirs: number }[];
  const files = rows
    .map((row) => ({
      path: row.path,
      alive: row.alive === 1,
      count: row.count,
      support: round(row.count / commits),
      jaccard: round(row.count / (commits + row.theirs - row.count)),
    }))
    .filter((file) => file.count / commits >= query.minSupport)
    .sort((a, b) => b.count - a.count || b.jaccard - a.jaccard || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    path,
    commits,
    bulk_commits_skipped: all - commits,
    max_files: query.maxFiles,
    files: files.slice(0, query.limit),
    total: files.length,
    truncated: files.length > query.limit,
  };
}

/** `tsift cochange <path>`: the files that change together with it, from history.db (brought up to HEAD first). */
export async function readCoChange(options: ReadCoChangeOptions): Promise<CoChangeResult> {
  checkQuery(options);
  const limit = historyLimit("limit", options.limit, 10);
  const maxFiles = options.maxFiles ?? (await loadConfig(options.root)).history.maxFilesPerCommit;
  const read = await openHistoryForRead(options);
  try {
    const path = workTreePath(read.repo.workTree, options.root, options.path);
    return coChangeOf(read.connection.database, path, { limit, maxFiles, minCount: options.minCount ?? 1, minSupport: options.minSupport ?? 0 });
  } finally {
    read.close();
  }
}

/**
 * The top co-changed files of `path` from an existing history.db, as it is: never builds
 * or refreshes it (explain and impact add this to answers about code, and must stay
 * cheap). Null when there is no usable history index or the path is not in it.
 * `file` is relative to `root` (as index.db stores it) or absolute.
 */
export async function topCoChanged(root: string, file: string, limit = 3): Promise<CoChangeResult | null> {
  const location = historyLocation(root);
  if (!existsSync(location.dbPath)) return null;
  let connection;
  try {
    connection = openHistoryReader(location);
  } catch (error) {
    if (error instanceof TsiftError) return null;
    throw error;
  }
  try {
    const maxFiles = (await loadConfig(root)).history.maxFilesPerCommit;
    const workTree = connection.database.prepare("SELECT value FROM meta WHERE key = 'work_tree'").pluck().get() as string | undefined;
    const path = workTreePath(workTree ?? root, root, file);
    return coChangeOf(connection.database, path, { limit, maxFiles, minCount: 1, minSupport: 0 });
  } catch (error) {
    if (isTsiftError(error, "not_found") || isTsiftError(error, "invalid_input")) return null;
    throw error;
  } finally {
    void connection.close();
  }
}
