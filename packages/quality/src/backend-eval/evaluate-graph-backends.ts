import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join, relative, resolve } from "node:path";
import type { GraphStore } from "@tsift/core";
import type { IndexLocation } from "@tsift/index";
import { parsePerformanceHistory } from "../parse-performance-history";
import { shippedPerformanceHistoryPath } from "../shipped-history";
import type { EvalProbes } from "./eval-probes";
import { historyEntries, performanceGateDecision, type PerformanceGateDecision } from "./performance-gate";
import { readProjectionCache, writeProjectionCache } from "./projection-cache";
import { runBackendEval, type BackendEvalBackend, type BackendEvalDataset, type BackendEvalParity } from "./run-backend-eval";
import { deepChainEnds, deepChainGraph, HIGH_DEGREE_HUB, highDegreeGraph } from "./synthetic-graphs";

/** Where the suggested follow-up run records its samples when no history was named. */
const PROJECT_HISTORY = "graph-db-performance-history.json";

export interface EvaluateGraphBackendsOptions {
  /** The project root: histories resolve against it and reports name files relative to it. */
  root: string;
  /** Workspace scope id, or undefined for the project's own graph. */
  scope?: string | undefined;
  /** The index whose code projection gives the `real` (and `full_projection`) workloads; null: skipped with a note. */
  index: IndexLocation | null;
  /** The project as notes name it (`tsift index <pathArg>`). */
  pathArg: string;
  /** `tsift graph-db …` as suggested commands spell it for this project. */
  commandPrefix: string;
  /** Opens a fresh store of backend `id` at `path`: the caller picks the adapters ("sqlite" is the baseline). */
  openBackend: (id: string, path: string) => Promise<GraphStore>;
  candidates: readonly string[];
  samples: number;
  iterations: number;
  /** Also the cached full projection. */
  fullProjection: boolean;
  /** History the gate reads (default: the history this package ships). */
  history?: string | undefined;
  /** Append this run's samples to a history file (created when missing). */
  appendHistory?: string | undefined;
  onProgress?: (line: string) => void;
}

/** What `tsift graph-db backend-eval --json` reports. */
export interface BackendEvalData {
  operation: "backend-eval";
  baseline: string;
  candidates: string[];
  samples: number;
  iterations: number;
  datasets: { workload: string; nodes: number; edges: number; probes: EvalProbes }[];
  parity: BackendEvalParity[];
  /** Per metric, the median over this run's samples. */
  metrics: Record<string, number>;
  performance_gate: (PerformanceGateDecision & { history: string; status: "evaluated" }) | { history: string; status: "missing_history" };
  appended_runs: string[];
  metric_digest_command: string;
  repeated_sample_command: string;
  notes: string[];
}

function backend(id: string, dir: string, open: EvaluateGraphBackendsOptions["openBackend"]): BackendEvalBackend {
  const file = (workload: string, sample: number) => join(dir, `${id}-${workload}-${sample}.db`);
  return {
    id,
    open: (workload, sample) => open(id, file(workload, sample)),
    async dispose(workload, sample) {
      for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${file(workload, sample)}${suffix}`, { force: true });
    },
  };
}

const micros = (start: bigint) => Number((process.hrtime.bigint() - start) / 1000n);

/** The real (and optionally full-projection) datasets from the project's code index. */
async function codeDatasets(options: EvaluateGraphBackendsOptions, notes: string[]): Promise<BackendEvalDataset[]> {
  const location = options.index;
  if (!location || !existsSync(location.dbPath)) {
    notes.push(`no code index under ${options.pathArg}: the real and full-projection workloads were skipped (run \`tsift index\`)`);
    return [];
  }
  const { codeGraphSourceState, projectCodeGraph } = await import("@tsift/index/code-graph");
  const { openIndexReader } = await import("@tsift/index/indexer");
  const scope = options.scope ?? "root";
  const reader = openIndexReader(location);
  try {
    const started = process.hrtime.bigint();
    const source = codeGraphSourceState(reader.database);
    const real = projectCodeGraph(reader.database, { scope, sourceState: source });
    const build = micros(started);
    const datasets: BackendEvalDataset[] = [{ workload: "real", projection: real.projection, metrics: { "real.source_graph_build.duration_micros": build } }];
    if (options.fullProjection) {
      const cacheDir = join(options.root, ".tsift", "backend-eval-cache", ...scope.split("/"));
      const lookup = process.hrtime.bigint();
      const hit = readProjectionCache(cacheDir, source.watermark);
      const lookupMicros = micros(lookup);
      const metrics: Record<string, number> = { "full_projection.cache.lookup_micros": lookupMicros };
      let projection = hit?.projection;
      if (hit) {
        // A hit reuses the provider-neutral rows: nothing was rebuilt, so both build timings are 0.
        Object.assign(metrics, {
          "full_projection.cache.hit": 1,
          "full_projection.source_graph_build.duration_micros": 0,
          "full_projection.projection_rows.duration_micros": 0,
          "full_projection.cache.disk_bytes": hit.diskBytes,
          "full_projection.cache.compression_ratio": hit.compressionRatio,
        });
      } else {
        const rebuilt = process.hrtime.bigint();
        projection = projectCodeGraph(reader.database, { scope, sourceState: source }).projection;
        const built = micros(rebuilt);
        const written = writeProjectionCache(cacheDir, source.watermark, projection);
        Object.assign(metrics, {
          "full_projection.cache.hit": 0,
          "full_projection.source_graph_build.duration_micros": built,
          "full_projection.projection_rows.duration_micros": 0,
          "full_projection.cache.disk_bytes": written.diskBytes,
          "full_projection.cache.compression_ratio": written.compressionRatio,
        });
        notes.push("full-projection cache miss: rows were built and cached; cache-miss samples are diagnostic, not gate evidence (rerun for a cache hit)");
      }
      datasets.push({ workload: "full_projection", projection: projection!, metrics });
    }
    return datasets;
  } finally {
    await reader.close();
  }
}

function medians(samples: readonly { metrics: Record<string, number> }[]): Record<string, number> {
  const values = new Map<string, number[]>();
  for (const sample of samples) for (const [key, value] of Object.entries(sample.metrics)) (values.get(key) ?? values.set(key, []).get(key)!).push(value);
  const out: Record<string, number> = {};
  for (const key of [...values.keys()].sort()) {
    const sorted = values.get(key)!.sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    out[key] = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  }
  return out;
}

/** A file as reports name it: relative to the root when inside it. */
function displayPath(root: string, path: string): string {
  const rel = relative(root, path);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel.split("\\").join("/") : path;
}

/**
 * `tsift graph-db backend-eval`: SQLite against each candidate on the real code
 * projection (plus the cached full projection with `fullProjection`) and the synthetic
 * high-degree and deep-chain graphs, with row-for-row parity, flat metrics and the
 * performance gate's binding decision read from the recorded history.
 */
export async function evaluateGraphBackends(options: EvaluateGraphBackendsOptions): Promise<BackendEvalData> {
  const candidates = [...new Set(options.candidates)];
  const notes: string[] = [];
  const { head, tail } = deepChainEnds();
  const datasets: BackendEvalDataset[] = [
    ...(await codeDatasets(options, notes)),
    { workload: "synthetic_high_degree", projection: highDegreeGraph(), probes: { nodeId: HIGH_DEGREE_HUB, hubId: HIGH_DEGREE_HUB } },
    { workload: "synthetic_deep_chain", projection: deepChainGraph(), probes: { nodeId: head, pathFrom: head, pathTo: tail } },
  ];
  const dir = mkdtempSync(join(tmpdir(), "tsift-backend-eval-"));
  let result: Awaited<ReturnType<typeof runBackendEval>>;
  try {
    result = await runBackendEval({
      datasets,
      backends: [backend("sqlite", dir, options.openBackend), ...candidates.map((id) => backend(id, dir, options.openBackend))],
      samples: options.samples,
      iterations: options.iterations,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const appended: string[] = [];
  if (options.appendHistory) {
    const path = resolve(options.root, options.appendHistory);
    const document = existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as { runs?: unknown[] } | unknown[]) : { runs: [] };
    const runs = Array.isArray(document) ? document : (document.runs ??= []);
    const entries = historyEntries(result, {
      scope: options.scope ?? (options.root.split(/[\\/]/).pop() || "root"),
      now: new Date(),
      cacheState: datasets.some((d) => d.metrics?.["full_projection.cache.hit"] === 1) ? "cache_hit" : "cold",
    });
    runs.push(...entries);
    writeFileSync(path, `${JSON.stringify(document, null, 2)}\n`);
    appended.push(...entries.map((entry) => entry.id));
  }
  const chosen = options.history ?? options.appendHistory;
  const historyPath = chosen === undefined ? shippedPerformanceHistoryPath() : resolve(options.root, chosen);
  const history = displayPath(options.root, historyPath);
  // New samples go to a project file: the shipped history is read-only evidence.
  const appendTo = chosen === undefined ? PROJECT_HISTORY : history;
  const gate: BackendEvalData["performance_gate"] = existsSync(historyPath)
    ? {
        history,
        status: "evaluated",
        ...performanceGateDecision(parsePerformanceHistory(readFileSync(historyPath, "utf8")), candidates.length ? candidates : ["libsql"]),
      }
    : { history, status: "missing_history" };
  if (gate.status === "missing_history") notes.push(`no performance history at ${history}: record samples with --append-history ${history}`);
  return {
    operation: "backend-eval",
    baseline: result.baseline,
    candidates: result.candidates,
    samples: options.samples,
    iterations: options.iterations,
    datasets: result.datasets,
    parity: result.parity,
    metrics: medians(result.samples),
    performance_gate: gate,
    appended_runs: appended,
    metric_digest_command: `tsift metric-digest --baseline ${history} <backend-eval.json>`,
    repeated_sample_command: `${options.commandPrefix} backend-eval ${candidates.map((id) => `--candidate ${id}`).join(" ")} --samples 3 --full-projection --append-history ${appendTo} --json`,
    notes,
  };
}
