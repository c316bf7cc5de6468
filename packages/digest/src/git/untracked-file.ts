import { createReadStream } from "node:fs";
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import type { DiffFile } from "./diff-file";

/** Git's binary test: a NUL byte in the first 8000 bytes. */
const BINARY_SNIFF_BYTES = 8000;

/**
 * An untracked file as git would diff it against nothing: added, its lines counted by streaming
 * (memory stays flat for any size), binary by git's NUL heuristic. An untracked directory
 * (`ls-files` prints `dir/` for an embedded repository) is a submodule-like entry.
 */
export async function untrackedFile(cwd: string, listed: string): Promise<{ file: DiffFile; bytes: number }> {
  const base = { oldPath: null, status: "added" as const, untracked: true, deletions: 0, omittedHunks: 0 };
  if (listed.endsWith("/"))
    return { file: { ...base, path: listed.slice(0, -1), binary: false, submodule: true, newMode: "160000", additions: 0, hunks: [] }, bytes: 0 };
  const full = join(cwd, listed);
  const stat = await lstat(full).catch(() => null);
  if (stat === null) return { file: { ...base, path: listed, binary: false, submodule: false, additions: 0, hunks: [] }, bytes: 0 };
  // A symlink's content is its target: one line, as git diffs it.
  if (stat.isSymbolicLink())
    return { file: { ...base, path: listed, binary: false, submodule: false, newMode: "120000", additions: 1, hunks: [hunkOf(1)] }, bytes: stat.size };
  const newMode = (stat.mode & 0o111) !== 0 ? "100755" : "100644";
  const { lines, binary, bytes } = await countLines(full);
  const file = { ...base, path: listed, binary, submodule: false, newMode, additions: binary ? 0 : lines, hunks: binary || lines === 0 ? [] : [hunkOf(lines)] };
  return { file, bytes };
}

function hunkOf(lines: number) {
  return { oldStart: 0, oldLines: 0, newStart: 1, newLines: lines, header: "" };
}

/** Lines as git counts them: newlines, plus one for a last line without its newline. */
async function countLines(path: string): Promise<{ lines: number; binary: boolean; bytes: number }> {
  let newlines = 0;
  let seen = 0;
  let last = 10;
  let binary = false;
  try {
    for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
      if (seen < BINARY_SNIFF_BYTES && chunk.subarray(0, BINARY_SNIFF_BYTES - seen).includes(0)) binary = true;
      seen += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) newlines++;
      if (chunk.length > 0) last = chunk[chunk.length - 1]!;
    }
  } catch {
    return { lines: 0, binary: false, bytes: 0 };
  }
  return { lines: newlines + (seen > 0 && last !== 10 ? 1 : 0), binary, bytes: seen };
}
