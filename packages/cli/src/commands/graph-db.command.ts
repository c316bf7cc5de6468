import { resolve } from "node:path";
import type { Argv } from "yargs";
import type { CommandContext } from "../command-context";
import { commandMeta } from "./command-meta";
import { addMaintenanceCommands } from "../graph-db/graph-db-maintenance-commands";
import type { GraphDbReadName } from "../graph-db/graph-db-read-options";
import { pathArg } from "../path-arg";
import { GRAPH_DB_BACKENDS, type GraphDbBackend, type GraphDbTarget } from "../graph-db/open-graph-store";

interface GraphDbArgs {
  [flag: string]: unknown;
  path: string;
  scope?: string;
  backend: GraphDbBackend;
  url?: string;
  "auth-token-env": string;
  "convex-snapshot"?: string;
  property?: string[];
  "edge-kind"?: string[];
  cursor?: string;
  limit?: number;
}

const pageOptions = (yargs: Argv) =>
  yargs
    .option("property", { type: "string", array: true, describe: "node/edge property filter KEY=VALUE (repeatable, all must match)" })
    .option("cursor", { type: "string", describe: "exclusive cursor: the next_cursor of the previous page" })
    .option("limit", { type: "number", describe: "page size (0 = all)", default: 100 });

function target(args: GraphDbArgs, context: CommandContext): GraphDbTarget {
  const root = resolve(context.io.cwd, args.path);
  return {
    root,
    pathArg: pathArg(context.io.cwd, root),
    scope: args.scope,
    backend: args.backend,
    url: args.url,
    authTokenEnv: args["auth-token-env"],
    convexSnapshot: args["convex-snapshot"],
    env: context.io.env,
  };
}

const queries = () => import("../graph-db/graph-db-queries");

/** Read subcommands share one dispatcher with the yargs-free fast path (graph-db-fast-path.ts). */
const read = (context: CommandContext, sub: GraphDbReadName) => async (args: unknown) =>
  context.setResult(await (await import("../graph-db/run-graph-db-read")).runGraphDbRead(sub, args as GraphDbArgs, context.io));

/** `tsift graph-db <sub>`: the provider-neutral graph store over SQLite, libSQL or a Convex snapshot. */
export function graphDbCommand(context: CommandContext) {
  // yargs cannot type options added by parent builders; every handler reads the same GraphDbArgs.
  const run = (work: (args: GraphDbArgs) => Promise<void>) => (args: unknown) => work(args as GraphDbArgs);
  return {
    ...commandMeta("graph-db"),
    builder: (yargs: Argv) =>
      addMaintenanceCommands(yargs, context, (args) => target(args as GraphDbArgs, context))
        .option("path", { type: "string", default: ".", describe: "project root holding .tsift/" })
        .option("scope", { type: "string", describe: "workspace scope (uses .tsift/indexes/<scope>/graph.db)" })
        .option("backend", { choices: GRAPH_DB_BACKENDS, default: "sqlite" as GraphDbBackend, describe: "storage backend" })
        .option("url", { type: "string", describe: "libSQL URL (libsql://, https://, file:) for --backend libsql" })
        .option("auth-token-env", { type: "string", default: "TSIFT_LIBSQL_AUTH_TOKEN", describe: "environment variable holding the libSQL auth token" })
        .option("convex-snapshot", { type: "string", describe: "Convex rows JSON for --backend convex-snapshot" })
        .command("status", "row counts and projection metadata, without refreshing", {}, read(context, "status"))
        .command("schema", "the stable node/edge/page/operation shapes", {}, read(context, "schema"))
        .command("node <id>", "one node by id", {}, read(context, "node"))
        .command("edge <id>", "one edge by its stable key", {}, read(context, "edge"))
        .command(
          "edges",
          "scan edges by kind and property",
          (y) => pageOptions(y).option("edge-kind", { type: "string", array: true, describe: "edge kinds (repeatable)" }),
          read(context, "edges"),
        )
        .command(
          "incident <id>",
          "edges into and out of a node",
          (y) => pageOptions(y).option("edge-kind", { type: "string", array: true, describe: "edge kinds (repeatable)" }),
          read(context, "incident"),
        )
        .command(
          "kind <kind>",
          "nodes of one kind, paged by id",
          (y) => pageOptions(y),
          read(context, "kind"),
        )
        .command(
          "neighborhood <id>",
          "nodes within --depth hops, paged by id, with the edges among them",
          (y) =>
            pageOptions(y)
              .option("depth", { type: "number", default: 1, describe: "hops from the node" })
              .option("direction", { choices: ["out", "in", "both"] as const, default: "out", describe: "which edges to follow" })
              .option("edge-kind", { type: "string", array: true, describe: "edge kinds to follow (repeatable)" }),
          read(context, "neighborhood"),
        )
        .command(
          "path <from> <to>",
          "shortest directed path between two nodes",
          (y) =>
            y
              .option("edge-kind", { type: "string", array: true, describe: "edge kinds to follow (repeatable)" })
              .option("max-hops", { type: "number", default: 64, describe: "hop cap for the search" }),
          read(context, "path"),
        )
        .command("import <file>", "replace the graph with the rows of a rows JSON file (tsift-graph-rows/v1 or a Convex snapshot)", {}, run(async (args) => context.setResult(await (await queries()).graphDbImport(target(args, context), String(args.file)))))
        .command(
          "export",
          "write every row as tsift-graph-rows/v1 JSON",
          (y) => y.option("out", { type: "string", describe: "file to write (default: stdout)" }),
          run(async (args) => context.setResult(await (await queries()).graphDbExport(target(args, context), (args as { out?: string }).out))),
        )
        .demandCommand(1, "graph-db needs a subcommand: status, schema, node, edge, edges, incident, kind, neighborhood, path, import, export, refresh, doctor, compact, drift, backend-eval"),
    handler: () => {},
  };
}
