import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { dirname, join } from "node:path";
import { TSIFT_DIR } from "../index-location";

/**
 * The write-ahead journal of an edit batch, `.tsift/edit-journal.json`. It is written
 * (temp file, fsync, rename, fsync of `.tsift/`) twice: `prepare` before the first staged
 * copy is written, `commit` once every new text and every backup of an old text is on
 * disk, before the first rename. It is removed only after the last rename (and the
 * directories' fsyncs), so while it exists a batch may be half done: the next tsift
 * command that touches the project settles it (`recoverEditBatch`). Paths are relative to
 * the project root, so a moved checkout still recovers.
 */
export interface EditJournal {
  version: 2;
  /**
   * `prepare`: staging, nothing renamed yet (recovery only clears); `commit`: renames may
   * have begun (recovery rolls forward, or back if a staged copy is lost); `rollback`: a
   * roll-back has begun and is finished the same way.
   */
  phase: "prepare" | "commit" | "rollback";
  pid: number;
  host: string;
  started_at: string;
  /** `.tsift/edit-batch-<pid>`: the backups of the old texts. */
  backup_dir: string;
  files: EditJournalFile[];
}

export interface EditJournalFile {
  /** The target, root-relative. */
  file: string;
  /** sha256 (hex) of the text before and after the batch. */
  before: string;
  after: string;
  /** The new text, staged beside the target (root-relative). */
  staged: string;
  /** A copy of the old text under `backup_dir` (root-relative). */
  backup: string;
  mode: number;
}

export const JOURNAL_FILE = "edit-journal.json";
export const journalPath = (root: string): string => join(root, TSIFT_DIR, JOURNAL_FILE);
/** Held by a running batch and by a recovery, so neither settles the other's files. */
export const editLockPath = (root: string): string => join(root, TSIFT_DIR, "edit.lock");

/**
 * The cheap check every project-touching command makes: one stat, no read, when no batch
 * was interrupted (the common case).
 */
export function hasEditJournal(root: string): boolean {
  try {
    return statSync(journalPath(root), { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

/** The journal as written, a legacy one (`staged` list only), or null when none / torn. */
export function readJournal(root: string): EditJournal | { legacy: string[] } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(journalPath(root), "utf8"));
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const record = parsed as Record<string, unknown>;
  if (record.version === 2 && Array.isArray(record.files) && ["prepare", "commit", "rollback"].includes(record.phase as string)) return parsed as EditJournal;
  if (Array.isArray(record.staged)) return { legacy: record.staged.filter((entry): entry is string => typeof entry === "string") };
  return null;
}

export function newJournal(files: EditJournalFile[], backupDir: string): EditJournal {
  return { version: 2, phase: "prepare", pid: process.pid, host: hostname(), started_at: new Date().toISOString(), backup_dir: backupDir, files };
}

/** Writes the journal whole or not at all, and durably: temp + fsync + rename + fsync of `.tsift/`. */
export function writeJournal(root: string, journal: EditJournal): void {
  const path = journalPath(root);
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, "w", 0o644);
  try {
    const bytes = Buffer.from(JSON.stringify(journal));
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
  fsyncDir(dirname(path));
}

export function clearJournal(root: string): void {
  rmSync(journalPath(root), { force: true });
  fsyncDir(join(root, TSIFT_DIR));
}

/** Makes a directory's entries (a rename, a new file) durable; best effort where a platform cannot open directories. */
export function fsyncDir(dir: string): void {
  let fd: number;
  try {
    fd = openSync(dir, "r");
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // Some file systems (and Windows) refuse fsync on a directory: nothing more to do there.
  } finally {
    closeSync(fd);
  }
}
