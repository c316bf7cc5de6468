import type { Lang } from "@tsift/graph";
import type { CheckerSummary } from "../resolve/checker/checker-pass";
import type { IndexWarning } from "../walk/index-warning";

/** `rebuild`, `check` (read-only diff), `prune-safe` (`--prune`: a full scan) or `incremental`. */
export type IndexMode = "incremental" | "rebuild" | "check" | "prune-safe";

export interface IndexChange {
  path: string;
  kind: "new" | "modified" | "deleted";
  /** Absent for deleted files. */
  language?: Lang;
}

/** `--prune` keeps its report shape, but never skips a subtree until that can be proved sound. */
export interface PruneStats {
  dirs_walked: number;
  dirs_pruned: number;
  files_pruned: number;
}

export interface IndexTimings {
  walk_ms: number;
  extract_ms: number;
  resolve_ms: number;
  total_ms: number;
  workers: number;
}

/**
 * What one index run found and did. A file whose
 * size or mtime changed is `modified` even when its bytes turn out identical; `parsed`
 * counts the files actually re-extracted, so a touch shows as modified with parsed 0.
 */
export interface IndexSummary {
  mode: IndexMode;
  /** The directory indexed. */
  root: string;
  /** The index.db path. */
  index: string;
  total_tracked: number;
  new: number;
  modified: number;
  deleted: number;
  unchanged: number;
  parsed: number;
  /** Sorted by path. */
  changes: IndexChange[];
  warnings: IndexWarning[];
  prune_stats?: PruneStats;
  /** Set when `check` read a snapshot copy because a writer held the live file. */
  recovery?: string;
  /**
   * Set when `rebuild` found the old index.db unusable (corrupt, or a schema this tsift
   * cannot use): why, and where the old file was moved (`index.db.corrupt-<UTC time>`).
   */
  replaced?: { reason: string; moved_to: string };
  /** Set when the run took over a stale writer lock: which, and why it was stale. */
  lock_recovered?: string;
  /** Set when the run resolved calls with the TypeScript checker too (`resolve: "checker"`). */
  checker?: CheckerSummary;
  /** Wall-clock figures; not part of the deterministic output. */
  timings: IndexTimings;
}
