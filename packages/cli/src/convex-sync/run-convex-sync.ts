import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { TsiftError, applyChunks, fetchRemoteSnapshot, redactEndpoint, type ApplyOutcome, type ConvexSyncPlan, type ConvexTransport } from "@tsift/core";
import { commandResult, type CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import { graphDbPrefix, tsiftCommand } from "../graph-db/graph-db-context";
import { loadLocalProjection } from "../graph-db/local-projection";
import { displayPath, type GraphDbTarget } from "../graph-db/open-graph-store";
import { shellArg } from "@tsift/digest";
import { defineOutput } from "../output/output-spec";

export interface ConvexSyncFlags {
  snapshot?: string | undefined;
  remoteSnapshot: boolean;
  chunkSize: number;
  apply: boolean;
  endpoint?: string | undefined;
  authTokenEnv: string;
  out?: string | undefined;
  includeRows: boolean;
  /** Chunks listed in the report (0 = all); the plan itself always has every chunk. */
  limit: number;
  fetch?: typeof fetch;
  backoffMs?: number;
}

type ChunkSummary = Omit<ConvexSyncPlan["chunks"][number], "rows"> & { rows?: ConvexSyncPlan["chunks"][number]["rows"] };

export interface ConvexSyncData extends Omit<ConvexSyncPlan, "chunks"> {
  operation: "convex-sync";
  local: { refresh: string; nodes: number; edges: number };
  snapshot_source: string | null;
  chunks: ChunkSummary[];
  chunks_total: number;
  truncated: boolean;
  out: string | null;
  apply: ApplyOutcome | null;
  next_commands: string[];
}

export const DEFAULT_ENDPOINT_ENV = "TSIFT_CONVEX_GRAPH_URL";
export const DEFAULT_TOKEN_ENV = "TSIFT_CONVEX_AUTH_TOKEN";

/**
 * `tsift convex-sync`: the idempotent Convex sync plan for the local projection (node
 * then edge upserts, edge then node tombstones against a snapshot, in ordered chunks,
 * with the index metadata the Convex schema must declare). Nothing touches the network
 * unless `--remote-snapshot` or `--apply` is given with an endpoint.
 */
export async function runConvexSync(target: GraphDbTarget, flags: ConvexSyncFlags): Promise<CommandResult<ConvexSyncData>> {
  const { planConvexSync, readConvexSnapshotFile, toConvexRows, CONVEX_SYNC_MAX_ATTEMPTS } = await import("@tsift/core");
  if (flags.snapshot && flags.remoteSnapshot) throw new TsiftError("usage", "--snapshot and --remote-snapshot are two sources for the same diff: pass one");
  const endpoint = flags.endpoint ?? target.env[DEFAULT_ENDPOINT_ENV];
  if ((flags.apply || flags.remoteSnapshot) && !endpoint) {
    throw new TsiftError("usage", `${flags.apply ? "--apply" : "--remote-snapshot"} needs --endpoint <url> (or ${DEFAULT_ENDPOINT_ENV})`, {
      hint: `${tsiftCommand(target, "convex-sync")} --json`,
    });
  }
  const transport: ConvexTransport | null = endpoint
    ? {
        endpoint,
        authToken: target.env[flags.authTokenEnv],
        ...(flags.fetch ? { fetch: flags.fetch } : {}),
        ...(flags.backoffMs !== undefined ? { backoffMs: flags.backoffMs } : {}),
      }
    : null;

  const local = await loadLocalProjection(target);
  let snapshot: unknown;
  let snapshotSource: string | null = null;
  if (flags.snapshot) {
    const path = resolve(target.root, flags.snapshot);
    snapshot = await readConvexSnapshotFile(path);
    snapshotSource = displayPath(target.root, path);
  } else if (flags.remoteSnapshot && transport) {
    const remote = await fetchRemoteSnapshot(transport, local.meta, CONVEX_SYNC_MAX_ATTEMPTS);
    snapshotSource = `${redactEndpoint(transport.endpoint)} (${remote.hashMatch ? "projection hash matches: no row pages read" : `${remote.pages} page(s)`})`;
    // A matching hash means the remote holds exactly this projection: its rows are the local rows.
    snapshot = remote.hashMatch ? { ...toConvexRows(local.projection, remote.rows.projection), indexes: remote.rows.indexes } : remote.rows;
  }
  const plan = planConvexSync(local.projection, { chunkSize: flags.chunkSize, projection: local.meta, ...(snapshot !== undefined ? { snapshot } : {}) });

  let out: string | null = null;
  if (flags.out) {
    const path = resolve(target.root, flags.out);
    try {
      await writeFile(path, `${JSON.stringify(plan)}\n`);
    } catch (error) {
      throw new TsiftError("io_error", `cannot write ${path}: ${(error as Error).message}`, { cause: error });
    }
    out = displayPath(target.root, path);
  }
  const apply = flags.apply && transport ? await applyChunks(transport, plan.chunks, CONVEX_SYNC_MAX_ATTEMPTS) : null;

  const shown = flags.limit > 0 ? plan.chunks.slice(0, flags.limit) : plan.chunks;
  const { chunks: _chunks, ...planWithoutChunks } = plan;
  const sync = tsiftCommand(target, "convex-sync");
  const snapArg = flags.snapshot ? ` --snapshot ${shellArg(flags.snapshot)}` : flags.remoteSnapshot ? " --remote-snapshot" : "";
  const next = apply
    ? apply.failed_chunk === null
      ? [
          `${sync} --remote-snapshot --endpoint <url> --json`,
          `${graphDbPrefix({ ...target, backend: "sqlite" })} compact --apply --prune-tombstones --confirmed-convex-reconciled`,
        ]
      : [`${sync}${snapArg} --apply --endpoint <url>`]
    : plan.chunks.length > 0
      ? [`${sync}${snapArg} --apply --endpoint <url>`, ...(out ? [] : [`${sync}${snapArg} --out convex-sync-plan.json`])]
      : [`${graphDbPrefix({ ...target, backend: "sqlite" })} doctor`];
  const data: ConvexSyncData = {
    operation: "convex-sync",
    ...planWithoutChunks,
    local: { refresh: local.refresh, nodes: local.projection.nodes.length, edges: local.projection.edges.length },
    snapshot_source: snapshotSource,
    chunks: shown.map((chunk) =>
      flags.includeRows ? chunk : { index: chunk.index, operation: chunk.operation, count: chunk.count, first_key: chunk.first_key, last_key: chunk.last_key },
    ),
    chunks_total: plan.chunks.length,
    truncated: shown.length < plan.chunks.length,
    out,
    apply,
    next_commands: next,
  };
  const failed = apply && apply.failed_chunk !== null;
  return commandResult(data, convexSyncOutput, {
    root: target.root,
    exitCode: failed ? EXIT_CODES.checkFailed : EXIT_CODES.ok,
    notes: failed
      ? [`tsift: convex-sync stopped at chunk ${apply.failed_chunk} of ${apply.chunks_total}: ${apply.error}; rerun to resume (chunks are idempotent)`]
      : [],
  });
}

export const convexSyncOutput = defineOutput<ConvexSyncData>({
  tool: "convex-sync",
  pathKeys: ["out"],
  text: (data) => {
    const s = data.summary;
    return [
      `convex-sync plan: ${s.node_upserts} node and ${s.edge_upserts} edge upserts, ${s.edge_tombstones} edge then ${s.node_tombstones} node tombstones in ${s.chunks} chunk(s) of ${data.chunk_size}`,
      `  snapshot: ${data.snapshot_source ?? "none (every row is an upsert)"}${data.snapshot.provided ? ` — ${data.snapshot.status}, metadata ${data.snapshot.projection_metadata}` : ""}`,
      `  unchanged: ${s.unchanged_nodes} nodes, ${s.unchanged_edges} edges; required indexes: ${data.required_indexes.map((i) => `${i.table}.${i.name}`).join(", ")}`,
      ...data.chunks.slice(0, 10).map((chunk) => `  #${chunk.index} ${chunk.operation} ${chunk.count} (${chunk.first_key} .. ${chunk.last_key})`),
      ...(data.chunks_total > 10 ? [`  (+${data.chunks_total - Math.min(10, data.chunks.length)} more chunks)`] : []),
      ...(data.out ? [`  plan written to ${data.out}`] : []),
      ...(data.apply
        ? [
            `  applied ${data.apply.chunks_applied}/${data.apply.chunks_total} chunk(s) to ${data.apply.endpoint}${data.apply.error ? `; stopped: ${data.apply.error}` : ""}`,
          ]
        : []),
      `next: ${data.next_commands.join("\n      ")}`,
    ].join("\n");
  },
  compact: (data) =>
    `convex-sync +n:${data.summary.node_upserts} +e:${data.summary.edge_upserts} -e:${data.summary.edge_tombstones} -n:${data.summary.node_tombstones} chunks:${data.summary.chunks}${data.apply ? ` applied:${data.apply.chunks_applied}` : ""}`,
  tables: [
    {
      columns: ["index", "operation", "count", "first_key", "last_key"],
      rows: (data) => data.chunks.map((c) => [c.index, c.operation, c.count, c.first_key, c.last_key]),
      more: (data) => data.chunks_total - data.chunks.length,
    },
  ],
  envelope: {
    view: "report",
    summary: (data) => `convex-sync: ${data.summary.chunks} chunk(s)${data.apply ? `, ${data.apply.chunks_applied} applied` : ""}`,
    metrics: (data) => [
      { label: "node_upserts", value: data.summary.node_upserts },
      { label: "edge_upserts", value: data.summary.edge_upserts },
      { label: "tombstones", value: data.summary.node_tombstones + data.summary.edge_tombstones },
      { label: "chunks", value: data.summary.chunks },
    ],
    followUp: (data) => data.next_commands,
    truncated: (data) => data.truncated,
  },
});
