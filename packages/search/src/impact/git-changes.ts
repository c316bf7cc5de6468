import { isTsiftError } from "@tsift/core";
import { listResolvedDiff, readResolvedSnapshot, resolveDiff, type DiffFile, type DiffHunk, type DiffTarget } from "@tsift/digest";

/** Lines `start..end` (1-based, inclusive). */
export interface LineRange {
  start: number;
  end: number;
}

/** A changed file as impact reads it: paths relative to the index's source root, hunks as line ranges, both sides' text. */
export interface ChangedFile {
  path: string;
  /** The path on the old side when it differs (a rename or copy). */
  old_path: string | null;
  status: "added" | "modified" | "deleted" | "renamed";
  /** Binary files and submodules: listed, never parsed. */
  opaque: boolean;
  /** Changed lines on the new side; a pure deletion is the gap where the lines were. */
  new_ranges: LineRange[];
  /** Changed lines on the old side; a pure insertion is the gap where the lines go. */
  old_ranges: LineRange[];
  /** The old side's text when it exists and is parseable (not fetched for added files). */
  old_text: string | null;
  /** The new side's text read from git (`--cached`, `--revision`); null for the worktree, whose text the index has. */
  new_text: string | null;
}

/**
 * The files `target` changes under `sourceRoot` (the index's root), through @tsift/digest's git
 * module, with each side's text fetched for the files a language can parse.
 */
export async function loadChanges(
  sourceRoot: string,
  target: DiffTarget,
  paths: readonly string[],
  parseable: (path: string) => boolean,
): Promise<ChangedFile[]> {
  const resolved = await resolveDiff(sourceRoot, target);
  const listing = await listResolvedDiff(resolved, paths.length > 0 ? { paths } : {});
  const read = async (side: "old" | "new", path: string): Promise<string | null> => {
    try {
      return (await readResolvedSnapshot(resolved, side, path))?.toString("utf8") ?? null;
    } catch (error) {
      // A file over the per-file limit is listed, not parsed.
      if (isTsiftError(error, "unsupported")) return null;
      throw error;
    }
  };
  const out: ChangedFile[] = [];
  for (const file of listing.files) {
    const changed = toChanged(file);
    if (!changed.opaque && parseable(changed.path)) {
      if (changed.status !== "added") changed.old_text = await read("old", file.oldPath ?? file.path);
      if (changed.status !== "deleted" && resolved.newSide.kind !== "worktree") changed.new_text = await read("new", file.path);
    }
    out.push(changed);
  }
  return out;
}

const WHOLE_FILE: LineRange = { start: 1, end: Number.MAX_SAFE_INTEGER };

function toChanged(file: DiffFile): ChangedFile {
  const status =
    file.status === "added" || file.status === "deleted" || file.status === "renamed" ? file.status : file.status === "copied" ? "added" : "modified";
  return {
    path: file.path,
    old_path: file.oldPath !== null && file.oldPath !== file.path ? file.oldPath : null,
    status,
    opaque: file.binary || file.submodule,
    // Past the per-file hunk cap the ranges are incomplete: the whole file counts as changed.
    new_ranges: file.omittedHunks > 0 ? [WHOLE_FILE] : file.hunks.map((hunk: DiffHunk) => side(hunk.newStart, hunk.newLines)),
    old_ranges: file.omittedHunks > 0 ? [WHOLE_FILE] : file.hunks.map((hunk: DiffHunk) => side(hunk.oldStart, hunk.oldLines)),
    old_text: null,
    new_text: null,
  };
}

/**
 * A hunk's lines on one side. An empty side (a pure insertion or deletion after line
 * `start`) is the gap between `start` and `start + 1`: the empty range `start + 1..start`,
 * which overlaps only a symbol spanning both lines, never one that merely ends there.
 */
function side(start: number, lines: number): LineRange {
  return lines > 0 ? { start, end: start + lines - 1 } : { start: start + 1, end: start };
}
