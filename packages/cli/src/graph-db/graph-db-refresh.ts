import { TsiftError, isTsiftError, type GraphCounts, type GraphStore, type RefreshPhaseTiming, type SqlGraphFileStats, type TsiftErrorCode } from "@tsift/core";
import type { CodeGraphRefreshReport, CodeGraphRowDelta } from "@tsift/index/code-graph";
import { commandResult, type CommandResult } from "../command-result";
import { defineOutput } from "../output/output-spec";
import { graphDbPrefix, indexLocationFor, isLocalFileBackend, localPrefix, requireIndexHint, tsiftCommand, withGraphWriteLock } from "./graph-db-context";
import type { RefreshWorkerInput, RefreshWorkerOutput } from "./refresh-worker";
import { openGraphStore, type GraphDbTarget } from "./open-graph-store";

export interface RefreshFlags {
  force?: boolean;
  /** Run the incremental index update first (traverse does; `graph-db refresh --update-index`). */
  updateIndex?: boolean;
}

/** How graph.db is kept small, and the commands that do it. */
export interface CompactionPolicy {
  tombstone_retention: "retain_until_convex_reconciled";
  tombstones: number;
  file_size_bytes: number | null;
  freelist_bytes: number | null;
  vacuum_recommended: boolean;
  compact_command: string;
  prune_command: string;
}

export interface RefreshData {
  operation: "refresh";
  status: "current";
  materialized: true;
  mode: CodeGraphRefreshReport["mode"];
  backend: string;
  location: string;
  freshness: { projection_version: string; content_hash: string | null; source_watermark: string; source_content_hash: string };
  counts: GraphCounts;
  delta: CodeGraphRefreshReport["delta"];
  tombstones: CodeGraphRefreshReport["tombstones"];
  phase_timings: RefreshPhaseTiming[];
  compaction_policy: CompactionPolicy;
  index: CodeGraphRefreshReport["index"];
  stats: CodeGraphRefreshReport["stats"];
  next_commands: string[];
}

/** Free pages worth a VACUUM: a quarter of the file and at least 1 MiB (as doctor warns). */
const VACUUM_FREE_RATIO = 0.25;
const VACUUM_FREE_BYTES = 1 << 20;

async function fileStatsOf(store: GraphStore): Promise<SqlGraphFileStats | null> {
  const probe = (store as { fileStats?: () => Promise<SqlGraphFileStats | null> }).fileStats;
  return typeof probe === "function" ? probe.call(store) : null;
}

export async function compactionPolicy(store: GraphStore, target: GraphDbTarget, tombstones: number, known?: SqlGraphFileStats | null): Promise<CompactionPolicy> {
  const file = known !== undefined ? known : await fileStatsOf(store);
  const prefix = graphDbPrefix(target);
  return {
    tombstone_retention: "retain_until_convex_reconciled",
    tombstones,
    file_size_bytes: file?.size_bytes ?? null,
    freelist_bytes: file?.freelist_bytes ?? null,
    vacuum_recommended: file ? file.freelist_bytes >= VACUUM_FREE_BYTES && file.freelist_bytes >= file.size_bytes * VACUUM_FREE_RATIO : false,
    compact_command: `${prefix} compact --apply`,
    prune_command: `${prefix} compact --apply --prune-tombstones --confirmed-convex-reconciled`,
  };
}

/** Next steps after a refresh: check it, compare it with Convex, plan the sync (SPEC). */
export function refreshNextCommands(target: GraphDbTarget): string[] {
  return [`${graphDbPrefix(target)} doctor`, `${localPrefix(target)} drift --backend convex-snapshot --convex-snapshot <rows.json>`, `${tsiftCommand(target, "convex-sync")} --snapshot <rows.json> --json`];
}

/** Young-generation size for the rebuild thread, MiB (V8's default semi-space is 16). */
const REBUILD_YOUNG_GENERATION_MB = 64;

/**
 * Runs a projection rebuild on a worker thread with a large young generation. A rebuild
 * allocates a short-lived object per row (nodes, edges, their properties and encodings),
 * and with V8's default 16 MiB semi-space the scavenger copies the survivors over and
 * over: on effect's src/ (80k rows) a larger young generation cuts the rebuild's CPU by
 * about 30%. Node cannot raise it for the running thread, but a worker gets its own heap
 * limits. From source (tests) there is no built worker file: the rebuild runs here.
 */
async function rebuildOnWorker(input: RefreshWorkerInput): Promise<RefreshWorkerOutput | null> {
  const url = new URL("./refresh-worker.js", import.meta.url);
  const { existsSync } = await import("node:fs");
  if (!existsSync(url)) return null;
  const { Worker } = await import("node:worker_threads");
  return new Promise((resolve, reject) => {
    const worker = new Worker(url, { workerData: input, resourceLimits: { maxYoungGenerationSizeMb: REBUILD_YOUNG_GENERATION_MB } });
    worker.once("message", (message: RefreshWorkerOutput) => resolve(message));
    worker.once("error", reject);
    worker.once("exit", (code) => (code === 0 ? undefined : reject(new TsiftError("internal", `the graph refresh worker exited with code ${code}`))));
  });
}

function workerError(error: Extract<RefreshWorkerOutput, { ok: false }>["error"]): Error {
  if (error.name === "TsiftError" && error.code) {
    return new TsiftError(error.code as TsiftErrorCode, error.message, { ...(error.hint ? { hint: error.hint } : {}), ...(error.details ? { details: error.details } : {}) });
  }
  return new Error(error.message);
}

/**
 * Materializes the code projection into the target store under the graph writer lock:
 * `cached_source_watermark_reuse` when nothing the projection depends on changed (on
 * this thread: a watermark read and a lookup), otherwise a transactional delta refresh
 * (`cold_source_graph_rebuild`) on a worker thread for local files.
 */
export async function refreshTarget(target: GraphDbTarget, flags: RefreshFlags = {}): Promise<{ report: CodeGraphRefreshReport; data: RefreshData }> {
  if (target.backend === "convex-snapshot") {
    throw new TsiftError("read_only", "a Convex snapshot is read-only: refresh the local store, then sync it", { hint: `${localPrefix(target)} refresh && ${tsiftCommand(target, "convex-sync")} --snapshot <rows.json>` });
  }
  const location = await indexLocationFor(target);
  const { existsSync } = await import("node:fs");
  if (!existsSync(location.dbPath)) throw requireIndexHint(target);
  const { isCurrentProjection, readCodeGraphSourceState, refreshCodeGraph, updateIndexForRefresh } = await import("@tsift/index/code-graph");
  const scope = target.scope ?? "root";
  return withGraphWriteLock(target, async () => {
    const started = process.hrtime.bigint();
    const index = flags.updateIndex ? await updateIndexForRefresh(location) : null;
    const indexMicros = Number((process.hrtime.bigint() - started) / 1000n);
    let opened = await openGraphStore(target, { readOnly: false });
    let report: CodeGraphRefreshReport;
    let file: SqlGraphFileStats | null | undefined;
    try {
      const source = await readCodeGraphSourceState(location);
      const current = !flags.force && isCurrentProjection(await opened.store.projectionStatus(scope), source);
      const outcome = current || !isLocalFileBackend(target) ? null : await (async () => {
        // The rebuild opens its own connection; this one must not hold the file meanwhile.
        await opened.store.close();
        try {
          return await rebuildOnWorker({ target, location, scope, force: Boolean(flags.force) });
        } finally {
          opened = await openGraphStore(target, { readOnly: false });
        }
      })();
      if (outcome && !outcome.ok) throw workerError(outcome.error);
      if (outcome) {
        report = outcome.report;
        file = outcome.file;
      } else {
        report = await refreshCodeGraph(opened.store, location, { scope, sourceState: source, ...(flags.force ? { force: true } : {}) });
      }
      if (index) {
        report.index = index;
        report.phase_timings.unshift({ name: "index_update", duration_micros: indexMicros, detail: index.warning ?? `${index.changed_files} changed file(s)` });
      }
      const data: RefreshData = {
        operation: "refresh",
        status: "current",
        materialized: true,
        mode: report.mode,
        backend: opened.store.backend,
        location: opened.location,
        freshness: { projection_version: report.projection_version, content_hash: report.content_hash, source_watermark: report.source_watermark, source_content_hash: report.source_content_hash },
        counts: report.counts,
        delta: report.delta,
        tombstones: report.tombstones,
        phase_timings: report.phase_timings,
        compaction_policy: await compactionPolicy(opened.store, target, report.counts.tombstones.total, file),
        index: report.index,
        stats: report.stats,
        next_commands: refreshNextCommands(target),
      };
      return { report, data };
    } catch (error) {
      if (isTsiftError(error, "index_missing")) throw requireIndexHint(target);
      throw error;
    } finally {
      await opened.store.close();
    }
  });
}

const delta = (d: CodeGraphRowDelta) => `+${d.upserted} -${d.deleted} =${d.unchanged ?? "?"}`;
const ms = (micros: number) => (micros >= 10_000 ? `${Math.round(micros / 1000)}ms` : `${(micros / 1000).toFixed(1)}ms`);

export const refreshOutput = defineOutput<RefreshData>({
  tool: "graph-db",
  pathKeys: ["location"],
  text: (data) =>
    [
      `graph-db refresh: ${data.mode} (${data.location}, ${data.backend})`,
      `  projection ${data.freshness.projection_version}  hash ${data.freshness.content_hash?.slice(0, 16) ?? "-"}  watermark ${data.freshness.source_watermark.slice(0, 16)}`,
      `  nodes ${data.counts.nodes} (${delta(data.delta.nodes)})  edges ${data.counts.edges} (${delta(data.delta.edges)})  tombstones ${data.tombstones.total} (+${data.tombstones.written}, pruned ${data.tombstones.pruned})`,
      `  property rows: nodes ${delta(data.delta.node_properties)}  edges ${delta(data.delta.edge_properties)}`,
      ...(data.index?.warning ? [`  warning: ${data.index.warning}`] : []),
      `  phases: ${data.phase_timings.map((phase) => `${phase.name} ${ms(phase.duration_micros)}`).join(", ")}`,
      `next: ${data.next_commands.join("\n      ")}`,
    ].join("\n"),
  compact: (data) => `gdb refresh ${data.mode === "cached_source_watermark_reuse" ? "reuse" : "rebuild"} n:${data.counts.nodes} e:${data.counts.edges} t:${data.tombstones.total} ${data.location}`,
  envelope: {
    view: "report",
    summary: (data) => `graph-db ${data.mode}: ${data.counts.nodes} nodes, ${data.counts.edges} edges`,
    metrics: (data) => [
      { label: "mode", value: data.mode },
      { label: "nodes", value: data.counts.nodes },
      { label: "edges", value: data.counts.edges },
      { label: "upserted", value: data.delta.nodes.upserted + data.delta.edges.upserted },
      { label: "tombstones", value: data.tombstones.total },
    ],
    followUp: (data) => data.next_commands,
    truncated: () => false,
  },
});

export async function graphDbRefresh(target: GraphDbTarget, flags: RefreshFlags): Promise<CommandResult<RefreshData>> {
  const { data } = await refreshTarget(target, flags);
  const notes = data.index?.warning ? [`warning: ${data.index.warning}`] : [];
  return commandResult(data, refreshOutput, { root: target.root, notes });
}
