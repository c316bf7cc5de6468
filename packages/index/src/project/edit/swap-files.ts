import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { TsiftError } from "@tsift/core/light";
import type { FilePlan } from "./plan-edits";

/** The staged copy's name: a dot-file beside the target, so the rename never crosses a file system. */
export const stagedPath = (absPath: string, slot: number): string => join(dirname(absPath), `.${basename(absPath)}.tsift-edit-${process.pid}-${slot}`);

function writeDurably(path: string, bytes: Buffer, mode: number): void {
  const fd = openSync(path, "wx", mode);
  try {
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Test seam: `TSIFT_EDIT_SWAP_DELAY_MS` spaces the renames out so a kill can land between them. */
function pauseBetweenSwaps(): void {
  const delay = Number(process.env.TSIFT_EDIT_SWAP_DELAY_MS ?? 0);
  if (delay > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, delay);
}

/**
 * Writes every file's new text beside it (same mode), checks no target changed since it
 * was planned, then renames the copies over their targets. A rename either happened or
 * did not, so each file is old or new at every instant; if a later rename fails, the files
 * already swapped get their old text back the same way before the error is thrown.
 */
export function stageAndSwap(files: readonly FilePlan[], staged: readonly string[]): void {
  const written: string[] = [];
  try {
    for (const [slot, file] of files.entries()) {
      file.mode = statSync(file.absPath).mode & 0o7777;
      writeDurably(staged[slot]!, file.after, file.mode);
      written.push(staged[slot]!);
    }
    for (const file of files) {
      if (!readFileSync(file.absPath).equals(file.before)) {
        throw new TsiftError("invalid_input", `${file.file} changed while the batch was being staged; nothing was written`, {
          hint: "run the edit again against the current text",
        });
      }
    }
  } catch (error) {
    for (const path of written) rmSync(path, { force: true });
    if (error instanceof TsiftError) throw error;
    throw new TsiftError("io_error", `could not stage the edits: ${(error as Error).message}; nothing was written`, { cause: error });
  }
  const swapped: FilePlan[] = [];
  try {
    for (const [slot, file] of files.entries()) {
      if (swapped.length > 0) pauseBetweenSwaps();
      renameSync(staged[slot]!, file.absPath);
      swapped.push(file);
    }
  } catch (error) {
    const unrestored = restore(swapped);
    for (const path of staged) rmSync(path, { force: true });
    const failed = files[swapped.length]?.file ?? "a file";
    throw new TsiftError(
      "io_error",
      unrestored.length
        ? `could not replace ${failed} (${(error as Error).message}); could not restore ${unrestored.join(", ")}`
        : `could not replace ${failed} (${(error as Error).message}); the files already replaced were restored, nothing changed`,
      { cause: error, details: { failed, unrestored } },
    );
  }
}

/** Puts the old text back, newest swap first; returns the files it could not restore. */
function restore(swapped: readonly FilePlan[]): string[] {
  const failed: string[] = [];
  for (const file of [...swapped].reverse()) {
    const back = `${stagedPath(file.absPath, 0)}-restore`;
    try {
      rmSync(back, { force: true });
      writeDurably(back, file.before, file.mode);
      renameSync(back, file.absPath);
    } catch {
      rmSync(back, { force: true });
      failed.push(file.file);
    }
  }
  return failed;
}
