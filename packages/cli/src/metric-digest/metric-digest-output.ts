import { shellArg, type MetricDelta, type MetricDigest } from "@tsift/digest";
import { defineOutput } from "../output/output-spec";

/** The digest plus the files it read (null: stdin), for follow-up commands. */
export type MetricDigestData = { input: string | null; baseline_file: string | null } & MetricDigest;

function runName(run: { label: string | null; id: string | null; timestamp: string | null } | null): string {
  return run ? (run.label ?? run.id ?? run.timestamp ?? "unnamed run") : "-";
}

function pct(delta: MetricDelta): string {
  return delta.delta_pct === null ? "new from 0" : `${delta.delta_pct > 0 ? "+" : ""}${delta.delta_pct}%`;
}

function deltaLine(delta: MetricDelta): string {
  const arrow = delta.direction === "lower" ? "lower is better" : delta.direction === "higher" ? "higher is better" : "direction unknown";
  return `${delta.metric}: ${delta.baseline} -> ${delta.current} (${pct(delta)}, ${arrow})`;
}

function headline(data: MetricDigestData): string {
  const against = data.compared_from === "none" ? "single run, nothing to compare" : `vs ${data.compared_from} ${runName(data.compared)}`;
  const { improved, regressed, unchanged, changed } = data.counts;
  return `metric-digest: ${runName(data.current)} ${against}; ${data.metrics_total} metrics: ${regressed} regressed, ${improved} improved, ${changed} changed, ${unchanged} unchanged`;
}

function gateLine(data: MetricDigestData): string {
  const gate = data.gate;
  const why = gate.failures.length ? `: ${gate.failures.map((failure) => `${failure.metric} ${failure.reason}`).join("; ")}` : "";
  return `gate (${gate.enforced ? "enforced" : "report only"}, threshold ${gate.threshold_pct}%): ${gate.status}${why}`;
}

function followUp(data: MetricDigestData): string[] {
  const source = data.input === null ? "" : ` --input ${shellArg(data.input)}`;
  const baseline = data.baseline_file === null ? "" : ` --baseline ${shellArg(data.baseline_file)}`;
  const commands = [...data.regressions, ...data.improvements]
    .slice(0, 3)
    .map((delta) => `tsift metric-digest${source}${baseline} --metric ${shellArg(delta.metric)}`);
  if (!data.gate.enforced) commands.push(`tsift metric-digest${source}${baseline} --gate`);
  return commands;
}

export const metricDigestOutput = defineOutput<MetricDigestData>({
  tool: "metric-digest",
  pathKeys: [],
  text: (data) => {
    const lines = [headline(data)];
    if (data.regressions.length) lines.push("top regressions:", ...data.regressions.map((delta) => `  ${deltaLine(delta)}`));
    if (data.improvements.length) lines.push("top improvements:", ...data.improvements.map((delta) => `  ${deltaLine(delta)}`));
    if (data.deltas.length) {
      lines.push("deltas:", ...data.deltas.map((delta) => `  ${delta.status.padEnd(9)} ${deltaLine(delta)}`));
      if (data.deltas_total > data.deltas.length) lines.push(`  (+${data.deltas_total - data.deltas.length} more; --limit 0 shows all)`);
    }
    if (data.added_total)
      lines.push(`new metrics: ${data.added.join(", ")}${data.added_total > data.added.length ? ` (+${data.added_total - data.added.length} more)` : ""}`);
    if (data.removed_total)
      lines.push(
        `missing metrics: ${data.removed.join(", ")}${data.removed_total > data.removed.length ? ` (+${data.removed_total - data.removed.length} more)` : ""}`,
      );
    const community = data.community_search_gate;
    if (community) {
      lines.push(`community_search_gate: ${community.status} (${community.workloads.join(", ")})`);
      for (const check of community.checks.filter((entry) => entry.status === "fail"))
        lines.push(`  fail ${check.workload} ${check.check} ${check.requirement}: ${check.reason ?? ""}${check.value === null ? "" : ` (${check.value})`}`);
    }
    lines.push(gateLine(data));
    if (data.history_table.length) lines.push("", ...data.history_table);
    lines.push(`economy: ${data.economy.input_bytes} B of runs -> ${data.economy.output_bytes} B (${data.economy.saved_percent}% saved)`);
    return lines.join("\n");
  },
  compact: (data) =>
    [
      headline(data),
      ...data.regressions.map((delta) => `- ${deltaLine(delta)}`),
      ...data.improvements.map((delta) => `+ ${deltaLine(delta)}`),
      gateLine(data),
    ].join("\n"),
  tables: [
    {
      columns: ["metric", "status", "direction", "baseline", "current", "delta", "delta_pct"],
      rows: (data) =>
        data.deltas.map((delta) => [delta.metric, delta.status, delta.direction, delta.baseline, delta.current, delta.delta, delta.delta_pct ?? ""]),
      more: (data) => data.deltas_total - data.deltas.length,
    },
  ],
  envelope: {
    view: "report",
    summary: headline,
    metrics: (data) => [
      { label: "runs", value: data.runs },
      { label: "metrics", value: data.metrics_total },
      { label: "regressed", value: data.counts.regressed },
      { label: "improved", value: data.counts.improved },
      { label: "gate", value: data.gate.status },
      { label: "community gate", value: data.community_search_gate?.status ?? null },
      { label: "saved %", value: data.economy.saved_percent },
    ],
    followUp,
  },
});
