import { resolve } from "node:path";
import type { Argv } from "yargs";
import type { CommandContext } from "../command-context";
import { wholeNumber } from "../graph-db/graph-db-args";
import { pathArg } from "../path-arg";
import { commandMeta } from "./command-meta";

interface ConvexSyncArgs {
  [flag: string]: unknown;
  path?: string;
  scope?: string;
  snapshot?: string;
  "remote-snapshot": boolean;
  "chunk-size": number;
  apply: boolean;
  endpoint?: string;
  "auth-token-env": string;
  out?: string;
  "include-rows": boolean;
  limit: number;
}

/** `tsift convex-sync [path]`: the ordered, idempotent Convex sync plan for the local graph projection. */
export function convexSyncCommand(context: CommandContext) {
  return {
    ...commandMeta("convex-sync"),
    builder: (yargs: Argv) =>
      yargs
        .positional("path", { type: "string", describe: "project root holding .tsift/ (default: .)" })
        .option("scope", { type: "string", describe: "workspace scope (its own graph.db)" })
        .option("snapshot", { type: "string", describe: "Convex snapshot rows.json to diff against (stale rows become tombstones)" })
        .option("remote-snapshot", { type: "boolean", default: false, describe: "pull the snapshot from --endpoint (snapshotMeta, then pages unless the projection hash matches)" })
        .option("chunk-size", { type: "number", default: 50, describe: "rows per mutation chunk" })
        .option("apply", { type: "boolean", default: false, describe: "send the chunks to --endpoint, in order, with bounded retries" })
        .option("endpoint", { type: "string", describe: "Convex HTTP action URL (default: $TSIFT_CONVEX_GRAPH_URL)" })
        .option("auth-token-env", { type: "string", default: "TSIFT_CONVEX_AUTH_TOKEN", describe: "environment variable holding the bearer token" })
        .option("out", { type: "string", describe: "write the full plan (every chunk with its rows) to a file" })
        .option("include-rows", { type: "boolean", default: false, describe: "print each listed chunk's rows" })
        .option("limit", { type: "number", default: 20, describe: "chunks listed in the report (0 = all)" }),
    handler: async (args: ConvexSyncArgs) => {
      const { runConvexSync } = await import("../convex-sync/run-convex-sync");
      const root = resolve(context.io.cwd, args.path ?? ".");
      context.setResult(
        await runConvexSync(
          { root, pathArg: pathArg(context.io.cwd, root), scope: args.scope, backend: "sqlite", authTokenEnv: args["auth-token-env"], env: context.io.env },
          {
            snapshot: args.snapshot,
            remoteSnapshot: args["remote-snapshot"],
            chunkSize: wholeNumber("--chunk-size", args["chunk-size"], { min: 1 }) ?? 50,
            apply: args.apply,
            endpoint: args.endpoint,
            authTokenEnv: args["auth-token-env"],
            out: args.out,
            includeRows: args["include-rows"],
            limit: wholeNumber("--limit", args.limit) ?? 20,
          },
        ),
      );
    },
  };
}
