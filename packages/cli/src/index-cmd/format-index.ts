import type { IndexSummary, IndexWarning } from "@tsift/index";
import type { IndexTarget } from "./index-targets";

/** The summary as `--json` prints it: no absolute paths or timings, so output is stable across machines and runs. */
export function summaryJson(summary: IndexSummary, quiet: boolean): Record<string, unknown> {
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
  };
}

export function scopeJson(target: IndexTarget, summary: IndexSummary, quiet: boolean): Record<string, unknown> {
  const head = { submodule: target.scope?.id ?? null, tier: target.tier };
  return quiet ? { ...head, ...summaryJson(summary, true) } : { ...head, summary: summaryJson(summary, false) };
}

const MARK = { new: "+", modified: "~", deleted: "-" } as const;

/** Reference §2.1 human report: mode and totals, then (unless quiet) one line per change. */
export function summaryText(summary: IndexSummary, quiet: boolean): string {
  const lines = [`Index (${summary.mode}): ${summary.total_tracked} files tracked`];
  let counts = `  new: ${summary.new}  modified: ${summary.modified}  deleted: ${summary.deleted}  unchanged: ${summary.unchanged}`;
  if (summary.prune_stats) {
    const stats = summary.prune_stats;
    counts += ` | pruned: ${stats.dirs_pruned} dirs (${stats.dirs_walked} walked, ${stats.files_pruned} files skipped)`;
  }
  lines.push(counts);
  if (summary.recovery) lines.push(`  (read a snapshot copy: ${summary.recovery})`);
  if (!quiet && summary.changes.length > 0) {
    lines.push("");
    for (const change of summary.changes) {
      lines.push(`  ${MARK[change.kind]} ${change.path}${change.language ? ` [${change.language}]` : ""}`);
    }
  }
  return lines.join("\n");
}

/** Stderr lines for warnings; long lists are capped with a pointer to `--json`, which carries all of them. */
export function warningNotes(warnings: readonly IndexWarning[], prefix = "", cap = 20): string[] {
  const notes = warnings.slice(0, cap).map((warning) => `warning: ${prefix}${warning.path}: ${warning.message} (${warning.stage})`);
  if (warnings.length > cap) notes.push(`warning: (+${warnings.length - cap} more; --json lists every warning)`);
  return notes;
}
