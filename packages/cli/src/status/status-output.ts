import type { IndexStatus, InstructionsStatus, ScopeStatus, StatusReport } from "@tsift/index/indexer";
import { defineOutput } from "../output/output-spec";
import { formatAge } from "./format-age";
import { runReason } from "./recommendations";

/** `tsift status` data (`projectStatus`). */
export type StatusData = StatusReport;

/** `, 37% of 1234 files to parse, 12 s in` for a run that publishes its progress. */
const writerProgress = (progress: { done: number; total: number; started_secs_ago: number } | undefined) =>
  progress
    ? `, ${Math.floor((progress.done / Math.max(1, progress.total)) * 100)}% of ${progress.total} files to parse, ${progress.started_secs_ago} s in`
    : "";

const ago = (seconds: number | null) => (seconds === null ? "never indexed" : `last indexed ${formatAge(seconds)} ago`);

function indexLine(index: IndexStatus): string {
  if (index.state === "missing" && !index.workspace) return "index: missing";
  if (index.state === "corrupt" && !index.workspace)
    return `index: corrupt (${index.problem?.reason ?? "unreadable"}; run ${index.problem?.next ?? "tsift index --rebuild"})`;
  const parts: string[] = [];
  if (index.workspace) {
    const indexed = index.workspace_scopes?.length ?? 0;
    const missing = index.missing_scopes?.length ?? 0;
    parts.push(
      "workspace",
      missing
        ? `${indexed} indexed scope${indexed === 1 ? "" : "s"}, ${missing} missing scope${missing === 1 ? "" : "s"}`
        : `${indexed} scope${indexed === 1 ? "" : "s"}`,
    );
  }
  if (index.state !== "missing") parts.push(ago(index.last_indexed_secs_ago), `${index.total_files} files tracked`);
  if (index.state === "stale") parts.push(`${index.stale_files} stale`);
  return `index: ${index.state} (${parts.join(", ")})`;
}

const scopeLine = (scope: ScopeStatus) =>
  scope.problem
    ? `scope ${scope.scope}: corrupt (${scope.problem.reason}; run ${scope.problem.next})`
    : `scope ${scope.scope}: ${scope.state} (${ago(scope.last_indexed_secs_ago)}, ${scope.total_files} files tracked${scope.state === "stale" ? `, ${scope.stale_files} stale` : ""})`;

function instructionsLine(instructions: InstructionsStatus): string {
  if (instructions.state === "current") return `instructions: current (v${instructions.version})`;
  if (instructions.state === "missing") return "instructions: missing (run tsift init)";
  return `instructions: stale (found ${instructions.found ? `v${instructions.found}` : "an unversioned block"}, expected v${instructions.expected}; run tsift init)`;
}

/** Failed files listed in human output; `--json` has them all. */
const MAX_FAILED_LINES = 20;

export const statusOutput = defineOutput<StatusData>({
  tool: "status",
  text: (data) => {
    const { index } = data;
    const lines = [indexLine(index)];
    for (const scope of index.workspace_scopes ?? []) lines.push(scopeLine(scope));
    for (const scope of index.missing_scopes ?? []) lines.push(`scope ${scope.scope}: missing index (${scope.db_path})`);
    if (data.truncated) lines.push(`(+${(data.workspace_scopes_total ?? 0) - (index.workspace_scopes?.length ?? 0)} more scopes)`);
    // Recorded failures count as fresh until the file changes, so they are named here rather than as stale files.
    const failed = index.failed_files ?? [];
    for (const file of failed.slice(0, MAX_FAILED_LINES)) lines.push(`  failed: ${file.path} (${file.reason})`);
    if (failed.length > MAX_FAILED_LINES) lines.push(`  (+${failed.length - MAX_FAILED_LINES} more failed files; --json lists them all)`);
    if (index.recovery) lines.push(`  (read a snapshot copy: ${index.recovery})`);
    if (index.writer) lines.push(`  (a tsift index writer is running: pid ${index.writer.pid ?? "?"}${writerProgress(index.writer.progress)})`);
    lines.push(instructionsLine(data.instructions), summariesLine(data.summaries), "recommendations:");
    const first = index.state === "corrupt" ? "rebuild the index" : "run tsift index";
    lines.push(`use: ${data.recommendations.use.length ? data.recommendations.use.join(", ") : `(none — ${first} first)`}`);
    const reason = runReason(index);
    lines.push(`run: ${data.recommendations.run ? `${data.recommendations.run}${reason ? ` (${reason})` : ""}` : "(none)"}`);
    if (data.reminders.length) lines.push("reminders:", ...data.reminders.map((reminder) => `- ${reminder}`));
    if (data.fixed) lines.unshift(`fixed: ${data.fixed.length ? data.fixed.join(", ") : "nothing to fix"}`);
    return lines.join("\n");
  },
  compact: (data) =>
    [
      `idx:${data.index.state} tf:${data.index.total_files} sf:${data.index.stale_files}${data.index.last_indexed_secs_ago === null ? "" : ` age:${formatAge(data.index.last_indexed_secs_ago)}`}`,
      `instr:${data.instructions.state}`,
      `use:${data.recommendations.use.join(",") || "-"}`,
      `run:${data.recommendations.run ?? "-"}`,
    ].join(" | "),
  tables: [
    {
      columns: ["scope", "state", "total_files", "stale_files", "last_indexed_secs_ago"],
      rows: (data) => [
        ...(data.index.workspace_scopes ?? []).map((scope) => [scope.scope, scope.state, scope.total_files, scope.stale_files, scope.last_indexed_secs_ago]),
        ...(data.index.missing_scopes ?? []).map((scope) => [scope.scope, "missing", 0, 0, null]),
        ...(data.index.workspace ? [] : [[".", data.index.state, data.index.total_files, data.index.stale_files, data.index.last_indexed_secs_ago]]),
      ],
      more: (data) => (data.truncated ? (data.workspace_scopes_total ?? 0) - (data.index.workspace_scopes?.length ?? 0) : 0),
    },
  ],
  envelope: {
    view: "status",
    summary: (data) =>
      `index ${data.index.state}, instructions ${data.instructions.state}${data.recommendations.run ? `; run: ${data.recommendations.run}` : ""}`,
    metrics: (data) => [
      { label: "index", value: data.index.state },
      { label: "files", value: data.index.total_files },
      { label: "stale", value: data.index.stale_files },
      { label: "instructions", value: data.instructions.state },
    ],
    followUp: (data) => (data.recommendations.run ? [data.recommendations.run] : []),
  },
});

function summariesLine(summaries: StatusReport["summaries"]): string {
  if ("reason" in summaries) return `summaries: ${summaries.state} (${summaries.reason})`;
  if (summaries.state === "none") return "summaries: none (summaries.db is empty)";
  return `summaries: ${summaries.summarized_symbols}/${summaries.indexed_symbols} symbols current (${summaries.coverage_pct}%), ${summaries.cached_files}/${summaries.total_indexed_files} files cached`;
}
