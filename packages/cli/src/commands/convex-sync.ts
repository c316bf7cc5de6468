import type { ConvexSyncOptions } from "@tsift/index/code-graph";
import { resolve } from "node:path";
import { defineCommand } from "../definition/define-command";
import type { ReadOptions } from "../graph-cmd/read-index";
import { DIR, PATH, limitOption } from "../definition/common-options";
import { EXIT_CODES } from "../exit-codes";

/** What the command line sets of `convexSync`'s options (the environment, token, fetch and backoff come from the process). */
type ConvexSyncCliOptions = Omit<ConvexSyncOptions, "env" | "authToken" | "fetch" | "backoffMs">;

/** `tsift convex-sync [dir]`: the ordered, idempotent Convex sync plan for the local graph projection. */
export const convexSync = defineCommand<ConvexSyncCliOptions & Required<Pick<ConvexSyncCliOptions, "authTokenEnv">> & ReadOptions>()({
  name: "convex-sync",
  summary: "plan (or --apply) the ordered, idempotent Convex sync of the local graph projection",
  helpOrder: 150,
  positionals: [{ ...DIR, description: "project root holding .tsift/ (default: .; same as --path)" }],
  options: {
    path: { ...PATH, description: "project root holding .tsift/ (default: .)" },
    scope: { type: "string", description: "workspace scope (its own graph.db)" },
    snapshot: { type: "string", description: "Convex snapshot rows.json to diff against (stale rows become tombstones)" },
    remoteSnapshot: {
      type: "boolean",
      default: false,
      description: "pull the snapshot from --endpoint (snapshotMeta, then pages unless the projection hash matches)",
    },
    chunkSize: { type: "number", default: 50, min: 1, description: "rows per mutation chunk" },
    apply: { type: "boolean", default: false, description: "send the chunks to --endpoint, in order, with bounded retries" },
    endpoint: { type: "string", description: "Convex HTTP action URL (default: $TSIFT_CONVEX_GRAPH_URL)" },
    authTokenEnv: { type: "string", default: "TSIFT_CONVEX_AUTH_TOKEN", description: "environment variable holding the bearer token" },
    out: { type: "string", description: "write the full plan (every chunk with its rows) to a file" },
    includeRows: { type: "boolean", default: false, description: "print each listed chunk's rows" },
    limit: limitOption(20, "chunks listed in the report (0 = all)"),
  },
  examples: [
    { command: "tsift convex-sync --snapshot rows.json", description: "plan the sync against a Convex snapshot file" },
    { command: "tsift convex-sync --apply --endpoint https://example.convex.site/graph", description: "send the planned chunks" },
  ],
  // @tsift/index's `convexSync` over the local store; a stopped apply exits 1 with the chunk to resume from.
  async run(options, io) {
    const [{ convexSync }, { pathArg }, { loadLocalProjection }] = await Promise.all([
      import("@tsift/index/code-graph"),
      import("@tsift/index/graph-read"),
      import("../graph-db/local-projection"),
    ]);
    const root = resolve(io.cwd, options.path ?? ".");
    const target = { root, pathArg: pathArg(io.cwd, root), scope: options.scope, backend: "sqlite" as const, authTokenEnv: options.authTokenEnv, env: io.env };
    const data = await convexSync(
      { root, pathArg: target.pathArg, scope: options.scope, local: () => loadLocalProjection(target) },
      {
        snapshot: options.snapshot,
        remoteSnapshot: options.remoteSnapshot,
        chunkSize: options.chunkSize,
        apply: options.apply,
        endpoint: options.endpoint,
        authTokenEnv: options.authTokenEnv,
        out: options.out,
        includeRows: options.includeRows,
        limit: options.limit,
        env: io.env,
      },
    );
    const { apply } = data;
    if (!apply || apply.failed_chunk === null) return { data, root, exitCode: EXIT_CODES.ok, notes: [] };
    return {
      data,
      root,
      exitCode: EXIT_CODES.checkFailed,
      notes: [`tsift: convex-sync stopped at chunk ${apply.failed_chunk} of ${apply.chunks_total}: ${apply.error}; rerun to resume (chunks are idempotent)`],
    };
  },
  output: async () => (await import("../convex-sync/convex-sync-output")).convexSyncOutput,
});
