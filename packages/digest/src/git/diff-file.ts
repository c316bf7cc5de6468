import type { DiffHunk } from "./parse-patch";

export type DiffStatus = "added" | "modified" | "deleted" | "renamed" | "copied" | "type-changed";

/** One changed file of a diff, with paths relative to the directory the diff was taken in. */
export interface DiffFile {
  path: string;
  /** The path on the old side: the source of a rename or copy, `path` otherwise, null for an added file. */
  oldPath: string | null;
  status: DiffStatus;
  /** Rename/copy similarity, 0–100. */
  similarity?: number;
  binary: boolean;
  /** A submodule (gitlink) or an untracked nested repository: its commits changed, not its text. */
  submodule: boolean;
  /** Git modes (`100644`, `100755`, `120000`, `160000`); absent on the side the file does not exist. */
  oldMode?: string;
  newMode?: string;
  untracked?: boolean;
  additions: number;
  deletions: number;
  /** Zero-context hunks: exactly the changed line ranges. */
  hunks: DiffHunk[];
  /** Hunks past the per-file cap, counted but not listed. */
  omittedHunks: number;
}
