import { resolve } from "node:path";
import type { GraphDirection } from "@tsift/core";
import type { CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { pathArg } from "@tsift/index/graph-read";
import { parsePropertyFlags, stringList, wholeNumber } from "./graph-db-args";
import type { GraphDbReadName } from "../commands/graph-db";
import type { GraphDbBackend, GraphDbTarget } from "./open-graph-store";

/** `graph-db` arguments under their table keys (`authTokenEnv`, `edgeKinds`), whichever parser read them. */
export type GraphDbArgs = Readonly<Record<string, unknown>>;

/** The store a `graph-db` invocation addresses. */
export function graphDbTarget(args: GraphDbArgs, io: Pick<CliIo, "cwd" | "env">): GraphDbTarget {
  const root = resolve(io.cwd, String(args.path ?? "."));
  return {
    root,
    pathArg: pathArg(io.cwd, root),
    scope: args.scope as string | undefined,
    backend: (args.backend as GraphDbBackend | undefined) ?? "sqlite",
    url: args.url as string | undefined,
    authTokenEnv: (args.authTokenEnv as string | undefined) ?? "TSIFT_LIBSQL_AUTH_TOKEN",
    convexSnapshot: args.convexSnapshot as string | undefined,
    env: io.env,
  };
}

export function pageFlags(args: GraphDbArgs) {
  return {
    cursor: args.cursor as string | undefined,
    limit: wholeNumber("--limit", args.limit),
    properties: parsePropertyFlags(args.property as string[] | undefined),
    edgeKinds: stringList(args.edgeKinds),
  };
}

/**
 * One graph-db read (or refresh, or doctor), whichever parser read its arguments: the
 * yargs handlers and the fast path both call this, so the two can only differ in
 * parsing, never in behaviour.
 */
export async function runGraphDbRead(sub: GraphDbReadName, args: GraphDbArgs, io: Pick<CliIo, "cwd" | "env">): Promise<CommandResult> {
  const target = graphDbTarget(args, io);
  if (sub === "refresh")
    return (await import("./graph-db-refresh")).graphDbRefresh(target, { force: Boolean(args.force), updateIndex: Boolean(args.updateIndex) });
  if (sub === "doctor") return (await import("./graph-db-doctor")).graphDbDoctor(target);
  const queries = await import("./graph-db-queries");
  switch (sub) {
    case "status":
      return queries.graphDbStatus(target);
    case "schema":
      return queries.graphDbSchemaResult();
    case "node":
      return queries.graphDbNode(target, String(args.id));
    case "edge":
      return queries.graphDbEdge(target, String(args.id));
    case "edges":
      return queries.graphDbEdges(target, pageFlags(args));
    case "incident":
      return queries.graphDbIncident(target, String(args.id), pageFlags(args));
    case "kind":
      return queries.graphDbKind(target, String(args.kind), pageFlags(args));
    case "neighborhood":
      return queries.graphDbNeighborhood(target, String(args.id), {
        ...pageFlags(args),
        depth: wholeNumber("--depth", args.depth),
        direction: args.direction as GraphDirection | undefined,
      });
    case "path":
      return queries.graphDbShortestPath(target, String(args.from), String(args.to), {
        edgeKinds: stringList(args.edgeKinds),
        maxHops: wholeNumber("--max-hops", args.maxHops),
      });
  }
}
