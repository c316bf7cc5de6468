import { resolve } from "node:path";
import type { Argv } from "yargs";
import type { GraphDirection } from "@tsift/core";
import type { CommandContext } from "../command-context";
import { commandMeta } from "./command-meta";
import { parsePropertyFlags, stringList, wholeNumber } from "../graph-db/graph-db-args";
import { addMaintenanceCommands } from "../graph-db/graph-db-maintenance-commands";
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

function pageFlags(args: GraphDbArgs) {
  return {
    cursor: args.cursor,
    limit: wholeNumber("--limit", args.limit),
    properties: parsePropertyFlags(args.property),
    edgeKinds: stringList(args["edge-kind"]),
  };
}

const queries = () => import("../graph-db/graph-db-queries");

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
        .command("status", "row counts and projection metadata, without refreshing", {}, run(async (args) => context.setResult(await (await queries()).graphDbStatus(target(args, context)))))
        .command("schema", "the stable node/edge/page/operation shapes", {}, run(async () => context.setResult((await queries()).graphDbSchemaResult())))
        .command("node <id>", "one node by id", {}, run(async (args) => context.setResult(await (await queries()).graphDbNode(target(args, context), String(args.id)))))
        .command("edge <id>", "one edge by its stable key", {}, run(async (args) => context.setResult(await (await queries()).graphDbEdge(target(args, context), String(args.id)))))
        .command(
          "edges",
          "scan edges by kind and property",
          (y) => pageOptions(y).option("edge-kind", { type: "string", array: true, describe: "edge kinds (repeatable)" }),
          run(async (args) => context.setResult(await (await queries()).graphDbEdges(target(args, context), pageFlags(args)))),
        )
        .command(
          "incident <id>",
          "edges into and out of a node",
          (y) => pageOptions(y).option("edge-kind", { type: "string", array: true, describe: "edge kinds (repeatable)" }),
          run(async (args) => context.setResult(await (await queries()).graphDbIncident(target(args, context), String(args.id), pageFlags(args)))),
        )
        .command(
          "kind <kind>",
          "nodes of one kind, paged by id",
          (y) => pageOptions(y),
          run(async (args) => context.setResult(await (await queries()).graphDbKind(target(args, context), String(args.kind), pageFlags(args)))),
        )
        .command(
          "neighborhood <id>",
          "nodes within --depth hops, paged by id, with the edges among them",
          (y) =>
            pageOptions(y)
              .option("depth", { type: "number", default: 1, describe: "hops from the node" })
              .option("direction", { choices: ["out", "in", "both"] as const, default: "out", describe: "which edges to follow" })
              .option("edge-kind", { type: "string", array: true, describe: "edge kinds to follow (repeatable)" }),
          run(async (args) =>
            context.setResult(
              await (await queries()).graphDbNeighborhood(target(args, context), String(args.id), {
                ...pageFlags(args),
                depth: wholeNumber("--depth", (args as { depth?: number }).depth),
                direction: (args as { direction?: GraphDirection }).direction,
              }),
            ),
          ),
        )
        .command(
          "path <from> <to>",
          "shortest directed path between two nodes",
          (y) =>
            y
              .option("edge-kind", { type: "string", array: true, describe: "edge kinds to follow (repeatable)" })
              .option("max-hops", { type: "number", default: 64, describe: "hop cap for the search" }),
          run(async (args) =>
            context.setResult(
              await (await queries()).graphDbShortestPath(target(args, context), String(args.from), String(args.to), {
                edgeKinds: stringList(args["edge-kind"]),
                maxHops: wholeNumber("--max-hops", (args as { "max-hops"?: number })["max-hops"]),
              }),
            ),
          ),
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
