import { TsiftError } from "@tsift/core/light";
import type { MetricRun } from "./metric-digest-types";

/** Fields of a run object that identify it rather than measure it. */
const META_FIELDS = new Set(["label", "id", "timestamp", "metrics", "sample_index", "runs"]);
const MAX_DEPTH = 8;
const MAX_METRICS_PER_RUN = 100_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

/** Numbers (and booleans as 1/0) under `value`, nested objects flattened to dotted names; `count` tracks the cap without re-counting keys. */
function collect(value: unknown, prefix: string, out: Record<string, number>, depth: number, count = { n: 0 }): void {
  if (count.n >= MAX_METRICS_PER_RUN) return;
  if (typeof value === "number" || typeof value === "boolean") {
    if (prefix === "" || (typeof value === "number" && !Number.isFinite(value))) return;
    if (!(prefix in out)) count.n++;
    out[prefix] = typeof value === "number" ? value : value ? 1 : 0;
  } else if (isRecord(value) && depth < MAX_DEPTH) {
    for (const [key, inner] of Object.entries(value)) collect(inner, prefix === "" ? key : `${prefix}.${key}`, out, depth + 1, count);
  }
}

function toRun(value: unknown, where: string): MetricRun {
  if (!isRecord(value)) throw new TsiftError("invalid_input", `${where} is not a run object (expected {label?, id?, timestamp?, metrics} or numeric fields)`);
  // No prototype: a metric named "constructor" or "toString" must not find Object's methods.
  const metrics = Object.create(null) as Record<string, number>;
  if (value.metrics !== undefined) {
    if (!isRecord(value.metrics)) throw new TsiftError("invalid_input", `${where}: metrics must be an object of numbers`);
    collect(value.metrics, "", metrics, 0);
  } else {
    const count = { n: 0 };
    for (const [key, inner] of Object.entries(value)) if (!META_FIELDS.has(key)) collect(inner, key, metrics, 1, count);
  }
  return { label: text(value.label), id: text(value.id), timestamp: text(value.timestamp), metrics };
}

/** Runs from an already-parsed value: `{metrics}`, `{runs: []}`, or an array of runs. */
export function runsFromValue(value: unknown, what: string): MetricRun[] {
  if (Array.isArray(value)) return value.map((run, i) => toRun(run, `${what} run ${i + 1}`));
  if (isRecord(value) && Array.isArray(value.runs)) return value.runs.map((run, i) => toRun(run, `${what} run ${i + 1}`));
  if (isRecord(value)) return [toRun(value, what)];
  throw new TsiftError("invalid_input", `${what} is not a metric run, a {runs: [...]} history or an array of runs`);
}

/**
 * Metric runs from text in any accepted shape: one JSON document (an object with
 * `metrics`, an object with `runs`, an array of runs) or NDJSON with one run per line.
 * Malformed input is `invalid_input` naming the first bad line, never a crash.
 */
export function parseMetricRuns(source: string, what = "metric input"): MetricRun[] {
  const trimmed = source.replace(/^\uFEFF/, "").trim();
  if (trimmed === "") throw new TsiftError("invalid_input", `${what} is empty: expected JSON or NDJSON metric runs`);
  let whole: unknown;
  let wholeError: unknown = null;
  try {
    whole = JSON.parse(trimmed);
  } catch (error) {
    wholeError = error;
  }
  if (wholeError === null) return runsFromValue(whole, what);
  const lines = trimmed.split(/\r?\n/);
  if (lines.length < 2) throw new TsiftError("invalid_input", `${what} is not valid JSON: ${(wholeError as Error).message}`);
  const runs: MetricRun[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new TsiftError("invalid_input", `${what} line ${i + 1} is not valid JSON (NDJSON needs one run object per line): ${(error as Error).message}`, {
        details: { line: i + 1 },
      });
    }
    runs.push(toRun(value, `${what} line ${i + 1}`));
  });
  return runs;
}
