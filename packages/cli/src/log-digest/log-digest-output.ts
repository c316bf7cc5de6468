import { shellArg, type LogSignalGroup, type ProjectLogDigest } from "@tsift/digest";
import { defineOutput } from "../output/output-spec";
import { digestSummaryLines } from "../output/summary-lines";

/** The digest plus where the log came from (null: stdin), for follow-up commands: the `logDigest` use case's result. */
export type LogDigestData = ProjectLogDigest;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

function headline(data: LogDigestData): string {
  const kinds = Object.entries(data.counts)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}`);
  return `log: ${plural(data.total_lines, "line")}, ${plural(data.signal_lines, "signal line")}${kinds.length ? ` (${kinds.join(", ")})` : ""}, ${data.repeated_lines} repeated`;
}

function economyLine(data: LogDigestData): string {
  return `economy: ${data.economy.input_bytes} B of log -> ${data.economy.output_bytes} B (${data.economy.saved_percent}% saved)${data.approximate ? "; counts are lower bounds (very many distinct lines)" : ""}`;
}

function span(group: LogSignalGroup): string {
  return group.last ? `lines ${group.first.line}-${group.last.line}` : `line ${group.first.line}`;
}

function anchorList(anchors: readonly { path: string; line: number; column?: number }[]): string {
  return anchors.map((anchor) => `${anchor.path}:${anchor.line}${anchor.column === undefined ? "" : `:${anchor.column}`}`).join(", ");
}

function more(shown: number, total: number, what: string): string[] {
  return total > shown ? [`  (+${total - shown} more ${what}; --limit 0 shows all)`] : [];
}

/** Where to look next: the log around the first error (when it is a file), then the source at each anchor. */
function followUp(data: LogDigestData): string[] {
  const commands: string[] = [];
  if (data.input !== null && data.first_error) {
    const from = Math.max(1, data.first_error.line - data.first_error.before.length);
    commands.push(`sed -n '${from},${data.first_error.line + data.first_error.after.length}p' ${shellArg(data.input)}`);
  }
  const anchors = [...(data.first_error?.anchors ?? []), ...data.anchors];
  for (const anchor of anchors) {
    if (anchor.path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(anchor.path)) continue;
    commands.push(`tsift source-read ${shellArg(anchor.path)} --start ${Math.max(1, anchor.line - 5)} --lines 12`);
  }
  return [...new Set(commands)].slice(0, 6);
}

export const logDigestOutput = defineOutput<LogDigestData>({
  tool: "log-digest",
  pathKeys: [],
  text: (data) => {
    const lines = [headline(data)];
    const first = data.first_error;
    if (first) {
      lines.push(`first error (line ${first.line}, ${first.kind}): ${first.text}`);
      if (first.anchors.length) lines.push(`  at ${anchorList(first.anchors)}`);
      for (const line of first.before) lines.push(`  | ${line}`);
      lines.push(`  > ${first.text}`);
      for (const line of first.after) lines.push(`  | ${line}`);
    } else lines.push("no error lines");
    if (data.signals.length) {
      lines.push("signals:");
      for (const group of data.signals) {
        lines.push(`  ${group.kind} x${group.count} ${span(group)}: ${group.first.text}`);
        if (group.anchors.length) lines.push(`    at ${anchorList(group.anchors)}`);
      }
      lines.push(...more(data.signals.length, data.signals_total, "signal groups"));
    }
    if (data.repeats.length) {
      lines.push("repeated:");
      for (const group of data.repeats) lines.push(`  x${group.count} lines ${group.first_line}-${group.last_line}: ${group.shape}`);
      lines.push(...more(data.repeats.length, data.repeats_total, "repeated shapes"));
    }
    if (data.anchors.length)
      lines.push(
        `anchors: ${anchorList(data.anchors)}${data.anchors_total > data.anchors.length ? ` (+${data.anchors_total - data.anchors.length} more)` : ""}`,
      );
    if (data.exit_codes.length) lines.push(`exit codes: ${data.exit_codes.map((entry) => `${entry.code} (line ${entry.line})`).join(", ")}`);
    if (data.tail.length) {
      lines.push("tail:");
      for (const line of data.tail) lines.push(`  ${line}`);
    }
    lines.push(...digestSummaryLines(data.summaries));
    lines.push(economyLine(data));
    return lines.join("\n");
  },
  compact: (data) =>
    [
      headline(data),
      ...(data.first_error
        ? [
            `first error L${data.first_error.line}: ${data.first_error.text}${data.first_error.anchors.length ? ` @ ${anchorList(data.first_error.anchors)}` : ""}`,
          ]
        : []),
      ...data.signals.map((group) => `${group.kind} x${group.count} L${group.first.line}: ${group.first.text}`),
      ...(data.signals_total > data.signals.length ? [`(+${data.signals_total - data.signals.length} more)`] : []),
    ].join("\n"),
  tables: [
    {
      columns: ["kind", "count", "first_line", "last_line", "text", "anchors"],
      rows: (data) =>
        data.signals.map((group) => [
          group.kind,
          group.count,
          group.first.line,
          group.last?.line ?? group.first.line,
          group.first.text,
          anchorList(group.anchors),
        ]),
      more: (data) => data.signals_total - data.signals.length,
    },
  ],
  envelope: {
    view: "report",
    summary: headline,
    metrics: (data) => [
      { label: "lines", value: data.total_lines },
      { label: "signal lines", value: data.signal_lines },
      {
        label: "errors",
        value: data.counts.error + data.counts.fatal + data.counts.panic + data.counts.traceback + data.counts.failed + data.counts.exit_code,
      },
      { label: "warnings", value: data.counts.warning },
      { label: "first error line", value: data.first_error?.line ?? null },
      { label: "saved %", value: data.economy.saved_percent },
    ],
    followUp,
  },
});
