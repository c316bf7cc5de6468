import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import { TsiftError } from "@tsift/core/light";
import { TSIFT_DIR } from "../index-location";
import { finishBatch, settleJournal, sha256, writeDurably } from "./recover-edit-batch";
import { fsyncDir, newJournal, writeJournal, type EditJournal, type EditJournalFile } from "./edit-journal";
import type { FilePlan } from "./plan-edits";

/** The staged copy's name: a dot-file beside the target, so the rename never crosses a file system. */
export const stagedPath = (absPath: string, slot: number): string => join(dirname(absPath), `.${basename(absPath)}.tsift-edit-${process.pid}-${slot}`);

/** Test seam: `TSIFT_EDIT_SWAP_DELAY_MS` spaces the renames out so a kill can land between them. */
function pauseBetweenSwaps(): void {
  const delay = Number(process.env.TSIFT_EDIT_SWAP_DELAY_MS ?? 0);
  if (delay > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, delay);
}

/**
 * Test hook, for crash tests only: `TSIFT_TEST_EDIT_CRASH_AFTER=<n>` makes the process
 * SIGKILL itself right after its n-th rename (0: after the commit record, before any
 * rename), the way `kill -9` or a power cut would stop it.
 */
const CRASH_AFTER = (() => {
  const value = process.env.TSIFT_TEST_EDIT_CRASH_AFTER;
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : -1;
})();
function crashPoint(renames: number): void {
  if (renames === CRASH_AFTER) process.kill(process.pid, "SIGKILL");
}

const rootRelative = (root: string, absPath: string): string => relative(root, absPath).split(sep).join("/");

/**
 * Applies a planned batch all or nothing, under the edit lock the caller holds:
 * 1. the journal (`prepare`) names every target with the hashes of its old and new text,
 *    its staged copy and its backup;
 * 2. each new text is written beside its target and each old text kept under
 *    `.tsift/edit-batch-<pid>/` (`keepBackup`), all fsynced (and their directories), and
 *    no target may have changed since it was planned;
 * 3. the journal becomes `commit`, then the staged copies are renamed over their targets
 *    (each rename is atomic, so every file is old or new at every instant) and every
 *    directory touched is fsynced;
 * 4. the backups and the journal are removed.
 * A kill anywhere leaves the journal, and the next tsift command settles the batch whole
 * (`recoverEditBatch`). A rename that fails here rolls the batch back at once.
 */
export function stageAndSwap(root: string, files: readonly FilePlan[]): void {
  const backupDir = `${TSIFT_DIR}/edit-batch-${process.pid}`;
  const entries: EditJournalFile[] = files.map((file, slot) => {
    file.mode = statSync(file.absPath).mode & 0o7777;
    return {
      file: file.file,
      before: sha256(file.before),
      after: sha256(file.after),
      staged: rootRelative(root, stagedPath(file.absPath, slot)),
      backup: `${backupDir}/${slot}`,
      mode: file.mode,
    };
  });
  const journal = newJournal(entries, backupDir);
  const abs = (rel: string) => join(root, ...rel.split("/"));
  try {
    writeJournal(root, journal);
    mkdirSync(abs(backupDir), { recursive: true });
    const dirs = new Set<string>([abs(backupDir)]);
    for (const [slot, file] of files.entries()) {
      rmSync(abs(entries[slot]!.staged), { force: true });
      writeDurably(abs(entries[slot]!.staged), file.after, file.mode);
      keepBackup(file, abs(entries[slot]!.backup));
      dirs.add(dirname(file.absPath));
    }
    for (const file of files) {
      if (!readFileSync(file.absPath).equals(file.before)) {
        throw new TsiftError("invalid_input", `${file.file} changed while the batch was being staged; nothing was written`, {
          hint: "run the edit again against the current text",
        });
      }
    }
    for (const dir of dirs) fsyncDir(dir);
    writeJournal(root, { ...journal, phase: "commit" });
  } catch (error) {
    finishBatch(root, journal);
    if (error instanceof TsiftError) throw error;
    throw new TsiftError("io_error", `could not stage the edits: ${(error as Error).message}; nothing was written`, { cause: error });
  }
  crashPoint(0);
  const dirs = new Set<string>();
  let renamed = 0;
  try {
    for (const [slot, file] of files.entries()) {
      if (renamed > 0) pauseBetweenSwaps();
      renameSync(abs(entries[slot]!.staged), file.absPath);
      dirs.add(dirname(file.absPath));
      crashPoint(++renamed);
    }
    for (const dir of dirs) fsyncDir(dir);
  } catch (error) {
    const failed = files[renamed]?.file ?? "a file";
    const settled = rollBack(root, journal);
    const replaced = new Set(files.slice(0, renamed).map((file) => file.file));
    const unrestored = settled.left_alone.filter((entry) => replaced.has(entry.file)).map((entry) => entry.file);
    throw new TsiftError(
      "io_error",
      unrestored.length
        ? `could not replace ${failed} (${(error as Error).message}); could not restore ${unrestored.join(", ")}`
        : `could not replace ${failed} (${(error as Error).message}); the files already replaced were restored, nothing changed`,
      { cause: error, details: { failed, unrestored } },
    );
  }
  finishBatch(root, journal);
}

/**
 * The old text's backup: a hard link to the target (no bytes written; after the rename it
 * still names the old file), else a copy where links are not possible (another mount, a
 * file system without them). Either way its content is checked against the journal's hash
 * before a roll-back uses it.
 */
function keepBackup(file: FilePlan, backup: string): void {
  try {
    linkSync(file.absPath, backup);
    return;
  } catch {
    rmSync(backup, { force: true });
  }
  writeDurably(backup, file.before, 0o600, "w");
}

/** A failed rename: the batch goes back whole now, the way a recovery would take it. */
function rollBack(root: string, journal: EditJournal): ReturnType<typeof settleJournal> {
  try {
    // Recorded first, so a kill during the roll-back is finished as one by the next recovery.
    const rollback: EditJournal = { ...journal, phase: "rollback" };
    writeJournal(root, rollback);
    return settleJournal(root, rollback);
  } catch {
    // The journal stays: the next tsift command finishes the roll-back.
    return { started_at: journal.started_at, outcome: "rolled_back", files: [], left_alone: journal.files.map((file) => ({ file: file.file, reason: "" })) };
  }
}
