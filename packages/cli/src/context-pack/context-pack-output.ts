import type { ContextPack } from "@tsift/digest";
import { defineOutput, type Metric } from "../output/output-spec";

/** `tsift context-pack` data (`contextPack`). */
export type ContextPackData = ContextPack;

const more = (shown: number, total: number, indent = "  ") => (total > shown ? [`${indent}(+${total - shown} more)`] : []);

function diffLines(data: ContextPackData): string[] {
  const diff = data.diff;
  if (!diff) return [];
  const lines = [
    `diff (${diff.mode}): ${diff.files_changed} files (+${diff.additions} -${diff.deletions}), symbols +${diff.symbols_added} -${diff.symbols_removed} ~${diff.symbols_changed}, call edges +${diff.call_edges_added} -${diff.call_edges_removed}`,
    ...diff.files.map((file) => `  ${file.status} ${file.path} (+${file.additions} -${file.deletions}${file.symbols ? `, ${file.symbols} symbols` : ""})`),
    ...more(diff.files.length, diff.files_total),
  ];
  if (data.symbol_refs.length) {
    lines.push("touched symbols:");
    for (const ref of data.symbol_refs) lines.push(`  ${ref.change} ${ref.kind} ${ref.name} ${ref.file}:${ref.line} [${ref.handle}]`);
    lines.push(...more(data.symbol_refs.length, data.touched_symbols_total));
  }
  return lines;
}

function testLines(data: ContextPackData): string[] {
  const test = data.test;
  if (!test) return [];
  const counts = [`${test.failed} failed`, ...(test.passed !== null ? [`${test.passed} passed`] : []), ...(test.skipped ? [`${test.skipped} skipped`] : [])];
  const lines = [`test (${test.input}, ${test.runner ?? "unknown runner"}): ${test.status}, ${counts.join(", ")}`];
  if (test.first_error)
    lines.push(`  first error: ${test.first_error.test}${test.first_error.location ? ` (${test.first_error.location})` : ""}: ${test.first_error.message}`);
  for (const group of test.failures) {
    lines.push(`  ${group.location ?? "(no location)"}  ${group.message}${group.symbol ? `  (in ${group.symbol.name})` : ""}`);
    for (const name of group.tests) lines.push(`    - ${name}`);
    lines.push(...more(group.tests.length, group.tests_total, "    "));
  }
  lines.push(...more(test.failures.length, test.failures_total));
  return lines;
}

function logLines(data: ContextPackData): string[] {
  const log = data.log;
  if (!log) return [];
  const lines = [`log (${log.input}): ${log.total_lines} lines, ${log.signal_lines} signal lines`];
  if (log.first_error) lines.push(`  first error (line ${log.first_error.line}): ${log.first_error.text}`);
  for (const signal of log.signals) lines.push(`  ${signal.kind} ×${signal.count} (line ${signal.line}): ${signal.text}`);
  lines.push(...more(log.signals.length, log.signals_total));
  if (log.anchors.length)
    lines.push(`  anchors: ${log.anchors.join(", ")}${log.anchors_total > log.anchors.length ? ` (+${log.anchors_total - log.anchors.length} more)` : ""}`);
  return lines;
}

function sessionLines(data: ContextPackData): string[] {
  const session = data.session;
  if (!session) return [];
  const next = session.next_context;
  return [
    `sessions: ${session.matched} on this target${session.latest ? `, newest ${session.latest}` : ""}`,
    ...next.prompt_targets.map((target) => `  asked: ${target}`),
    ...next.unresolved_failures.map((failure) => `  unresolved ${failure.kind}: ${failure.text}`),
    ...next.closeout.map((step) => `  ${step.kind}: ${step.status}${step.command ? ` (${step.command})` : ""}`),
  ];
}

function text(data: ContextPackData): string {
  return [
    `context pack: ${data.target.path} (${data.target.kind})`,
    ...sessionLines(data),
    ...diffLines(data),
    ...testLines(data),
    ...logLines(data),
    ...(data.status_reminders.length ? ["reminders:", ...data.status_reminders.map((line) => `  ${line}`)] : []),
    ...data.notes.map((note) => `note: ${note}`),
    "next:",
    ...data.follow_up.map((command) => `  ${command}`),
  ].join("\n");
}

function metrics(data: ContextPackData): Metric[] {
  return [
    { label: "files changed", value: data.diff?.files_changed ?? null },
    { label: "touched symbols", value: data.diff ? data.touched_symbols_total : null },
    { label: "test failures", value: data.test?.failed ?? null },
    { label: "log signals", value: data.log?.signal_lines ?? null },
    { label: "reminders", value: data.status_reminders.length },
  ];
}

function summary(data: ContextPackData): string {
  const parts = [data.diff ? `${data.diff.files_changed} files changed, ${data.touched_symbols_total} symbols touched` : "no diff"];
  if (data.test) parts.push(`tests ${data.test.status} (${data.test.failed} failed)`);
  if (data.log) parts.push(`log ${data.log.signal_lines} signal lines`);
  if (data.status_reminders.length) parts.push(`${data.status_reminders.length} reminders`);
  return `${data.target.path}: ${parts.join("; ")}`;
}

/** `tsift context-pack` output; `--envelope` is the `handoff` view with the follow-up commands. */
export const contextPackOutput = defineOutput<ContextPackData>({
  tool: "context-pack",
  text,
  envelope: { view: "handoff", summary, metrics, followUp: (data) => data.follow_up },
});
