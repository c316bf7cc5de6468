import { realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type Database from "better-sqlite3";
import { TsiftError } from "@tsift/core/light";

/** One commit as the history reads list it. */
export interface HistoryCommit {
  hash: string;
  /** The first 12 characters of `hash`. */
  short: string;
  /** Author date, ISO 8601 UTC. */
  date: string;
  author: string;
  /** Conventional commit type (`feat`, `fix`, …) or null. */
  type: string | null;
  scope: string | null;
  breaking: boolean;
  subject: string;
  /** The tags its `tags:` line names (added or removed). */
  tags: string[];
  /** Files it touched (0 for a merge). */
  files: number;
}

export const COMMIT_COLUMNS = "c.id, c.hash, c.author_name, c.author_time, c.type, c.scope, c.breaking, c.subject, c.tags, c.file_count";

export interface CommitRow {
  id: number;
  hash: string;
  author_name: string;
  author_time: number;
  type: string | null;
  scope: string | null;
  breaking: number;
  subject: string;
  tags: string;
  file_count: number;
}

export function toHistoryCommit(row: CommitRow): HistoryCommit {
  return {
    hash: row.hash,
    short: row.hash.slice(0, 12),
    date: new Date(row.author_time * 1000).toISOString().replace(/\.000Z$/, "Z"),
    author: row.author_name,
    type: row.type,
    scope: row.scope,
    breaking: row.breaking === 1,
    subject: row.subject,
    tags: row.tags === "" ? [] : row.tags.split(" "),
    files: row.file_count,
  };
}

/** The most rows any history read returns in one answer. */
export const HISTORY_MAX_LIMIT = 10_000;

/** A `limit` option: a whole number, 0 for the maximum. */
export function historyLimit(name: string, value: number | undefined, fallback: number): number {
  const limit = value ?? fallback;
  if (!Number.isInteger(limit) || limit < 0) {
    throw new TsiftError("invalid_input", `--${name} must be a whole number >= 0, got ${limit}`, { details: { [name]: limit } });
  }
  return limit === 0 ? HISTORY_MAX_LIMIT : Math.min(limit, HISTORY_MAX_LIMIT);
}

/**
 * A path argument as history.db stores it: relative to the git work tree, `/`-separated.
 * A relative argument is taken from `root` (the CLI resolves it from its cwd first).
 */
export function workTreePath(workTree: string, root: string, path: string): string {
  // git names the work tree by its real path; an argument may come through a symlink.
  const absolute = realPath(isAbsolute(path) ? path : resolve(root, path));
  const rel = relative(workTree, absolute);
  if (rel.startsWith("..") || isAbsolute(rel)) {
    throw new TsiftError("invalid_input", `${path} is outside the git work tree ${workTree}`, { details: { path, workTree } });
  }
  return rel.split(sep).join("/");
}

/** The real path of `path`, or of its nearest existing ancestor joined with the rest (a deleted file). */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realPath(parent), basename(path));
  }
}

export function artifactId(db: Database.Database, path: string): number | null {
  const id = db.prepare("SELECT id FROM artifacts WHERE path = ?").pluck().get(path) as number | undefined;
  return id ?? null;
}
