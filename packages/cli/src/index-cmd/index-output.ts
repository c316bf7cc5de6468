import type { IndexMode, IndexScopeReport, IndexSummaryReport } from "@tsift/index/indexer";
import { defineOutput, type Metric } from "../output/output-spec";

const MARK = { new: "+", modified: "~", deleted: "-" } as const;

/** The changes a human report lists: the first `limit` (0 = all), and how many it leaves out. */
function shownChanges(summary: IndexSummaryReport, limit: number) {
  const changes = summary.changes ?? [];
  const shown = limit > 0 ? changes.slice(0, limit) : changes;
  return { shown, more: changes.length - shown.length };
}

/** The human report: mode and totals, then one line per change up to `limit` (absent when quiet). */
function summaryText(summary: IndexSummaryReport, mode: IndexMode, limit: number): string {
  const lines = [`Index (${summary.mode ?? mode}): ${summary.total_tracked} files tracked`];
  let counts = `  new: ${summary.new}  modified: ${summary.modified}  deleted: ${summary.deleted}  unchanged: ${summary.unchanged}`;
  if (summary.prune_stats) {
    const stats = summary.prune_stats;
    counts += ` | pruned: ${stats.dirs_pruned} dirs (${stats.dirs_walked} walked, ${stats.files_pruned} files skipped)`;
  }
  lines.push(counts);
  if (summary.recovery) lines.push(`  (read a snapshot copy: ${summary.recovery})`);
  const checker = summary.checker;
  if (checker && !checker.skipped) {
    lines.push(
      `  checker (TypeScript ${checker.typescript}): ${checker.files_checked} files checked, ${checker.files_current} current | calls: ${checker.calls_checked} checked, ${checker.bound} bound, ${checker.confirmed} confirmed, ${checker.overturned} overturned`,
    );
  }
  const { shown, more } = shownChanges(summary, limit);
  if (shown.length > 0) {
    lines.push("");
    for (const change of shown) lines.push(`  ${MARK[change.kind]} ${change.path}${change.language ? ` [${change.language}]` : ""}`);
    if (more > 0) lines.push(`  (+${more} more)`);
  }
  return lines.join("\n");
}

function compactSummary(summary: IndexSummaryReport, mode: IndexMode, limit: number, prefix = ""): string {
  const head = `${prefix}idx ${summary.mode ?? mode} tt:${summary.total_tracked} +${summary.new} ~${summary.modified} -${summary.deleted} =${summary.unchanged}`;
  const { shown, more } = shownChanges(summary, limit);
  return [head, ...shown.map((change) => `${MARK[change.kind]}${change.path}`), ...(more > 0 ? [`(+${more} more)`] : [])].join("\n");
}

const counts = (summary: IndexSummaryReport): Metric[] => [
  { label: "tracked", value: summary.total_tracked },
  { label: "new", value: summary.new },
  { label: "modified", value: summary.modified },
  { label: "deleted", value: summary.deleted },
];
const sentence = (summary: IndexSummaryReport, mode: IndexMode) =>
  `index ${summary.mode ?? mode}: ${summary.total_tracked} files tracked, ${summary.new} new, ${summary.modified} modified, ${summary.deleted} deleted`;
const changeRows = (summary: IndexSummaryReport, scope: string | null = null) =>
  (summary.changes ?? []).map((change) => [...(scope === null ? [] : [scope]), change.kind, change.path, change.language ?? null]);

/**
 * One index (the project's own); `mode` fills in the quiet report, which omits it. Human
 * text lists at most `limit` changed files (0 = all): a first index of a large tree would
 * otherwise print one line per file. JSON and tables keep every change.
 */
export const indexOutput = (mode: IndexMode, limit: number) =>
  defineOutput<IndexSummaryReport>({
    tool: "index",
    text: (data) => summaryText(data, mode, limit),
    compact: (data) => compactSummary(data, mode, limit),
    tables: [{ columns: ["kind", "path", "language"], rows: (data) => changeRows(data) }],
    envelope: { view: "report", summary: (data) => sentence(data, mode), metrics: counts },
  });

const scopeSummary = (scope: IndexScopeReport): IndexSummaryReport => scope.summary ?? (scope as IndexSummaryReport);

/** Every workspace scope, one report each (each listing at most `limit` changed files). */
export const workspaceIndexOutput = (mode: IndexMode, limit: number) =>
  defineOutput<{ scopes: IndexScopeReport[] }>({
    tool: "index",
    text: (data) => data.scopes.map((scope) => `[${scope.submodule}] ${scope.tier}\n${summaryText(scopeSummary(scope), mode, limit)}`).join("\n\n"),
    compact: (data) => data.scopes.map((scope) => compactSummary(scopeSummary(scope), mode, limit, `[${scope.submodule}] `)).join("\n"),
    tables: [
      { columns: ["scope", "kind", "path", "language"], rows: (data) => data.scopes.flatMap((scope) => changeRows(scopeSummary(scope), scope.submodule)) },
    ],
    envelope: {
      view: "report",
      summary: (data) => data.scopes.map((scope) => `[${scope.submodule}] ${sentence(scopeSummary(scope), mode)}`).join("; "),
      metrics: (data) => [
        { label: "scopes", value: data.scopes.length },
        {
          label: "changed",
          value: data.scopes.reduce((sum, scope) => sum + scopeSummary(scope).new + scopeSummary(scope).modified + scopeSummary(scope).deleted, 0),
        },
      ],
    },
  });
