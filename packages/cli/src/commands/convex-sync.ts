import { resolve } from "node:path";
import { defineCommand } from "../definition/define-command";
import type { ConvexSyncCliOptions } from "../convex-sync/run-convex-sync";
import type { ReadOptions } from "../graph-cmd/read-index";
import { DIR, PATH, limitOption } from "../definition/common-options";

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
  async run(args, io) {
    const [{ runConvexSync }, { pathArg }] = await Promise.all([import("../convex-sync/run-convex-sync"), import("@tsift/index/graph-read")]);
    const root = resolve(io.cwd, args.path ?? ".");
    return runConvexSync(
      { root, pathArg: pathArg(io.cwd, root), scope: args.scope, backend: "sqlite", authTokenEnv: args.authTokenEnv, env: io.env },
      {
        snapshot: args.snapshot,
        remoteSnapshot: args.remoteSnapshot,
        chunkSize: args.chunkSize,
        apply: args.apply,
        endpoint: args.endpoint,
        authTokenEnv: args.authTokenEnv,
        out: args.out,
        includeRows: args.includeRows,
        limit: args.limit,
      },
    );
  },
});
