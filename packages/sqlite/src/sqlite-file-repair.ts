import { copyFileSync, existsSync, linkSync, renameSync, rmSync } from "node:fs";
import type Database from "better-sqlite3";
import { classifySqliteFailure } from "./sqlite-failure";

/** The sidecars SQLite keeps beside a database file; they move with it. */
const SIDECARS = ["-wal", "-shm", "-journal"] as const;

/**
 * `PRAGMA quick_check`: every page and b-tree is well formed (it skips the index-content
 * cross-check of `integrity_check`, which is what makes it affordable: ~0.3-1.3 s on a
 * 50 MB index). Returns at most `maxProblems` problems, empty when the file is sound; a
 * file too damaged to check at all is one problem.
 */
export function sqliteQuickCheck(database: Database.Database, maxProblems = 10): string[] {
  try {
    const rows = database.pragma(`quick_check(${Math.max(1, Math.trunc(maxProblems))})`) as { quick_check: string }[];
    // One row may hold several lines, headed by which schema (`*** in database main ***`).
    const problems = rows
      .flatMap((row) => String(row.quick_check).split("\n"))
      .map((line) => line.trim())
      .filter((line) => line !== "" && !/^\*\*\* in database \w+ \*\*\*$/u.test(line));
    return problems.length === 1 && problems[0] === "ok" ? [] : problems.slice(0, Math.max(1, Math.trunc(maxProblems)));
  } catch (error) {
    const failure = classifySqliteFailure(error, { path: database.name });
    return [(failure as Error).message ?? String(failure)];
  }
}

/** `20261125T164500Z`: sortable, no characters a shell or Windows path objects to. */
function utcStamp(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/u, "Z")
    .replace(/[-:]/gu, "");
}

/** Where `path` and its sidecars went: `moved_to` is the database file's new name. */
export interface QuarantinedSqliteFile {
  moved_to: string;
  /** Every file moved, the database first. */
  files: string[];
}

/**
 * A free name for `path` moved aside: `<path>.corrupt-<UTC time>`, then `-2`, `-3`… when
 * that name (or one of its sidecars) is taken.
 */
export function corruptFileName(path: string, now: Date = new Date()): string {
  const base = `${path}.corrupt-${utcStamp(now)}`;
  let target = base;
  for (let n = 2; existsSync(target) || SIDECARS.some((suffix) => existsSync(`${target}${suffix}`)); n++) target = `${base}-${n}`;
  return target;
}

function moveSidecars(from: string, to: string, files: string[]): void {
  for (const suffix of SIDECARS) {
    if (!existsSync(`${from}${suffix}`)) continue;
    renameSync(`${from}${suffix}`, `${to}${suffix}`);
    files.push(`${to}${suffix}`);
  }
}

/**
 * Moves a database that cannot be used out of the way, so a rebuild starts from nothing
 * and nothing is deleted silently: `<path>` and its `-wal`/`-shm`/`-journal` become
 * `corruptFileName(path)` (plus the same suffix), which SQLite can still open with its
 * WAL for forensics. Null when there is no file. The caller holds the file's writer lock.
 */
export function quarantineSqliteFile(path: string, target: string = corruptFileName(path)): QuarantinedSqliteFile | null {
  if (!existsSync(path)) return null;
  renameSync(path, target);
  const files = [target];
  moveSidecars(path, target, files);
  return { moved_to: target, files };
}

/**
 * Puts the database `replacement` (closed, its WAL checkpointed) at `path`, keeping the
 * old file as `target`. The swap is one rename, so a reader opening `path` finds the old
 * file or the new one, never neither: the old file is first hard-linked (copied where
 * links are not allowed) to `target`, and only its sidecars move before the rename.
 */
export function replaceSqliteFile(path: string, replacement: string, target: string = corruptFileName(path)): QuarantinedSqliteFile | null {
  let kept: QuarantinedSqliteFile | null = null;
  if (existsSync(path)) {
    try {
      linkSync(path, target);
    } catch {
      copyFileSync(path, target);
    }
    kept = { moved_to: target, files: [target] };
    moveSidecars(path, target, kept.files);
  }
  // A closed WAL database leaves no log; an index of its old shared memory must not outlive it.
  for (const suffix of SIDECARS) rmSync(`${replacement}${suffix}`, { force: true });
  renameSync(replacement, path);
  return kept;
}
