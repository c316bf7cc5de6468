import { writeFile } from "node:fs/promises";
import { isAbsolute, relative, resolve } from "node:path";
import {
  CONVEX_SYNC_MAX_ATTEMPTS,
  TsiftError,
  applyChunks,
  fetchRemoteSnapshot,
  graphDbPrefix,
  planConvexSync,
  readConvexSnapshotFile,
  redactEndpoint,
  shellArg,
  toConvexRows,
  tsiftCommand,
  type ApplyOutcome,
  type ConvexSyncPlan,
  type ConvexTransport,
} from "@tsift/core";
import type { LocalProjection } from "./convex-sync-local";

export const DEFAULT_ENDPOINT_ENV = "TSIFT_CONVEX_GRAPH_URL";
export const DEFAULT_TOKEN_ENV = "TSIFT_CONVEX_AUTH_TOKEN";

/** `tsift convex-sync`'s options; every default is the command's. */
export interface ConvexSyncOptions {
  /** A Convex snapshot rows.json (relative to the project root) to diff against: stale rows become tombstones. */
  snapshot?: string | undefined;
  /** Pull the snapshot from the endpoint (`snapshotMeta`, then pages unless the projection hash matches). */
  remoteSnapshot?: boolean | undefined;
  /** Rows per mutation chunk; default 50. */
  chunkSize?: number | undefined;
  /** Send the chunks to the endpoint, in order, with bounded retries. */
  apply?: boolean | undefined;
  /** The Convex HTTP action URL; default `$TSIFT_CONVEX_GRAPH_URL`. */
  endpoint?: string | undefined;
  /** The environment variable holding the bearer token; default `TSIFT_CONVEX_AUTH_TOKEN`. */
  authTokenEnv?: string | undefined;
  /** The bearer token itself; wins over `authTokenEnv`. */
  authToken?: string | undefined;
  /** Write the full plan (every chunk with its rows) to this file, relative to the project root. */
  out?: string | undefined;
  /** Keep each listed chunk's rows in the report. */
  includeRows?: boolean | undefined;
  /** Chunks listed in the report (0 = all); default 20. The plan itself always has every chunk. */
  limit?: number | undefined;
  /** Where the endpoint and token variables are read; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>> | undefined;
  /** The HTTP client; default the global `fetch`. */
  fetch?: typeof fetch | undefined;
  /** Base delay between retries, ms (tests shorten it). */
  backoffMs?: number | undefined;
}

/** Where the sync runs and how it reads the local projection. */
export interface ConvexSyncSource {
  /** The project root: `snapshot` and `out` resolve from it, and the report names them relative to it. */
  root: string;
  /** The project as suggested commands spell it (`.` for the working directory). */
  pathArg: string;
  scope?: string | undefined;
  /** The local projection, refreshed from the index first (see `loadLocalProjection`). */
  local(): Promise<LocalProjection>;
}

type ChunkSummary = Omit<ConvexSyncPlan["chunks"][number], "rows"> & { rows?: ConvexSyncPlan["chunks"][number]["rows"] };

/** What `tsift convex-sync --json` prints. */
export interface ConvexSyncData extends Omit<ConvexSyncPlan, "chunks"> {
  operation: "convex-sync";
  local: { refresh: string; nodes: number; edges: number };
  snapshot_source: string | null;
  chunks: ChunkSummary[];
  chunks_total: number;
  truncated: boolean;
  out: string | null;
  /** The apply outcome; `failed_chunk` is non-null when it stopped (rerun to resume: chunks are idempotent). */
  apply: ApplyOutcome | null;
  next_commands: string[];
}

// Root-relative with `/` inside the root; the path as it is outside it.
function displayPath(root: string, path: string): string {
  const rel = relative(root, path);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel.split("\\").join("/") : path;
}

function transportFor(options: ConvexSyncOptions, endpoint: string | undefined, env: Readonly<Record<string, string | undefined>>): ConvexTransport | null {
  if (!endpoint) return null;
  return {
    endpoint,
    authToken: options.authToken ?? env[options.authTokenEnv ?? DEFAULT_TOKEN_ENV],
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
  };
}

/**
 * `tsift convex-sync`: the idempotent Convex sync plan for the local projection (node
 * then edge upserts, edge then node tombstones against a snapshot, in ordered chunks,
 * with the index metadata the Convex schema must declare). Nothing touches the network
 * unless `remoteSnapshot` or `apply` is given with an endpoint. A failed apply is not
 * thrown: the report's `apply.failed_chunk` says where it stopped.
 */
export async function convexSync(source: ConvexSyncSource, options: ConvexSyncOptions = {}): Promise<ConvexSyncData> {
  const env = options.env ?? process.env;
  if (options.snapshot && options.remoteSnapshot) throw new TsiftError("usage", "--snapshot and --remote-snapshot are two sources for the same diff: pass one");
  const endpoint = options.endpoint ?? env[DEFAULT_ENDPOINT_ENV];
  if ((options.apply || options.remoteSnapshot) && !endpoint) {
    throw new TsiftError("usage", `${options.apply ? "--apply" : "--remote-snapshot"} needs --endpoint <url> (or ${DEFAULT_ENDPOINT_ENV})`, {
      hint: `${tsiftCommand(source, "convex-sync")} --json`,
    });
  }
  const transport = transportFor(options, endpoint, env);

  const local = await source.local();
  let snapshot: unknown;
  let snapshotSource: string | null = null;
  if (options.snapshot) {
    const path = resolve(source.root, options.snapshot);
    snapshot = await readConvexSnapshotFile(path);
    snapshotSource = displayPath(source.root, path);
  } else if (options.remoteSnapshot && transport) {
    const remote = await fetchRemoteSnapshot(transport, local.meta, CONVEX_SYNC_MAX_ATTEMPTS);
    snapshotSource = `${redactEndpoint(transport.endpoint)} (${remote.hashMatch ? "projection hash matches: no row pages read" : `${remote.pages} page(s)`})`;
    // A matching hash means the remote holds exactly this projection: its rows are the local rows.
    snapshot = remote.hashMatch ? { ...toConvexRows(local.projection, remote.rows.projection), indexes: remote.rows.indexes } : remote.rows;
  }
  const plan = planConvexSync(local.projection, {
    chunkSize: options.chunkSize ?? 50,
    projection: local.meta,
    ...(snapshot !== undefined ? { snapshot } : {}),
  });

  let out: string | null = null;
  if (options.out) {
    const path = resolve(source.root, options.out);
    try {
      await writeFile(path, `${JSON.stringify(plan)}\n`);
    } catch (error) {
      throw new TsiftError("io_error", `cannot write ${path}: ${(error as Error).message}`, { cause: error });
    }
    out = displayPath(source.root, path);
  }
  const apply = options.apply && transport ? await applyChunks(transport, plan.chunks, CONVEX_SYNC_MAX_ATTEMPTS) : null;

  const limit = options.limit ?? 20;
  const shown = limit > 0 ? plan.chunks.slice(0, limit) : plan.chunks;
  const { chunks: _chunks, ...planWithoutChunks } = plan;
  return {
    operation: "convex-sync",
    ...planWithoutChunks,
    local: { refresh: local.refresh, nodes: local.projection.nodes.length, edges: local.projection.edges.length },
    snapshot_source: snapshotSource,
    chunks: shown.map((chunk) =>
      options.includeRows
        ? chunk
        : { index: chunk.index, operation: chunk.operation, count: chunk.count, first_key: chunk.first_key, last_key: chunk.last_key },
    ),
    chunks_total: plan.chunks.length,
    truncated: shown.length < plan.chunks.length,
    out,
    apply,
    next_commands: nextCommands(source, options, plan.chunks.length, out, apply),
  };
}

/** What to run after this sync: verify an applied one, resume a failed one, or apply (and save) a plan. */
function nextCommands(source: ConvexSyncSource, options: ConvexSyncOptions, chunks: number, out: string | null, apply: ApplyOutcome | null): string[] {
  const sync = tsiftCommand(source, "convex-sync");
  const local = graphDbPrefix({ ...source, backend: "sqlite" });
  const snapArg = options.snapshot ? ` --snapshot ${shellArg(options.snapshot)}` : options.remoteSnapshot ? " --remote-snapshot" : "";
  if (apply) {
    return apply.failed_chunk === null
      ? [`${sync} --remote-snapshot --endpoint <url> --json`, `${local} compact --apply --prune-tombstones --confirmed-convex-reconciled`]
      : [`${sync}${snapArg} --apply --endpoint <url>`];
  }
  if (chunks > 0) return [`${sync}${snapArg} --apply --endpoint <url>`, ...(out ? [] : [`${sync}${snapArg} --out convex-sync-plan.json`])];
  return [`${local} doctor`];
}
