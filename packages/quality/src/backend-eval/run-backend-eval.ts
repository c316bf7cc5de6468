import { TsiftError, type GraphProjection, type GraphStore, type RefreshPhaseTiming } from "@tsift/core";
import type { GateWorkload } from "../perf-gate-rules";
import { HOP_CAP_CANDIDATE_TIERS, HOP_CAP_CURRENT_DEFAULT } from "../perf-gate-rules";
import { chooseProbes, type EvalProbes } from "./eval-probes";

/** One graph every backend loads and reads. */
export interface BackendEvalDataset {
  workload: GateWorkload;
  projection: GraphProjection;
  /** Probe choices that must not be derived (the deep chain's ends). */
  probes?: Partial<EvalProbes>;
  /** Extra flat metrics for this dataset (cache hit, source build time), added to every sample. */
  metrics?: Record<string, number>;
}

/** A backend under evaluation: opens a fresh, empty, writable store per dataset and sample. */
export interface BackendEvalBackend {
  id: string;
  open(workload: GateWorkload, sample: number): Promise<GraphStore>;
  /** Called after the store is closed (delete its file). */
  dispose?(workload: GateWorkload, sample: number): Promise<void>;
}

export interface RunBackendEvalOptions {
  datasets: readonly BackendEvalDataset[];
  /** The baseline first ("sqlite"), then candidates. */
  backends: readonly BackendEvalBackend[];
  /** Repeated runs; each is one history sample. Default 1. */
  samples?: number;
  /** Timed calls per read (after one warm-up); the median is reported. Default 5. */
  iterations?: number;
  /** Sink for progress lines (the CLI writes them to stderr). */
  onProgress?: (line: string) => void;
}

/** Reads measured on every dataset, in report order. */
export const BACKEND_EVAL_OPERATIONS = [
  "status",
  "node_lookup",
  "kind_scan",
  "kind_property_scan",
  "edge_lookup",
  "edge_property_scan",
  "incident_edges",
  "one_hop",
  "neighborhood",
  "path_max_hops",
  ...HOP_CAP_CANDIDATE_TIERS.map((tier) => `path_max_hops_${tier}`),
] as const;

export interface BackendEvalSample {
  sample: number;
  /** Flat metrics `<workload>.<backend>.<operation>.duration_micros` and friends. */
  metrics: Record<string, number>;
}

export interface BackendEvalParity {
  workload: GateWorkload;
  backend: string;
  status: "match" | "mismatch";
  /** Operations whose answer differed from the baseline's (first sample). */
  mismatches: string[];
}

export interface BackendEvalResult {
  baseline: string;
  candidates: string[];
  samples: BackendEvalSample[];
  parity: BackendEvalParity[];
  datasets: { workload: GateWorkload; nodes: number; edges: number; probes: EvalProbes }[];
}

type Operation = (store: GraphStore) => Promise<unknown>;

function operations(probes: EvalProbes): [string, Operation][] {
  const path =
    (maxHops: number): Operation =>
    (store) =>
      store.shortestPath(probes.pathFrom, probes.pathTo, { maxHops });
  return [
    ["status", async (store) => ({ counts: await store.counts(), hasEdge: (await store.sampleEdge()) !== null })],
    ["node_lookup", (store) => store.getNode(probes.nodeId)],
    ["kind_scan", (store) => store.nodesByKind(probes.kind, { limit: 50 })],
    ["kind_property_scan", (store) => store.nodesByKind(probes.kind, { properties: probes.kindProperty, limit: 50 })],
    ["edge_lookup", (store) => store.getEdge(probes.edgeId)],
    ["edge_property_scan", (store) => (probes.edgeProperty ? store.scanEdges({ properties: probes.edgeProperty, limit: 50 }) : Promise.resolve(null))],
    ["incident_edges", (store) => store.incidentEdges(probes.hubId, { limit: 50 })],
    ["one_hop", (store) => store.outgoingEdges(probes.hubId, { limit: 50 })],
    ["neighborhood", (store) => store.neighborhood(probes.nodeId, { depth: 2, limit: 100 })],
    ["path_max_hops", path(HOP_CAP_CURRENT_DEFAULT)],
    ...HOP_CAP_CANDIDATE_TIERS.map((tier): [string, Operation] => [`path_max_hops_${tier}`, path(tier)]),
  ];
}

const micros = (start: bigint) => Number((process.hrtime.bigint() - start) / 1000n);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** Rows a path answer returns (nodes on the path), the usefulness the hop-cap gate reads. */
function pathRows(answer: unknown): number {
  const path = (answer as { path?: { nodes: string[] } | null } | null)?.path;
  return path ? path.nodes.length : 0;
}

async function measureBackend(
  backend: BackendEvalBackend,
  dataset: BackendEvalDataset,
  probes: EvalProbes,
  sample: number,
  iterations: number,
  metrics: Record<string, number>,
): Promise<Map<string, string>> {
  const rows = dataset.projection.nodes.length + dataset.projection.edges.length;
  const per1k = (value: number) => Math.round((value * 1000 * 100) / Math.max(1, rows)) / 100;
  const prefix = `${dataset.workload}.${backend.id}`;
  const answers = new Map<string, string>();
  const store = await backend.open(dataset.workload, sample);
  try {
    const started = process.hrtime.bigint();
    const report = await store.replaceProjection(dataset.projection, { scope: "backend-eval" });
    const refresh = micros(started);
    metrics[`${prefix}.refresh.duration_micros`] = refresh;
    metrics[`${prefix}.refresh.duration_micros_per_1k_graph_rows`] = per1k(refresh);
    for (const phase of report.phase_timings as RefreshPhaseTiming[]) {
      metrics[`${prefix}.refresh.${phase.name}.duration_micros`] = phase.duration_micros;
      metrics[`${prefix}.refresh.${phase.name}.duration_micros_per_1k_graph_rows`] = per1k(phase.duration_micros);
    }
    let total = refresh;
    for (const [name, operation] of operations(probes)) {
      const answer = await operation(store);
      answers.set(name, JSON.stringify(answer));
      const timings: number[] = [];
      for (let i = 0; i < iterations; i++) {
        const start = process.hrtime.bigint();
        await operation(store);
        timings.push(micros(start));
      }
      const value = median(timings);
      total += value;
      metrics[`${prefix}.${name}.duration_micros`] = value;
      metrics[`${prefix}.${name}.duration_micros_per_1k_graph_rows`] = per1k(value);
      if (name.startsWith("path_max_hops")) metrics[`${prefix}.${name}.rows`] = pathRows(answer);
    }
    metrics[`${prefix}.total_duration_micros`] = total;
    metrics[`${prefix}.total_duration_micros_per_1k_graph_rows`] = per1k(total);
  } finally {
    await store.close();
    await backend.dispose?.(dataset.workload, sample);
  }
  return answers;
}

/**
 * Loads every dataset into every backend (a fresh store each time), times the refresh
 * and every read (median of `iterations` calls), and checks that each candidate answers
 * every read exactly as the baseline does. Each sample is one flat metric map, the
 * shape `data/graph-db-performance-history.json` stores and `metric-digest` reads.
 */
export async function runBackendEval(options: RunBackendEvalOptions): Promise<BackendEvalResult> {
  const [baseline, ...candidates] = options.backends;
  if (!baseline) throw new TsiftError("invalid_input", "backend-eval needs at least the baseline backend");
  const sampleCount = options.samples ?? 1;
  const iterations = options.iterations ?? 5;
  if (!Number.isInteger(sampleCount) || sampleCount < 1) throw new TsiftError("invalid_input", `samples must be a whole number >= 1, got ${sampleCount}`);
  const probesByWorkload = new Map(options.datasets.map((dataset) => [dataset.workload, chooseProbes(dataset.projection, dataset.probes)]));
  const parity = new Map<string, BackendEvalParity>();
  const samples: BackendEvalSample[] = [];
  for (let sample = 1; sample <= sampleCount; sample++) {
    const metrics: Record<string, number> = {};
    for (const dataset of options.datasets) {
      Object.assign(metrics, dataset.metrics ?? {});
      const probes = probesByWorkload.get(dataset.workload)!;
      options.onProgress?.(`sample ${sample}/${sampleCount}: ${dataset.workload} on ${baseline.id}`);
      const expected = await measureBackend(baseline, dataset, probes, sample, iterations, metrics);
      for (const candidate of candidates) {
        options.onProgress?.(`sample ${sample}/${sampleCount}: ${dataset.workload} on ${candidate.id}`);
        const answers = await measureBackend(candidate, dataset, probes, sample, iterations, metrics);
        const key = `${dataset.workload}\0${candidate.id}`;
        const entry = parity.get(key) ?? { workload: dataset.workload, backend: candidate.id, status: "match" as const, mismatches: [] };
        for (const [name, answer] of answers) if (expected.get(name) !== answer && !entry.mismatches.includes(name)) entry.mismatches.push(name);
        entry.status = entry.mismatches.length > 0 ? "mismatch" : "match";
        parity.set(key, entry);
      }
    }
    samples.push({ sample, metrics });
  }
  return {
    baseline: baseline.id,
    candidates: candidates.map((candidate) => candidate.id),
    samples,
    parity: [...parity.values()],
    datasets: options.datasets.map((dataset) => ({
      workload: dataset.workload,
      nodes: dataset.projection.nodes.length,
      edges: dataset.projection.edges.length,
      probes: probesByWorkload.get(dataset.workload)!,
    })),
  };
}
