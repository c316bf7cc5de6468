import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ProjectTestDigest, ProjectTestFailureGroup } from "@tsift/digest";
import { pathArg, sourceReadCommand } from "@tsift/index/graph-read";
import { DEFAULT_PATH_KEYS } from "../output/display-paths";
import { defineOutput } from "../output/output-spec";
import { digestSummaryLines } from "../output/summary-lines";

function seconds(ms: number | null): string {
  return ms === null ? "" : ms >= 1000 ? ` in ${(ms / 1000).toFixed(1)}s` : ` in ${ms}ms`;
}

function headline(data: ProjectTestDigest): string {
  const { passed, failed, skipped, total } = data.counts;
  const parts = [`${failed} failed`];
  if (passed !== null) parts.push(`${passed} passed`);
  if (skipped !== null) parts.push(`${skipped} skipped`);
  const groups = data.failures_total > 0 ? `; ${data.failures_total} failure group${data.failures_total === 1 ? "" : "s"}` : "";
  return `${data.runner ?? "unknown runner"}: ${data.status}, ${parts.join(", ")}${total !== null ? ` of ${total}` : ""}${seconds(data.duration_ms)}${groups}`;
}

function errorText(group: { error_type: string | null; message: string }): string {
  return group.error_type && !group.message.startsWith(group.error_type) ? `${group.error_type}: ${group.message}` : group.message;
}

function symbolText(group: ProjectTestFailureGroup): string | null {
  const symbol = group.symbol;
  if (!symbol) return group.function ? `in ${group.function}` : null;
  return `in ${symbol.kind} ${symbol.qualified_name} (${symbol.file}:${symbol.line}${symbol.end_line > symbol.line ? `-${symbol.end_line}` : ""}) ${symbol.handle}`;
}

function groupLines(group: ProjectTestFailureGroup): string[] {
  const lines = [`FAIL ${group.location ?? "(no location)"}  ${errorText(group)}`];
  const where = symbolText(group);
  if (where) lines.push(`  ${where}`);
  if (group.expected !== null) lines.push(`  expected: ${group.expected}`);
  if (group.actual !== null) lines.push(`  actual:   ${group.actual}`);
  const more = group.tests_total > group.tests.length ? ` (+${group.tests_total - group.tests.length} more)` : "";
  if (group.tests_total === 1) lines.push(`  test: ${group.tests[0] ?? ""}`);
  else lines.push(`  ${group.tests_total} tests: ${group.tests.join("; ")}${more}`);
  return lines;
}

function symbolsLine(data: ProjectTestDigest): string[] {
  const { status, note, next, mapped } = data.symbols;
  if (status === "no_frames") return [];
  if (status === "mapped") return [`symbols: ${mapped} of ${data.failures.filter((group) => group.in_project).length} project frames mapped`];
  return [`symbols: ${note ?? status}${next ? ` (next: ${next})` : ""}`];
}

/** `tsift test-digest` output; `cwd` and `root` spell the follow-up commands from where the user stands. */
export const testDigestOutput = (cwd: string, root: string) => {
  const place = { pathArg: pathArg(cwd, root), scope: null };
  const followUp = (data: ProjectTestDigest): string[] => {
    const commands: string[] = [];
    for (const group of data.failures) {
      if (group.symbol) commands.push(`tsift explain ${group.symbol.handle}${place.pathArg === "." ? "" : ` --path ${place.pathArg}`}`);
      else if (group.in_project && group.location !== null) {
        // Output captured elsewhere can name files this project does not have: no command to read those.
        const at = group.location.lastIndexOf(":");
        const file = group.location.slice(0, at);
        const line = Number(group.location.slice(at + 1));
        if (existsSync(join(root, file))) commands.push(sourceReadCommand(file, Math.max(1, line - 3), line + 3, place));
      }
    }
    if (data.symbols.next) commands.push(data.symbols.next);
    return [...new Set(commands)];
  };
  return defineOutput<ProjectTestDigest>({
    tool: "test-digest",
    // The root prints as "." like every root-relative path (absolute with --absolute), as openProject().testDigest returns it.
    pathKeys: [...DEFAULT_PATH_KEYS, "root"],
    text: (data) => {
      const lines = [headline(data)];
      for (const group of data.failures) lines.push(...groupLines(group));
      if (data.failures_total > data.failures.length) lines.push(`(+${data.failures_total - data.failures.length} more failure groups; --limit 0 shows all)`);
      for (const note of data.notes) lines.push(`note: ${note}`);
      lines.push(...symbolsLine(data));
      lines.push(...digestSummaryLines(data.summaries));
      lines.push(`economy: ${data.economy.input_bytes} B of output -> ${data.economy.output_bytes} B (${data.economy.saved_percent}% saved)`);
      return lines.join("\n");
    },
    compact: (data) =>
      [
        headline(data),
        ...data.failures.map((group) => `${group.location ?? "-"} ${errorText(group)} [${group.tests_total}]`),
        ...(data.failures_total > data.failures.length ? [`(+${data.failures_total - data.failures.length} more)`] : []),
      ].join("\n"),
    tables: [
      {
        columns: ["location", "error_type", "message", "expected", "actual", "tests", "symbol"],
        rows: (data) =>
          data.failures.map((group) => [
            group.location ?? "",
            group.error_type ?? "",
            group.message,
            group.expected ?? "",
            group.actual ?? "",
            group.tests,
            group.symbol?.qualified_name ?? "",
          ]),
        more: (data) => data.failures_total - data.failures.length,
      },
    ],
    envelope: {
      view: "report",
      summary: headline,
      metrics: (data) => [
        { label: "runner", value: data.runner },
        { label: "failed", value: data.counts.failed },
        { label: "passed", value: data.counts.passed },
        { label: "skipped", value: data.counts.skipped },
        { label: "failure groups", value: data.failures_total },
        { label: "symbols", value: data.symbols.status },
        { label: "saved %", value: data.economy.saved_percent },
      ],
      followUp,
    },
  });
};
