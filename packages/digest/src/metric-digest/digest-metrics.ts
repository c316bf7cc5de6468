import { TsiftError } from "@tsift/core/light";
import { capList } from "../cap-list";
import { withEconomy } from "../digest-economy";
import { communitySearchGate } from "./community-search-gate";
import { historyTable } from "./history-table";
import { directionOf } from "./metric-direction";
import type { DigestMetricsOptions, MetricDelta, MetricDigest, MetricGateVerdict, MetricRun, MetricRunRef, MetricStatus } from "./metric-digest-types";
import { parseMetricRuns, runsFromValue } from "./parse-metric-runs";

const STATUS_ORDER: Record<MetricStatus, number> = { regressed: 0, improved: 1, changed: 2, unchanged: 3 };
const HISTORY_COLUMNS = 6;

function checkCount(name: string, value: number, min: number): number {
  if (Number.isInteger(value) && value >= min) return value;
  throw new TsiftError("invalid_input", `${name} must be a whole number >= ${min}, got ${String(value)}`, { details: { [name]: value } });
}

function toRuns(input: unknown, what: string): { runs: MetricRun[]; bytes: number } {
  if (typeof input === "string") return { runs: parseMetricRuns(input, what), bytes: Buffer.byteLength(input, "utf8") };
  if (Buffer.isBuffer(input)) return toRuns(input.toString("utf8"), what);
  return { runs: runsFromValue(input, what), bytes: Buffer.byteLength(JSON.stringify(input) ?? "", "utf8") };
}

function ref(run: MetricRun): MetricRunRef {
  return { label: run.label, id: run.id, timestamp: run.timestamp };
}

function runName(run: MetricRun, fallback: string): string {
  return run.label ?? run.id ?? run.timestamp ?? fallback;
}

function selected(metric: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => (pattern.endsWith("*") ? metric.startsWith(pattern.slice(0, -1)) : metric === pattern));
}

function compare(metric: string, before: number, after: number, lower: ReadonlySet<string>, higher: ReadonlySet<string>): MetricDelta {
  const direction = directionOf(metric, lower, higher);
  const delta = after - before;
  const pct = before === 0 ? null : Math.round((delta / Math.abs(before)) * 1000) / 10;
  let status: MetricStatus = "unchanged";
  if (delta !== 0) status = direction === "unknown" ? "changed" : (direction === "lower") === delta < 0 ? "improved" : "regressed";
  return { metric, direction, baseline: before, current: after, delta: Number(delta.toPrecision(12)), delta_pct: pct, status };
}

/** Larger relative moves first; a move from 0 (no percentage) after every percentage, then by size. */
function bySize(a: MetricDelta, b: MetricDelta): number {
  const pa = a.delta_pct === null ? -1 : Math.abs(a.delta_pct);
  const pb = b.delta_pct === null ? -1 : Math.abs(b.delta_pct);
  return pb - pa || Math.abs(b.delta) - Math.abs(a.delta) || (a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0);
}

/**
 * Bounded deltas of a metric history: the latest run against the baseline's latest run
 * (or the previous run), each metric's direction inferred from its name unless given,
 * the top improvements and regressions, a markdown history table, the community-search
 * gate when community metrics are present, and a gate verdict (a regression past
 * `thresholdPct`, or a failed community gate, fails it). Malformed input is
 * `invalid_input`.
 */
export function digestMetrics(input: unknown, options: DigestMetricsOptions = {}): MetricDigest {
  const limit = checkCount("limit", options.limit ?? 20, 0);
  const top = checkCount("top", options.top ?? 5, 0);
  const historyRows = checkCount("historyRows", options.historyRows ?? 10, 1);
  const thresholdPct = options.thresholdPct ?? 10;
  if (!Number.isFinite(thresholdPct) || thresholdPct < 0)
    throw new TsiftError("invalid_input", `thresholdPct must be a number >= 0, got ${String(thresholdPct)}`);
  const lower = new Set(options.lowerIsBetter ?? []);
  const higher = new Set(options.higherIsBetter ?? []);
  const both = [...lower].filter((metric) => higher.has(metric));
  if (both.length) throw new TsiftError("usage", `${both[0]} cannot be both lower-is-better and higher-is-better`);

  const parsed = toRuns(input, "metric input");
  const runs = parsed.runs.filter((run) => Object.keys(run.metrics).length > 0);
  if (runs.length === 0) throw new TsiftError("invalid_input", "metric input has no run with a numeric metric");
  let inputBytes = parsed.bytes;
  let compared: MetricRun | null = null;
  let comparedFrom: MetricDigest["compared_from"] = "none";
  if (options.baseline !== undefined) {
    const baseline = toRuns(options.baseline, "baseline");
    inputBytes += baseline.bytes;
    compared = baseline.runs.filter((run) => Object.keys(run.metrics).length > 0).at(-1) ?? null;
    if (!compared) throw new TsiftError("invalid_input", "baseline has no run with a numeric metric");
    comparedFrom = "baseline";
  } else if (runs.length > 1) {
    compared = runs.at(-2)!;
    comparedFrom = "previous";
  }
  const current = runs.at(-1)!;

  const patterns = options.metrics ?? [];
  const wanted = (metric: string) => patterns.length === 0 || selected(metric, patterns);
  const names = Object.keys(current.metrics).filter(wanted).sort();
  if (patterns.length > 0 && names.length === 0) throw new TsiftError("not_found", `no metric matches ${patterns.join(", ")} in the latest run`);
  const deltas: MetricDelta[] = [];
  const added: string[] = [];
  for (const metric of names) {
    const before = compared?.metrics[metric];
    if (compared && before === undefined) added.push(metric);
    // Values near ±Number.MAX_VALUE can differ by more than a double holds; such a delta means nothing.
    else if (before !== undefined && Number.isFinite(current.metrics[metric]! - before))
      deltas.push(compare(metric, before, current.metrics[metric]!, lower, higher));
  }
  const removed = compared
    ? Object.keys(compared.metrics)
        .filter((metric) => wanted(metric) && current.metrics[metric] === undefined)
        .sort()
    : [];

  const counts: Record<MetricStatus, number> = { improved: 0, regressed: 0, unchanged: 0, changed: 0 };
  for (const delta of deltas) counts[delta.status]++;
  const ordered = [...deltas].sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || bySize(a, b));
  const improvements = deltas
    .filter((delta) => delta.status === "improved")
    .sort(bySize)
    .slice(0, top);
  const regressions = deltas
    .filter((delta) => delta.status === "regressed")
    .sort(bySize)
    .slice(0, top);

  const communityGate = communitySearchGate(current, compared);
  const failures: MetricGateVerdict["failures"] = [];
  for (const delta of deltas.filter((d) => d.status === "regressed").sort(bySize)) {
    const pct = delta.delta_pct;
    if (pct === null || Math.abs(pct) > thresholdPct)
      failures.push({
        metric: delta.metric,
        reason: pct === null ? `regressed from 0 to ${delta.current}` : `regressed ${Math.abs(pct)}% (threshold ${thresholdPct}%)`,
      });
  }
  if (communityGate?.status === "fail") failures.push({ metric: "community_search_gate", reason: "community-search gate failed" });
  const cappedFailures = capList(failures, limit);

  // The table's columns: the chosen metrics, else the ones that moved most.
  const columns = (patterns.length > 0 ? names : [...deltas].sort(bySize).map((delta) => delta.metric)).slice(0, HISTORY_COLUMNS);
  const tableRows = runs.slice(-historyRows).map((run, i, shown) => ({ run, name: runName(run, `run ${runs.length - shown.length + i + 1}`) }));
  if (comparedFrom === "baseline" && compared) tableRows.unshift({ run: compared, name: `baseline: ${runName(compared, "latest")}` });
  const shownDeltas = capList(ordered, limit);
  const shownAdded = capList(added, limit);
  const shownRemoved = capList(removed, limit);

  return withEconomy(inputBytes, {
    runs: runs.length,
    current: ref(current),
    compared_from: comparedFrom,
    compared: compared ? ref(compared) : null,
    metrics_total: names.length,
    counts,
    deltas: shownDeltas.items,
    deltas_total: shownDeltas.total,
    improvements,
    regressions,
    added: shownAdded.items,
    removed: shownRemoved.items,
    added_total: added.length,
    removed_total: removed.length,
    history_table: historyTable(tableRows, columns.length > 0 ? columns : names.slice(0, HISTORY_COLUMNS)),
    community_search_gate: communityGate,
    gate: { enforced: options.gate === true, status: failures.length ? "fail" : "pass", threshold_pct: thresholdPct, failures: cappedFailures.items },
    truncated: shownDeltas.truncated || shownAdded.truncated || shownRemoved.truncated || cappedFailures.truncated,
  });
}
