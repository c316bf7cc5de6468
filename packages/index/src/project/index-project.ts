import { checkIndex } from "../store/check-index";
import type { IndexChange, IndexMode, IndexSummary, PruneStats } from "../store/index-summary";
import type { IndexWarning } from "../walk/index-warning";
import type { CheckerProgress, CheckerSummary } from "../resolve/checker/checker-pass";
import type { CallResolver } from "../walk/config/tsift-config";
import type { IndexProgress } from "../store/update/update-index";
import { settleInterruptedEdit } from "../walk/edit/recover-edit-batch";
import { resolveIndexTargets, type IndexTarget, type IndexTargetOptions } from "./index-targets";

export interface IndexProjectOptions extends IndexTargetOptions {
  /** Re-extract every file (`--rebuild`). */
  rebuild?: boolean | undefined;
  /** Only diff the tree against the index, writing nothing (`--check`). */
  check?: boolean | undefined;
  /** A full scan that reports what pruning unchanged directories would skip (`--prune`). */
  prune?: boolean | undefined;
  /** Counts only, no change list (`--quiet`). */
  quiet?: boolean | undefined;
  /** Called as files are parsed, for a progress bar. */
  onProgress?: ((progress: IndexProgress) => void) | undefined;
  /**
   * `checker` also resolves calls with the project's own TypeScript checker after the update
   * (`--resolve checker`); default: the config's `[index] resolve`, else `declarations`.
   * Ignored by `check`, which never writes.
   */
  resolve?: CallResolver | undefined;
  /** Called as the checker pass builds its program and checks files. */
  onCheckerProgress?: ((progress: CheckerProgress) => void) | undefined;
}

/** The checker pass's report: its counts, without timings (they differ run to run). */
export type CheckerReport = Omit<CheckerSummary, "timings">;

/** One index's report: quiet runs carry only the counts (and prune stats). No absolute paths or timings, so it is stable across machines and runs. */
export interface IndexSummaryReport {
  mode?: IndexMode;
  total_tracked: number;
  new: number;
  modified: number;
  deleted: number;
  unchanged: number;
  parsed?: number;
  changes?: IndexChange[];
  warnings?: IndexWarning[];
  prune_stats?: PruneStats;
  recovery?: string;
  /** `rebuild` replaced an unusable index.db: why, and where the old file went. */
  replaced?: { reason: string; moved_to: string };
  /** What the checker pass did, when the run used `--resolve checker`. */
  checker?: CheckerReport;
}

/** One workspace scope's report: nested under `summary`, or flat when quiet. */
export interface IndexScopeReport extends Partial<IndexSummaryReport> {
  submodule: string | null;
  tier: string | null;
  summary?: IndexSummaryReport;
}

/** `tsift index` data: one index's report, or one per workspace scope. */
export type IndexReport = IndexSummaryReport | { scopes: IndexScopeReport[] };

/** What an index run did: the report, and what a caller needs to present it. */
export interface IndexRun {
  report: IndexReport;
  mode: IndexMode;
  /** Some index had new, modified or deleted files (what `--check --exit-code` fails on). */
  changed: boolean;
  /** The report lists workspace scopes (their paths are relative to each scope). */
  scoped: boolean;
  /** The one index's source root (absolute) when not scoped: its paths are relative to it. */
  sourceRoot: string;
  /** One-line notes: config warnings, then file warnings (capped; the report lists all). */
  notes: string[];
}

function summaryReport(summary: IndexSummary, quiet: boolean): IndexSummaryReport {
  const counts = {
    total_tracked: summary.total_tracked,
    new: summary.new,
    modified: summary.modified,
    deleted: summary.deleted,
    unchanged: summary.unchanged,
  };
  if (quiet) return { ...counts, ...(summary.prune_stats ? { prune_stats: summary.prune_stats } : {}) };
  return {
    mode: summary.mode,
    ...counts,
    parsed: summary.parsed,
    changes: summary.changes,
    ...(summary.warnings.length > 0 ? { warnings: summary.warnings } : {}),
    ...(summary.prune_stats ? { prune_stats: summary.prune_stats } : {}),
    ...(summary.recovery ? { recovery: summary.recovery } : {}),
    ...(summary.replaced ? { replaced: summary.replaced } : {}),
    ...(summary.checker ? { checker: checkerReport(summary.checker) } : {}),
  };
}

function checkerReport(summary: CheckerSummary): CheckerReport {
  const { timings: _timings, ...report } = summary;
  return report;
}

function scopeReport(target: IndexTarget, summary: IndexSummary, quiet: boolean): IndexScopeReport {
  const head = { submodule: target.scope?.id ?? null, tier: target.tier };
  return quiet ? { ...head, ...summaryReport(summary, true) } : { ...head, summary: summaryReport(summary, false) };
}

/** Note lines for file warnings; long lists are capped with a pointer to the report, which carries all of them. */
export function warningNotes(warnings: readonly IndexWarning[], prefix = "", cap = 20): string[] {
  const notes = warnings.slice(0, cap).map((warning) => `warning: ${prefix}${warning.path}: ${warning.message} (${warning.stage})`);
  if (warnings.length > cap) notes.push(`warning: (+${warnings.length - cap} more; --json lists every warning)`);
  return notes;
}

/**
 * `tsift index`: update (or with `check`, only diff) one index or every workspace scope's,
 * one after the other. Updates take the writer lock (`lock_held` when another tsift has it).
 */
export async function indexProject(options: IndexProjectOptions = {}): Promise<IndexRun> {
  const quiet = options.quiet === true;
  const { root, config, targets, scoped } = await resolveIndexTargets(options);
  const settled = settleInterruptedEdit(root);
  const resolve = options.resolve ?? config.index.resolve ?? "declarations";
  const results: { target: IndexTarget; summary: IndexSummary }[] = [];
  for (const target of targets) {
    let summary: IndexSummary;
    if (options.check) {
      summary = await checkIndex(target.location, { exclude: config.index.exclude, maxFileBytes: config.index.maxFileBytes });
    } else {
      // The updater (and the parsers behind it) loads only when a run may write.
      const { updateIndex } = await import("../store/update/update-index");
      summary = await updateIndex(target.location, {
        rebuild: options.rebuild === true,
        prune: options.prune === true,
        maxFileBytes: config.index.maxFileBytes,
        exclude: config.index.exclude,
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        ...(resolve === "checker" ? { resolve, ...(options.onCheckerProgress ? { onCheckerProgress: options.onCheckerProgress } : {}) } : {}),
      });
    }
    results.push({ target, summary });
  }
  const notes = [
    ...settled,
    ...results.flatMap(({ summary }) => (summary.lock_recovered ? [`warning: ${summary.lock_recovered}`] : [])),
    ...config.warnings.map((warning) => `warning: ${warning}`),
    ...results.flatMap(({ target, summary }) => warningNotes(summary.warnings, target.scope ? `${target.scope.id}/` : "")),
    ...results.flatMap(({ summary }) =>
      summary.replaced ? [`note: the old index could not be used (${summary.replaced.reason}); it was moved to ${summary.replaced.moved_to}`] : [],
    ),
    ...results.flatMap(({ target, summary }) =>
      summary.checker?.skipped ? [`warning: ${target.scope ? `${target.scope.id}: ` : ""}--resolve checker skipped: ${summary.checker.skipped}`] : [],
    ),
  ];
  const first = results[0]!;
  return {
    report: scoped ? { scopes: results.map(({ target, summary }) => scopeReport(target, summary, quiet)) } : summaryReport(first.summary, quiet),
    mode: first.summary.mode,
    changed: results.some(({ summary }) => summary.new + summary.modified + summary.deleted > 0),
    scoped,
    sourceRoot: first.target.location.sourceRoot,
    notes,
  };
}
