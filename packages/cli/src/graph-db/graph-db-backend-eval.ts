import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { TsiftError, type GraphStore } from "@tsift/core";
import type { BackendEvalBackend, BackendEvalDataset, BackendEvalParity, EvalProbes, PerformanceGateDecision } from "@tsift/quality";
import { commandResult, type CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import { defineOutput } from "../output/output-spec";
import { graphDbPrefix, indexLocationFor } from "./graph-db-context";
import { displayPath, type GraphDbTarget } from "./open-graph-store";
import { loadLibsql } from "./load-libsql";

/** Backends backend-eval can load besides the SQLite baseline. */
export const BACKEND_EVAL_CANDIDATES = ["libsql"] as const;
/** Where the suggested follow-up run records its samples when no history was named. */
const PROJECT_HISTORY = "graph-db-performance-history.json";

export interface BackendEvalFlags {
  candidates: string[];
  samples: number;
  iterations: number;
  fullProjection: boolean;
  /** History the gate reads (default: the history @tsift/quality ships; never a file the project must provide). */
  history?: string | undefined;
  /** Append this run's samples to a history file (created when missing). */
  appendHistory?: string | undefined;
  progress?: (line: string) => void;
}

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

async function openBackend(id: string, path: string): Promise<GraphStore> {
  if (id === "sqlite") return (await import("@tsift/sqlite")).openSqliteGraphStore(path);
  if (id === "libsql") return (await loadLibsql()).openLibsqlGraphStore(path);
  throw new TsiftError("usage", `unknown backend-eval candidate ${id}; choose from ${BACKEND_EVAL_CANDIDATES.join(", ")}`);
}

function backend(id: string, dir: string): BackendEvalBackend {
  const file = (workload: string, sample: number) => join(dir, `${id}-${workload}-${sample}.db`);
  return {
    id,
    open: (workload, sample) => openBackend(id, file(workload, sample)),
    async dispose(workload, sample) {
      for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${file(workload, sample)}${suffix}`, { force: true });
    },
  };
}

const micros = (start: bigint) => Number((process.hrtime.bigint() - start) / 1000n);

/** The real (and optionally full-projection) datasets from the project's code index. */
async function codeDatasets(target: GraphDbTarget, fullProjection: boolean, notes: string[]): Promise<BackendEvalDataset[]> {
  const location = await indexLocationFor(target);
  if (!existsSync(location.dbPath)) {
    notes.push(`no code index under ${target.pathArg}: the real and full-projection workloads were skipped (run \`tsift index\`)`);
    return [];
  }
  const { codeGraphSourceState, projectCodeGraph } = await import("@tsift/index/code-graph");
  const { openIndexReader } = await import("@tsift/index/indexer");
  const reader = openIndexReader(location);
  try {
    const started = process.hrtime.bigint();
    const source = codeGraphSourceState(reader.database);
    const real = projectCodeGraph(reader.database, { scope: target.scope ?? "root", sourceState: source });
    const build = micros(started);
    const datasets: BackendEvalDataset[] = [{ workload: "real", projection: real.projection, metrics: { "real.source_graph_build.duration_micros": build } }];
    if (fullProjection) {
      const { readProjectionCache, writeProjectionCache } = await import("@tsift/quality");
      const cacheDir = join(target.root, ".tsift", "backend-eval-cache", ...(target.scope ?? "root").split("/"));
      const lookup = process.hrtime.bigint();
      const hit = readProjectionCache(cacheDir, source.watermark);
      const lookupMicros = micros(lookup);
      const metrics: Record<string, number> = { "full_projection.cache.lookup_micros": lookupMicros };
      let projection = hit?.projection;
      if (hit) {
        // A hit reuses the provider-neutral rows: nothing was rebuilt, so both build timings are 0.
        Object.assign(metrics, { "full_projection.cache.hit": 1, "full_projection.source_graph_build.duration_micros": 0, "full_projection.projection_rows.duration_micros": 0, "full_projection.cache.disk_bytes": hit.diskBytes, "full_projection.cache.compression_ratio": hit.compressionRatio });
      } else {
        const rebuilt = process.hrtime.bigint();
        projection = projectCodeGraph(reader.database, { scope: target.scope ?? "root", sourceState: source }).projection;
        const built = micros(rebuilt);
        const written = writeProjectionCache(cacheDir, source.watermark, projection);
        Object.assign(metrics, { "full_projection.cache.hit": 0, "full_projection.source_graph_build.duration_micros": built, "full_projection.projection_rows.duration_micros": 0, "full_projection.cache.disk_bytes": written.diskBytes, "full_projection.cache.compression_ratio": written.compressionRatio });
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

/**
 * `graph-db backend-eval`: SQLite against each candidate on the real code projection
 * (plus the cached full projection with `--full-projection`) and the synthetic
 * high-degree and deep-chain graphs, with row-for-row parity, flat metrics and the
 * performance gate's binding decision read from the recorded history.
 */
export async function graphDbBackendEval(target: GraphDbTarget, flags: BackendEvalFlags): Promise<CommandResult<BackendEvalData>> {
  const quality = await import("@tsift/quality");
  const candidates = [...new Set(flags.candidates)];
  for (const id of candidates) if (!(BACKEND_EVAL_CANDIDATES as readonly string[]).includes(id)) throw new TsiftError("usage", `unknown backend-eval candidate ${id}; choose from ${BACKEND_EVAL_CANDIDATES.join(", ")}`);
  const notes: string[] = [];
  const { head, tail } = quality.deepChainEnds();
  const datasets: BackendEvalDataset[] = [
    ...(await codeDatasets(target, flags.fullProjection, notes)),
    { workload: "synthetic_high_degree", projection: quality.highDegreeGraph(), probes: { nodeId: quality.HIGH_DEGREE_HUB, hubId: quality.HIGH_DEGREE_HUB } },
    { workload: "synthetic_deep_chain", projection: quality.deepChainGraph(), probes: { nodeId: head, pathFrom: head, pathTo: tail } },
  ];
  const dir = mkdtempSync(join(tmpdir(), "tsift-backend-eval-"));
  let result: Awaited<ReturnType<typeof quality.runBackendEval>>;
  try {
    result = await quality.runBackendEval({
      datasets,
      backends: [backend("sqlite", dir), ...candidates.map((id) => backend(id, dir))],
      samples: flags.samples,
      iterations: flags.iterations,
      ...(flags.progress ? { onProgress: flags.progress } : {}),
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const appended: string[] = [];
  if (flags.appendHistory) {
    const path = resolve(target.root, flags.appendHistory);
    const document = existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as { runs?: unknown[] } | unknown[]) : { runs: [] };
    const runs = Array.isArray(document) ? document : (document.runs ??= []);
    const entries = quality.historyEntries(result, { scope: target.scope ?? (target.root.split(/[\\/]/).pop() || "root"), now: new Date(), cacheState: datasets.some((d) => d.metrics?.["full_projection.cache.hit"] === 1) ? "cache_hit" : "cold" });
    runs.push(...entries);
    writeFileSync(path, `${JSON.stringify(document, null, 2)}\n`);
    appended.push(...entries.map((entry) => entry.id));
  }
  const chosen = flags.history ?? flags.appendHistory;
  const historyPath = chosen === undefined ? quality.shippedPerformanceHistoryPath() : resolve(target.root, chosen);
  const history = displayPath(target.root, historyPath);
  // New samples go to a project file: the shipped history is read-only evidence.
  const appendTo = chosen === undefined ? PROJECT_HISTORY : history;
  const gate: BackendEvalData["performance_gate"] = existsSync(historyPath)
    ? { history, status: "evaluated", ...quality.performanceGateDecision(quality.parsePerformanceHistory(readFileSync(historyPath, "utf8")), candidates.length ? candidates : ["libsql"]) }
    : { history, status: "missing_history" };
  if (gate.status === "missing_history") notes.push(`no performance history at ${history}: record samples with --append-history ${history}`);
  const prefix = graphDbPrefix(target);
  const data: BackendEvalData = {
    operation: "backend-eval",
    baseline: result.baseline,
    candidates: result.candidates,
    samples: flags.samples,
    iterations: flags.iterations,
    datasets: result.datasets,
    parity: result.parity,
    metrics: medians(result.samples),
    performance_gate: gate,
    appended_runs: appended,
    metric_digest_command: `tsift metric-digest --baseline ${history} <backend-eval.json>`,
    repeated_sample_command: `${prefix} backend-eval ${candidates.map((id) => `--candidate ${id}`).join(" ")} --samples 3 --full-projection --append-history ${appendTo} --json`,
    notes,
  };
  const mismatched = result.parity.filter((entry) => entry.status === "mismatch");
  return commandResult(data, backendEvalOutput, {
    root: target.root,
    exitCode: mismatched.length ? EXIT_CODES.checkFailed : EXIT_CODES.ok,
    notes: [...notes.map((note) => `note: ${note}`), ...mismatched.map((entry) => `tsift: ${entry.backend} answers differ from sqlite on ${entry.workload}: ${entry.mismatches.join(", ")}`)],
  });
}

const ms = (value: number | undefined) => (value === undefined ? "-" : `${(value / 1000).toFixed(value >= 10_000 ? 0 : 2)}ms`);

export const backendEvalOutput = defineOutput<BackendEvalData>({
  tool: "graph-db",
  pathKeys: [],
  text: (data) => {
    const backends = [data.baseline, ...data.candidates];
    const lines = [`graph-db backend-eval: ${backends.join(" vs ")}, ${data.samples} sample(s), median of ${data.iterations} call(s) per read`];
    for (const dataset of data.datasets) {
      lines.push(`  ${dataset.workload} (${dataset.nodes} nodes, ${dataset.edges} edges)`);
      for (const metric of ["refresh.duration_micros", "total_duration_micros", "path_max_hops.duration_micros", "neighborhood.duration_micros"]) {
        lines.push(`    ${metric.replace(".duration_micros", "").padEnd(16)} ${backends.map((id) => `${id} ${ms(data.metrics[`${dataset.workload}.${id}.${metric}`])}`).join("  ")}`);
      }
    }
    for (const entry of data.parity) lines.push(`  parity ${entry.workload}/${entry.backend}: ${entry.status}${entry.mismatches.length ? ` (${entry.mismatches.join(", ")})` : ""}`);
    const gate = data.performance_gate;
    if (gate.status === "evaluated") {
      for (const candidate of gate.candidates) lines.push(`  gate ${candidate.candidate}: ${candidate.decision}${candidate.reasons[0] ? ` (${candidate.reasons[0]})` : ""}`);
      lines.push(`  hop cap: ${gate.hop_cap.map((tier) => `${tier.candidate_hops} ${tier.decision}`).join(", ")}`);
    } else lines.push(`  gate: no history at ${gate.history}`);
    lines.push(`next: ${data.repeated_sample_command}`);
    return lines.join("\n");
  },
  envelope: {
    view: "report",
    summary: (data) => `backend-eval ${[data.baseline, ...data.candidates].join(" vs ")}`,
    metrics: (data) => [
      { label: "samples", value: data.samples },
      { label: "parity", value: data.parity.every((entry) => entry.status === "match") ? "match" : "mismatch" },
      ...(data.performance_gate.status === "evaluated" ? data.performance_gate.candidates.map((c) => ({ label: `gate_${c.candidate}`, value: c.decision })) : []),
    ],
    followUp: (data) => [data.repeated_sample_command, data.metric_digest_command],
    truncated: () => false,
  },
});
