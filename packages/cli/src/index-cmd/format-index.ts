import type { IndexSummary, IndexWarning } from "@tsift/index";
import type { IndexScopeData, IndexSummaryData } from "./index-output";
import type { IndexTarget } from "./index-targets";

/** The summary as `--json` prints it: no absolute paths or timings, so output is stable across machines and runs. */
export function summaryJson(summary: IndexSummary, quiet: boolean): IndexSummaryData {
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

export function scopeJson(target: IndexTarget, summary: IndexSummary, quiet: boolean): IndexScopeData {
  const head = { submodule: target.scope?.id ?? null, tier: target.tier };
  return quiet ? { ...head, ...summaryJson(summary, true) } : { ...head, summary: summaryJson(summary, false) };
}

/** Stderr lines for warnings; long lists are capped with a pointer to `--json`, which carries all of them. */
export function warningNotes(warnings: readonly IndexWarning[], prefix = "", cap = 20): string[] {
  const notes = warnings.slice(0, cap).map((warning) => `warning: ${prefix}${warning.path}: ${warning.message} (${warning.stage})`);
  if (warnings.length > cap) notes.push(`warning: (+${warnings.length - cap} more; --json lists every warning)`);
  return notes;
}
