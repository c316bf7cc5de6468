import {
  TsiftError,
  compactionPolicy as policyOf,
  isTsiftError,
  type CompactionPolicy,
  type GraphStore,
  type SqlGraphFileStats,
  type TsiftErrorCode,
} from "@tsift/core";
import type { CodeGraphRefreshReport, CodeGraphRowDelta, RefreshData } from "@tsift/index/code-graph";
import { commandResult, type CommandResult } from "../command-result";
import { defineOutput } from "../output/output-spec";
import {
  graphDbDisplay,
  graphDbPlace,
  indexLocationFor,
  isLocalFileBackend,
  localPrefix,
  requireIndexHint,
  tsiftCommand,
  withGraphWriteLock,
} from "./graph-db-context";
import type { RefreshWorkerInput, RefreshWorkerOutput } from "./refresh-worker";
import { graphDbPath, openGraphStore, type GraphDbTarget, type OpenedGraphStore } from "./open-graph-store";

export interface RefreshFlags {
  force?: boolean;
  /** Run the incremental index update first (traverse does; `graph-db refresh --update-index`). */
  updateIndex?: boolean;
}

export type { CompactionPolicy, RefreshData };

/** The compaction facts and commands for this target's store. */
export function compactionPolicy(store: GraphStore, target: GraphDbTarget, tombstones: number, known?: SqlGraphFileStats | null): Promise<CompactionPolicy> {
  return policyOf(store, graphDbPlace(target), tombstones, known);
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
    return new TsiftError(error.code as TsiftErrorCode, error.message, {
      ...(error.hint ? { hint: error.hint } : {}),
      ...(error.details ? { details: error.details } : {}),
    });
  }
  return new Error(error.message);
}

/**
 * Materializes the code projection into the target store under the graph writer lock:
 * `cached_source_watermark_reuse` when nothing the projection depends on changed (on
 * this thread: a watermark read and a lookup), otherwise a transactional delta refresh
 * (`cold_source_graph_rebuild`) on a worker thread for local files.
 */
export async function refreshTarget(
  target: GraphDbTarget,
  flags: RefreshFlags = {},
): Promise<{ report: CodeGraphRefreshReport; data: RefreshData; lockWarning?: string | null }> {
  if (target.backend === "convex-snapshot") {
    throw new TsiftError("read_only", "a Convex snapshot is read-only: refresh the local store, then sync it", {
      hint: `${localPrefix(target)} refresh && ${tsiftCommand(target, "convex-sync")} --snapshot <rows.json>`,
    });
  }
  const location = await indexLocationFor(target);
  const { existsSync } = await import("node:fs");
  if (!existsSync(location.dbPath)) throw requireIndexHint(target);
  const { isCurrentProjection, readCodeGraphSourceState, refreshCodeGraph, startGraphDbReplacement, refreshData, withIndexUpdate } =
    await import("@tsift/index/code-graph");
  const scope = target.scope ?? "root";
  return withGraphWriteLock(target, async (lock) => {
    // Reopened around a worker rebuild, so held in a box the callbacks share.
    const held: { opened: OpenedGraphStore | null; file?: SqlGraphFileStats | null } = { opened: null };
    // `--force` rebuilds whatever state the file is in: one it cannot use is replaced by a file built beside it.
    const replacement = flags.force && isLocalFileBackend(target) ? await startGraphDbReplacement(graphDbPath(target.root, target.scope)) : null;
    const building: GraphDbTarget = replacement ? { ...target, file: replacement.tempPath } : target;
    let built = false;
    try {
      const report = await withIndexUpdate(location, flags.updateIndex, async () => {
        const opened = (held.opened = await openGraphStore(building, { readOnly: false }));
        const source = await readCodeGraphSourceState(location);
        const current = !flags.force && isCurrentProjection(await opened.store.projectionStatus(scope), source);
        const outcome =
          current || !isLocalFileBackend(target)
            ? null
            : await (async () => {
                // The rebuild opens its own connection; this one must not hold the file meanwhile.
                await opened.store.close();
                try {
                  return await rebuildOnWorker({ target: building, location, scope, force: Boolean(flags.force) });
                } finally {
                  held.opened = await openGraphStore(building, { readOnly: false });
                }
              })();
        if (outcome && !outcome.ok) throw workerError(outcome.error);
        if (outcome) {
          held.file = outcome.file;
          return outcome.report;
        }
        // Without a built worker (from source) the store closed for it was reopened: use that one.
        return refreshCodeGraph(held.opened!.store, location, { scope, sourceState: source, ...(flags.force ? { force: true } : {}) });
      });
      const opened = held.opened!;
      const data = await refreshData(report, opened.store, graphDbPlace(target), opened.location, held.file);
      built = true;
      if (!replacement) return { report, data, lockWarning: lock.warning };
      const replaced = { reason: replacement.reason, moved_to: replacement.movedTo };
      return { report, data: { ...data, location: graphDbDisplay(target), replaced }, lockWarning: lock.warning };
    } catch (error) {
      if (isTsiftError(error, "index_missing")) throw requireIndexHint(target);
      throw error;
    } finally {
      await held.opened?.store.close();
      // Only a complete rebuild takes the damaged file's place.
      if (replacement) (built ? replacement.commit : replacement.abandon)();
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
  compact: (data) =>
    `gdb refresh ${data.mode === "cached_source_watermark_reuse" ? "reuse" : "rebuild"} n:${data.counts.nodes} e:${data.counts.edges} t:${data.tombstones.total} ${data.location}`,
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
  const { data, lockWarning } = await refreshTarget(target, flags);
  const notes = [...(lockWarning ? [`warning: ${lockWarning}`] : []), ...(data.index?.warning ? [`warning: ${data.index.warning}`] : [])];
  if (data.replaced) notes.push(`note: the old graph.db could not be used (${data.replaced.reason}); it was moved to ${data.replaced.moved_to}`);
  return commandResult(data, refreshOutput, { root: target.root, notes });
}
