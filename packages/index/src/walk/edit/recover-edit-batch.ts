import { createHash } from "node:crypto";
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { isTsiftError, TsiftError } from "@tsift/core/light";
import { acquireWriterLock } from "@tsift/sqlite";
import {
  clearJournal,
  editLockPath,
  fsyncDir,
  hasEditJournal,
  journalPath,
  readJournal,
  writeJournal,
  type EditJournal,
  type EditJournalFile,
} from "./edit-journal";

/** What settling an interrupted batch did. */
export interface EditRecovery {
  /** When the interrupted batch began. */
  started_at: string;
  /**
   * `rolled_forward`: every file holds the batch's new text; `rolled_back`: every file holds
   * its old text (a batch killed while staging had renamed nothing, so nothing changed).
   */
  outcome: "rolled_forward" | "rolled_back";
  /** Files whose text the recovery replaced (root-relative). */
  files: string[];
  /** Files left as they were, and why: changed by someone since the batch began, or not restorable. */
  left_alone: { file: string; reason: string }[];
}

export const sha256 = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");

function hashOf(path: string): string | null {
  try {
    return sha256(readFileSync(path));
  } catch {
    return null;
  }
}

export function writeDurably(path: string, bytes: Buffer, mode: number, flag = "wx"): void {
  const fd = openSync(path, flag, mode);
  try {
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The scratch name a roll-back writes an old text under before renaming it into place. */
const restorePath = (absPath: string): string => join(dirname(absPath), `.${basename(absPath)}.tsift-restore`);

/**
 * Brings every file of a journaled batch to one side, never a mix: forward (the batch's
 * text) when the batch had committed and every file still holding its old text has an
 * intact staged copy (its hash is the journal's), else back (each file holding the new
 * text gets its backed-up old text, written beside it and renamed into place). A target
 * whose hash is neither the old nor the new one was changed by someone else: it is left
 * alone and reported. Then the staged copies, backups and the journal are removed.
 * Idempotent: a recovery killed midway is finished by the next one (a roll-back is first
 * recorded in the journal, so it is never turned into a roll-forward).
 * The caller holds the edit lock.
 */
export function settleJournal(root: string, journal: EditJournal): EditRecovery {
  const abs = (rel: string) => join(root, ...rel.split("/"));
  const states = journal.files.map((file) => {
    const hash = hashOf(abs(file.file));
    return { file, state: hash === file.after ? "new" : hash === file.before ? "old" : hash === null ? "missing" : "changed" };
  });
  const stagedIntact = (file: EditJournalFile) => hashOf(abs(file.staged)) === file.after;
  const forward = journal.phase === "commit" && states.every(({ file, state }) => state !== "old" || stagedIntact(file));
  const changed: string[] = [];
  const leftAlone: EditRecovery["left_alone"] = [];
  const touchedDirs = new Set<string>();
  if (forward) {
    for (const { file, state } of states) {
      if (state === "old") {
        renameSync(abs(file.staged), abs(file.file));
        touchedDirs.add(dirname(abs(file.file)));
        changed.push(file.file);
      }
    }
  } else if (journal.phase !== "prepare") {
    if (journal.phase !== "rollback") writeJournal(root, { ...journal, phase: "rollback" });
    for (const { file, state } of states) {
      if (state !== "new") continue;
      const backup = readBackup(abs(file.backup), file.before);
      if (!backup) {
        leftAlone.push({ file: file.file, reason: "its backup is missing or damaged, so it keeps the batch's new text" });
        continue;
      }
      const temp = restorePath(abs(file.file));
      rmSync(temp, { force: true });
      writeDurably(temp, backup, file.mode);
      renameSync(temp, abs(file.file));
      touchedDirs.add(dirname(abs(file.file)));
      changed.push(file.file);
    }
  }
  for (const { file, state } of states) {
    if (state === "changed") leftAlone.push({ file: file.file, reason: "changed since the batch began; left as it is" });
    if (state === "missing") leftAlone.push({ file: file.file, reason: "removed since the batch began; left as it is" });
  }
  for (const dir of touchedDirs) fsyncDir(dir);
  finishBatch(root, journal);
  return {
    started_at: journal.started_at,
    outcome: forward ? "rolled_forward" : "rolled_back",
    files: changed.sort(),
    left_alone: leftAlone.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
  };
}

function readBackup(path: string, hash: string): Buffer | null {
  try {
    const bytes = readFileSync(path);
    return sha256(bytes) === hash ? bytes : null;
  } catch {
    return null;
  }
}

/**
 * Removes what a batch kept while in flight: staged copies, roll-back scratch files and
 * backups first, the journal last (a kill in between leaves a journal whose files are all
 * settled, which the next recovery finishes without changing any).
 */
export function finishBatch(root: string, journal: EditJournal): void {
  for (const file of journal.files) {
    rmSync(join(root, ...file.staged.split("/")), { force: true });
    rmSync(restorePath(join(root, ...file.file.split("/"))), { force: true });
  }
  rmSync(join(root, ...journal.backup_dir.split("/")), { recursive: true, force: true });
  clearJournal(root);
}

/**
 * Settles the batch an interrupted `tsift edit` left (see settleJournal); null when there
 * is none, which costs one stat. The caller holds the edit lock.
 */
export function recoverHeld(root: string): EditRecovery | null {
  if (!hasEditJournal(root)) return null;
  const journal = readJournal(root);
  if (journal === null || "legacy" in journal) {
    // A journal from an older tsift names only staged copies (its renames were not journaled);
    // one that does not parse names nothing to trust. Either way: clear what it names.
    for (const staged of journal?.legacy ?? []) rmSync(staged, { force: true });
    clearJournal(root);
    return null;
  }
  return settleJournal(root, journal);
}

/**
 * The recovery every project-touching command runs first (`tsift edit`, `tsift index`,
 * the read commands' open path): one stat when no batch was interrupted. A batch still
 * running holds the edit lock: `lock_held`, or with `whenBusy: "skip"` (readers), null.
 */
export function recoverEditBatch(root: string, options: { whenBusy?: "throw" | "skip" } = {}): EditRecovery | null {
  if (!hasEditJournal(root)) return null;
  let lock;
  try {
    lock = acquireWriterLock(editLockPath(root), { what: "edit" });
  } catch (error) {
    if (options.whenBusy === "skip" && isTsiftError(error, "lock_held")) return null;
    throw error;
  }
  try {
    return recoverHeld(root);
  } catch (error) {
    if (isTsiftError(error)) throw error;
    // The journal stays, so the next command tries again once the cause is fixed.
    throw new TsiftError("io_error", `could not settle the tsift edit batch interrupted in ${root}: ${(error as Error).message}`, {
      cause: error,
      details: { journal: journalPath(root) },
      hint: "fix the file's permissions or free space, then run any tsift command in the project again",
    });
  } finally {
    lock.release();
  }
}

/** One line saying what a recovery did, for a command's notes. */
export function recoveryNote(recovery: EditRecovery): string {
  const direction = recovery.outcome === "rolled_forward" ? "completed" : "rolled back";
  const count = `${recovery.files.length} file${recovery.files.length === 1 ? "" : "s"}`;
  const alone = recovery.left_alone.length ? `; left alone (changed since): ${recovery.left_alone.map((entry) => entry.file).join(", ")}` : "";
  return `note: ${direction} the tsift edit interrupted at ${recovery.started_at} (${count} rewritten)${alone}`;
}

/**
 * The recovery call of the commands' shared open paths (`tsift index`, every read command
 * through `resolveReadTarget`): one stat when no batch was interrupted; else the batch is
 * settled whole (`recoverEditBatch`) and a note says how. A batch still running is left to finish.
 */
export function settleInterruptedEdit(root: string): string[] {
  const recovery = recoverEditBatch(root, { whenBusy: "skip" });
  return recovery ? [recoveryNote(recovery)] : [];
}
