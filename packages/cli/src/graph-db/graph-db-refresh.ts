import { TsiftError, isTsiftError } from "@tsift/core";
import type { CodeGraphRefreshReport, CodeGraphRowDelta, GraphDbFile, GraphStoreWorkerOpen, RefreshData, RefreshGraphDbOptions } from "@tsift/index/code-graph";
import type { CommandResult } from "../command-result";
import { defineOutput } from "../output/output-spec";
import {
  graphDbDisplay,
  graphDbPlace,
  graphDbPrefix,
  graphWriteLockPath,
  indexLocationFor,
  isLocalFileBackend,
  localPrefix,
  requireIndexHint,
  tsiftCommand,
} from "./graph-db-context";
import { graphDbPath, makeGraphDbDir, openGraphStore, type GraphDbTarget } from "./open-graph-store";

/** What the command line sets of `refreshGraphDbFile`'s options (`--force`, `--update-index`). */
export type RefreshCliOptions = Pick<RefreshGraphDbOptions, "force" | "updateIndex">;

export type { RefreshData };

/**
 * Materializes the code projection into the target store: a local file through
 * @tsift/index's `refreshGraphDbFile` (the graph writer lock, a worker-thread rebuild, a
 * damaged file replaced under `--force`), a remote store through `refreshGraphDb` on an
 * open connection (it orders its own writes).
 */
export async function refreshTarget(
  target: GraphDbTarget,
  flags: RefreshCliOptions = {},
): Promise<{ report: CodeGraphRefreshReport; data: RefreshData; lockWarning?: string | null }> {
  if (target.backend === "convex-snapshot") {
    throw new TsiftError("read_only", "a Convex snapshot is read-only: refresh the local store, then sync it", {
      hint: `${localPrefix(target)} refresh && ${tsiftCommand(target, "convex-sync")} --snapshot <rows.json>`,
    });
  }
  const location = await indexLocationFor(target);
  const { existsSync } = await import("node:fs");
  if (!existsSync(location.dbPath)) throw requireIndexHint(target);
  const { refreshGraphDb, refreshGraphDbFile } = await import("@tsift/index/code-graph");
  const options = { place: graphDbPlace(target), location: graphDbDisplay(target), ...flags };
  try {
    if (isLocalFileBackend(target)) {
      return await refreshGraphDbFile(graphDbFile(target), location, { ...options, lockPath: graphWriteLockPath(target) });
    }
    const opened = await openGraphStore(target, { readOnly: false });
    try {
      return { ...(await refreshGraphDb(opened.store, location, { ...options, location: opened.location })), lockWarning: null };
    } finally {
      await opened.store.close();
    }
  } catch (error) {
    if (isTsiftError(error, "index_missing")) throw requireIndexHint(target);
    throw error;
  }
}

/** A local target's graph.db as @tsift/index's file refresh takes it: opened (its directory made) through this CLI's adapters, in this thread or the refresh worker. */
export function graphDbFile(target: GraphDbTarget): GraphDbFile {
  const path = graphDbPath(target.root, target.scope);
  return {
    path,
    open: async (file) => {
      await makeGraphDbDir(target, path);
      return (await openGraphStore({ ...target, file }, { readOnly: false })).store;
    },
    worker: () => workerOpen(target),
  };
}

/** How the refresh worker opens this target's file: the adapter's own opener, by its resolved module URL. */
function workerOpen(target: GraphDbTarget): GraphStoreWorkerOpen {
  if (target.backend === "libsql") return { module: import.meta.resolve("@tsift/libsql"), export: "openLibsqlGraphStore" };
  return { module: import.meta.resolve("@tsift/sqlite"), export: "openSqliteGraphStore", args: [{ repairHint: `${graphDbPrefix(target)} refresh --force` }] };
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

export async function graphDbRefresh(target: GraphDbTarget, flags: RefreshCliOptions): Promise<CommandResult<RefreshData>> {
  const { data, lockWarning } = await refreshTarget(target, flags);
  const notes = [...(lockWarning ? [`warning: ${lockWarning}`] : []), ...(data.index?.warning ? [`warning: ${data.index.warning}`] : [])];
  if (data.replaced) notes.push(`note: the old graph.db could not be used (${data.replaced.reason}); it was moved to ${data.replaced.moved_to}`);
  return { data, root: target.root, notes };
}
