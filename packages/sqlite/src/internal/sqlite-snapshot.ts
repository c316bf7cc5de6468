import { closeSync, copyFileSync, mkdtempSync, openSync, readSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type Database from "better-sqlite3";
import { BetterSqlite3, withNativeBinding } from "./better-sqlite3";
import { TsiftError } from "@tsift/core/light";
import type { SqliteRecovery } from "../sqlite-connection";

/**
 * Files copied for a snapshot, main file first: a writer appends to the WAL and the
 * journal before it touches the main file, so copying the main file first means the
 * sidecar copies cover every page the main copy may have caught mid-change.
 */
const SNAPSHOT_SUFFIXES = ["", "-journal", "-wal", "-shm"] as const;

/** Copies whose inputs kept changing are retried this often, then the open fails closed. */
const SNAPSHOT_ATTEMPTS = 3;

export const SNAPSHOT_DIR_PREFIX = "tsift-snapshot-";

export interface SqliteSnapshot {
  dir: string;
  path: string;
  recovery: SqliteRecovery;
}

type FileStamp = { size: bigint; mtimeNs: bigint } | null;

function stamp(path: string): FileStamp {
  const stats = statSync(path, { bigint: true, throwIfNoEntry: false });
  return stats ? { size: stats.size, mtimeNs: stats.mtimeNs } : null;
}

function sameStamp(a: FileStamp, b: FileStamp): boolean {
  return a === b || (a !== null && b !== null && a.size === b.size && a.mtimeNs === b.mtimeNs);
}

/** Byte 18 of the SQLite header is 2 for WAL files and 1 for rollback-journal files. */
export function headerSaysWal(path: string): boolean {
  const header = Buffer.alloc(20);
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    return readSync(fd, header, 0, header.length, 0) === header.length && header[18] === 2;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export function removeSnapshotDir(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  } catch (error) {
    throw new TsiftError("io_error", `cannot remove the snapshot copy ${dir}: ${(error as Error).message}`, { cause: error, details: { dir } });
  }
}

/**
 * Copies a locked database and its sidecars into a fresh temp dir and brings the copy
 * to the last committed state: SQLite rebuilds the WAL index from the copied WAL
 * (the copied `-shm` is discarded by the first opener), and a copied hot journal is
 * rolled back here because a read-only connection refuses to roll one back.
 */
export function copySqliteSnapshot(path: string, tempRoot: string = tmpdir()): SqliteSnapshot {
  const recovery: SqliteRecovery = stamp(`${path}-journal`) !== null || !headerSaysWal(path) ? "snapshot_fallback_journal" : "snapshot_fallback_wal";
  const dir = mkdtempSync(join(tempRoot, SNAPSHOT_DIR_PREFIX));
  const copy = join(dir, basename(path));
  try {
    copyStable(path, copy);
    if (stamp(`${copy}-journal`) !== null) rollBackHotJournal(copy);
  } catch (error) {
    removeSnapshotDir(dir);
    throw error;
  }
  return { dir, path: copy, recovery };
}

function copyStable(path: string, copy: string): void {
  // The -shm is left out of the comparison: readers rewrite it constantly and the copy's is rebuilt anyway.
  const watched = SNAPSHOT_SUFFIXES.filter((suffix) => suffix !== "-shm");
  for (let attempt = 1; attempt <= SNAPSHOT_ATTEMPTS; attempt++) {
    const before = watched.map((suffix) => stamp(path + suffix));
    for (const suffix of SNAPSHOT_SUFFIXES) {
      rmSync(copy + suffix, { force: true });
      try {
        copyFileSync(path + suffix, copy + suffix);
      } catch (error) {
        // A sidecar may come and go between the stamp and the copy; the stamp check below notices.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
          throw new TsiftError("io_error", `cannot copy ${path}${suffix} for a read-only snapshot: ${(error as Error).message}`, {
            cause: error,
            details: { path },
          });
        }
        if (suffix === "") throw new TsiftError("not_found", `cannot open ${path}: the file does not exist`, { cause: error, details: { path } });
      }
    }
    const after = watched.map((suffix) => stamp(path + suffix));
    if (before.every((value, i) => sameStamp(value, after[i]!))) return;
  }
  throw new TsiftError("lock_held", `${path} is locked and kept changing while tsift copied a read-only snapshot; retry once the writer is idle`, {
    details: { path, attempts: SNAPSHOT_ATTEMPTS },
    hint: "retry the command; if it keeps failing, check for a busy tsift writer",
  });
}

function rollBackHotJournal(copy: string): void {
  const openOptions = withNativeBinding({ fileMustExist: true, timeout: 0 });
  let database: Database.Database | undefined;
  try {
    database = new BetterSqlite3(copy, openOptions);
    // Any read makes SQLite notice the hot journal and roll it back into the copy.
    database.prepare("SELECT count(*) FROM sqlite_master").get();
  } catch (error) {
    throw new TsiftError("corrupt_data", `cannot roll back the journal of the snapshot copy of ${copy}: ${(error as Error).message}`, {
      cause: error,
      details: { path: copy },
    });
  } finally {
    database?.close();
  }
}
