import { TsiftError } from "@tsift/core";
import { GATE_WORKLOADS, type GateWorkload } from "./perf-gate-rules";

/** One `graph-db backend-eval` run from the history file. */
export interface PerformanceSample {
  label: string;
  /** `<scope>-<workload>-<date>-sample-<N>`. */
  id: string;
  timestamp: string | null;
  /** The `<N>` of `sample-<N>` in the id, or null when the id does not end that way. */
  sample_index: number | null;
  /** Gate workloads this run measured, in gate order. */
  workloads: GateWorkload[];
  /**
   * Second key segment seen per workload, sorted. For review only: it also lists
   * non-backend groups such as `cache` or `refresh_phase`.
   */
  backends: Partial<Record<GateWorkload, string[]>>;
  /** Numeric metrics keyed `<workload>.<backend>.<operation>[.<sub>]`; other values are dropped. */
  metrics: Record<string, number>;
}

export interface PerformanceHistory {
  runs: PerformanceSample[];
  /** Tolerated oddities: duplicate ids (later copies dropped), non-numeric metrics, ids without a sample index. */
  warnings: string[];
}

/**
 * Parse a performance history such as `data/graph-db-performance-history.json` (JSON text, or the value
 * already parsed): an object with a `runs` array, or the array itself.
 *
 * Structure errors throw `TsiftError("invalid_input")` naming the run. Everything
 * binding is derived from `id` and `metrics`; extra run metadata (`workload`,
 * `backend`, `cache_state`, ...) is ignored, so other tools can add fields
 * without breaking the gate.
 */
export function parsePerformanceHistory(json: string | object): PerformanceHistory {
  const root = typeof json === "string" ? parseJson(json) : json;
  const runs = Array.isArray(root) ? root : isRecord(root) ? root.runs : undefined;
  if (!Array.isArray(runs)) {
    throw invalid("performance history must be an array of runs or an object with a `runs` array");
  }

  const warnings: string[] = [];
  const seen = new Set<string>();
  const samples: PerformanceSample[] = [];
  runs.forEach((run: unknown, position: number) => {
    const where = `run #${position}`;
    if (!isRecord(run)) throw invalid(`${where} must be an object`, { run: position });
    const label = run.label;
    const id = run.id;
    if (typeof label !== "string") throw invalid(`${where} is missing a string \`label\``, { run: position });
    if (typeof id !== "string" || id === "") throw invalid(`${where} is missing a string \`id\``, { run: position });
    const timestamp = run.timestamp;
    if (timestamp !== undefined && typeof timestamp !== "string") {
      throw invalid(`${where} (${id}) has a non-string \`timestamp\``, { run: position, id });
    }
    if (!isRecord(run.metrics)) {
      throw invalid(`${where} (${id}) must have a \`metrics\` object`, { run: position, id });
    }
    // Counting one run twice would manufacture evidence; keeping the first copy
    // can only make the gate stricter.
    if (seen.has(id)) {
      warnings.push(`${where}: duplicate id ${id} ignored`);
      return;
    }
    seen.add(id);

    const metrics: Record<string, number> = {};
    let dropped = 0;
    for (const [key, value] of Object.entries(run.metrics)) {
      if (typeof value === "number" && Number.isFinite(value)) metrics[key] = value;
      else dropped++;
    }
    if (dropped > 0) warnings.push(`${where} (${id}): ${dropped} non-numeric metric(s) ignored`);
    const sampleIndex = parseSampleIndex(id);
    if (sampleIndex === null) warnings.push(`${where}: id ${id} does not end in sample-<N>`);

    const { workloads, backends } = workloadsOf(metrics);
    samples.push({
      label,
      id,
      timestamp: timestamp ?? null,
      sample_index: sampleIndex,
      workloads,
      backends,
      metrics,
    });
  });
  return { runs: samples, warnings };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new TsiftError("invalid_input", `performance history is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

function parseSampleIndex(id: string): number | null {
  const match = /-sample-(\d+)$/.exec(id);
  return match === null ? null : Number(match[1]);
}

function workloadsOf(metrics: Record<string, number>): Pick<PerformanceSample, "workloads" | "backends"> {
  const byWorkload = new Map<GateWorkload, Set<string>>();
  for (const key of Object.keys(metrics)) {
    const parts = key.split(".");
    // `full_projection.edges` is a workload summary, not a backend measurement.
    if (parts.length < 3) continue;
    const workload = GATE_WORKLOADS.find((candidate) => candidate === parts[0]);
    if (workload === undefined) continue;
    let backends = byWorkload.get(workload);
    if (backends === undefined) byWorkload.set(workload, (backends = new Set()));
    backends.add(parts[1]!);
  }
  const workloads = GATE_WORKLOADS.filter((workload) => byWorkload.has(workload));
  const backends: Partial<Record<GateWorkload, string[]>> = {};
  for (const workload of workloads) backends[workload] = [...byWorkload.get(workload)!].sort();
  return { workloads, backends };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function invalid(message: string, details?: Record<string, unknown>): TsiftError {
  return new TsiftError("invalid_input", `performance history: ${message}`, details === undefined ? {} : { details });
}
