import { resolve } from "node:path";
import type { Argv } from "yargs";
import type { CommandContext } from "../command-context";
import { wholeNumber } from "../graph-db/graph-db-args";
import { pathArg } from "../path-arg";
import { commandMeta } from "./command-meta";

interface TraverseArgs {
  [flag: string]: unknown;
  node?: string;
  to?: string;
  path: string;
  scope?: string;
  depth: number;
  limit: number;
  "max-hops": number;
  format: "text" | "json" | "html";
  out?: string;
  refresh: boolean;
}

/** `tsift traverse [node]`: a bounded graph slice (overview, neighborhood or path) as text, JSON or one HTML file. */
export function traverseCommand(context: CommandContext) {
  return {
    ...commandMeta("traverse"),
    builder: (yargs: Argv) =>
      yargs
        .positional("node", { type: "string", describe: "node id, gsym-/gfil- handle, file path, symbol name or `GET /route`" })
        .option("to", { type: "string", describe: "shortest path from <node> to this node" })
        .option("path", { alias: "p", type: "string", default: ".", describe: "project root holding .tsift/" })
        .option("scope", { type: "string", describe: "workspace scope (its own index and graph.db)" })
        .option("depth", { type: "number", default: 2, describe: "neighborhood hops" })
        .option("limit", { type: "number", default: 60, describe: "most nodes in the slice" })
        .option("max-hops", { type: "number", default: 64, describe: "hop cap for --to" })
        .option("format", { choices: ["text", "json", "html"] as const, default: "text" as const, describe: "text (or the global output flags), json, or a self-contained html page" })
        .option("out", { type: "string", describe: "write the html page to this file instead of stdout" })
        .option("refresh", { type: "boolean", default: true, describe: "update the index and graph.db first (--no-refresh reads graph.db as it is)" }),
    handler: async (args: TraverseArgs) => {
      const { runTraverse } = await import("../traverse/run-traverse");
      const root = resolve(context.io.cwd, args.path);
      context.setResult(
        await runTraverse(
          { root, pathArg: pathArg(context.io.cwd, root), scope: args.scope, backend: "sqlite", authTokenEnv: "TSIFT_LIBSQL_AUTH_TOKEN", env: context.io.env },
          {
            node: args.node,
            to: args.to,
            depth: wholeNumber("--depth", args.depth, { min: 1 }) ?? 2,
            limit: wholeNumber("--limit", args.limit, { min: 1 }) ?? 60,
            maxHops: wholeNumber("--max-hops", args["max-hops"], { min: 1 }),
            format: args.format,
            out: args.out,
            refresh: args.refresh,
          },
        ),
      );
    },
  };
}
