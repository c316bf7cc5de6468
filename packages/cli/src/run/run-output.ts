import type { LogDigest, RunReport } from "@tsift/digest";
import { defineOutput, type Metric, type OutputSpec } from "../output/output-spec";

/** `tsift run` data (`runCommand`). */
export type RunData = RunReport;
type TestDigest = Extract<RunReport, { kind: "test" }>["digest"];

function seconds(ms: number): string {
  return ms < 1000 ? `${ms}ms` : `${(ms / 1000).toFixed(1)}s`;
}

function ending(data: RunData): string {
  if (data.signal) return `killed by ${data.signal} (status ${data.exit_status})`;
  return `exit ${data.exit_code ?? data.exit_status}`;
}

function testSummary(digest: TestDigest): string {
  const { counts } = digest;
  const parts = [`${counts.failed} failed`];
  if (counts.passed !== null) parts.push(`${counts.passed} passed`);
  if (counts.skipped) parts.push(`${counts.skipped} skipped`);
  return `${digest.runner ?? "unknown runner"}: ${digest.status} (${parts.join(", ")})`;
}

function logSummary(digest: LogDigest): string {
  const kinds = Object.entries(digest.counts)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${kind} ${count}`);
  return `${digest.total_lines} lines, ${digest.signal_lines} signal lines${kinds.length ? ` (${kinds.join(", ")})` : ""}`;
}

function testLines(digest: TestDigest): string[] {
  const lines: string[] = [];
  const first = digest.first_error;
  if (first) {
    lines.push(`first error: ${first.test}${first.location ? ` (${first.location})` : ""}`);
    lines.push(`  ${first.error_type ? `${first.error_type}: ` : ""}${first.message}`);
    if (first.expected !== null || first.actual !== null) lines.push(`  expected: ${first.expected ?? "?"}  actual: ${first.actual ?? "?"}`);
  }
  for (const group of digest.failures) {
    lines.push(`${group.location ?? "(no location)"}  ${group.message}${group.symbol ? `  (in ${group.symbol.qualified_name})` : ""}`);
    for (const test of group.tests) lines.push(`  - ${test}`);
    if (group.tests_total > group.tests.length) lines.push(`  (+${group.tests_total - group.tests.length} more)`);
  }
  if (digest.failures_total > digest.failures.length) lines.push(`(+${digest.failures_total - digest.failures.length} more failure groups)`);
  return lines;
}

function logLines(digest: LogDigest): string[] {
  const lines: string[] = [];
  if (digest.first_error) lines.push(`first error (line ${digest.first_error.line}): ${digest.first_error.text}`);
  for (const group of digest.signals) {
    const span = group.last ? `lines ${group.first.line}-${group.last.line}` : `line ${group.first.line}`;
    lines.push(`${group.kind} ×${group.count} (${span}): ${group.first.text}`);
  }
  if (digest.signals_total > digest.signals.length) lines.push(`(+${digest.signals_total - digest.signals.length} more signal groups)`);
  if (digest.tail.length) lines.push("tail:", ...digest.tail.map((line) => `  ${line}`));
  return lines;
}

function text(data: RunData): string {
  const lines = [`$ ${data.command}  → ${ending(data)} in ${seconds(data.duration_ms)}${data.interrupted ? " (interrupted)" : ""}`];
  if (data.kind === "test") lines.push(testSummary(data.digest), ...testLines(data.digest));
  else lines.push(logSummary(data.digest), ...logLines(data.digest));
  if (data.artifact)
    lines.push(
      `output: ${data.artifact.path} (${data.artifact.lines} lines, ${data.artifact.bytes} bytes, ${data.artifact.handle})`,
      `expand: ${data.artifact.expand}`,
    );
  else lines.push("output: (none)");
  return lines.join("\n");
}

function metrics(data: RunData): Metric[] {
  const common: Metric[] = [
    { label: "exit code", value: data.exit_status },
    { label: "signal", value: data.signal },
  ];
  if (data.kind === "test") return [{ label: "runner", value: data.digest.runner }, ...common, { label: "failures", value: data.digest.failed_tests }];
  const { counts } = data.digest;
  const errors = Object.entries(counts).reduce((sum, [kind, count]) => (kind === "warning" ? sum : sum + count), 0);
  return [...common, { label: "signals", value: data.digest.signal_lines }, { label: "errors", value: errors }];
}

/** `tsift run` output; `--envelope` is the digest-runner envelope (`test-run` or `command-run`). */
export function runOutput(kind: RunData["kind"]): OutputSpec<RunData> {
  return defineOutput<RunData>({
    tool: "digest-runner",
    text,
    envelope: {
      view: kind === "test" ? "test-run" : "command-run",
      summary: (data) => `${data.command}: ${ending(data)}; ${data.kind === "test" ? testSummary(data.digest) : logSummary(data.digest)}`,
      metrics,
      followUp: (data) => (data.artifact ? [data.artifact.expand] : []),
      truncated: (data) => data.digest.truncated,
    },
  });
}
