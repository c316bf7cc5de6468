import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { TsiftError } from "@tsift/core/light";
import { TSIFT_DIR } from "../../index-location";

/**
 * The staged files of a batch in flight. Renames make each file old or new whatever
 * happens, but a kill between staging and swapping leaves staged copies beside their
 * targets; the journal names them so the next `edit` removes them.
 */
interface EditJournal {
  pid: number;
  host: string;
  started_at: string;
  staged: string[];
}

export const journalPath = (root: string): string => join(root, TSIFT_DIR, "edit-journal.json");

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Clears what an interrupted batch left behind; returns the staged files it removed.
 * A batch still running (same host, live pid) holds the journal: fail fast.
 */
export function recoverInterruptedBatch(root: string): string[] {
  const path = journalPath(root);
  let journal: EditJournal;
  try {
    journal = JSON.parse(readFileSync(path, "utf8")) as EditJournal;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    // A journal torn by a crash names nothing we can trust; the staged files it meant are
    // dot-files that `git status` shows, and removing the journal unblocks the next batch.
    rmSync(path, { force: true });
    return [];
  }
  if (journal.host === hostname() && journal.pid !== process.pid && alive(journal.pid)) {
    throw new TsiftError("lock_held", `another tsift edit (pid ${journal.pid}) is applying a batch in this project`, {
      details: { pid: journal.pid, started_at: journal.started_at },
      hint: "wait for it to finish, then run the edit again",
    });
  }
  const removed: string[] = [];
  for (const staged of Array.isArray(journal.staged) ? journal.staged : []) {
    try {
      rmSync(staged);
      removed.push(staged);
    } catch {
      // Already swapped in or removed: nothing left to clear.
    }
  }
  rmSync(path, { force: true });
  return removed;
}

/** Records the staged files before any is written (temp file + rename, so the journal is whole or absent). */
export function writeJournal(root: string, staged: readonly string[]): void {
  const path = journalPath(root);
  mkdirSync(join(root, TSIFT_DIR), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  const journal: EditJournal = { pid: process.pid, host: hostname(), started_at: new Date().toISOString(), staged: [...staged] };
  writeFileSync(temp, JSON.stringify(journal));
  renameSync(temp, path);
}

export function clearJournal(root: string): void {
  rmSync(journalPath(root), { force: true });
}
