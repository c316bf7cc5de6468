import type { MetricRun } from "./metric-digest-types";

const cell = (text: string) => text.replaceAll("|", "\\|").replace(/\s+/g, " ");

/** Four significant digits, no exponent for everyday magnitudes, so columns stay readable. */
export function formatMetric(value: number | undefined): string {
  if (value === undefined) return "–";
  if (Number.isInteger(value)) return String(value);
  const abs = Math.abs(value);
  if (abs !== 0 && (abs < 1e-3 || abs >= 1e15)) return value.toExponential(3);
  return String(Number(value.toPrecision(4)));
}

/** A markdown table of runs (rows) by metrics (columns), one string per line, ready for session notes. */
export function historyTable(rows: readonly { name: string; run: MetricRun }[], metrics: readonly string[]): string[] {
  if (rows.length === 0 || metrics.length === 0) return [];
  const header = `| run | ${metrics.map(cell).join(" | ")} |`;
  const rule = `|---|${metrics.map(() => "---:").join("|")}|`;
  const body = rows.map(({ name, run }) => `| ${cell(name)} | ${metrics.map((metric) => formatMetric(run.metrics[metric])).join(" | ")} |`);
  return [header, rule, ...body];
}
