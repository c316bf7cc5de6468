import { resolve } from "node:path";
import { defineCommand } from "../definition/define-command";
import { DIR, PATH } from "../definition/common-options";
import type { ReadOptions } from "../graph-cmd/read-index";
import type { TraverseCliOptions } from "../traverse/run-traverse";

/** `tsift traverse [node] [dir]`: a bounded graph slice (overview, neighborhood or path) as text, JSON or one HTML file. */
export const traverse = defineCommand<TraverseCliOptions & ReadOptions>()({
  name: "traverse",
  summary: "graph slice around a node, a path between two, or an overview: text, JSON or one HTML file",
  helpOrder: 160,
  readsIndex: true,
  positionals: [{ name: "node", required: false, description: "node id, gsym-/gfil- handle, file path, symbol name or `GET /route`" }, DIR],
  options: {
    to: { type: "string", description: "shortest path from <node> to this node" },
    path: PATH,
    scope: { type: "string", description: "workspace scope (its own index and graph.db)" },
    depth: { type: "number", default: 2, min: 1, description: "neighborhood hops (at most 100)" },
    limit: { type: "number", default: 60, min: 1, description: "most nodes in the slice (at most 1000)" },
    maxHops: { type: "number", default: 64, min: 1, description: "hop cap for --to (at most 1000)" },
    format: {
      type: "string",
      choices: ["text", "json", "html"],
      default: "text",
      description: "text (or the global output flags), json, or a self-contained html page",
    },
    out: { type: "string", description: "write the html page to this file instead of stdout" },
    refresh: { type: "boolean", default: true, description: "update the index and graph.db first (--no-refresh reads graph.db as it is)" },
  },
  examples: [
    { command: "tsift traverse", description: "an overview of the project's graph" },
    { command: "tsift traverse Store.get --depth 1", description: "Store.get and its direct neighbours" },
    { command: "tsift traverse main --to Store.get --format html --out path.html", description: "the path between two symbols as one HTML page" },
  ],
  async run(options, io) {
    const [{ runTraverse }, { pathArg }] = await Promise.all([import("../traverse/run-traverse"), import("@tsift/index/graph-read")]);
    const root = resolve(io.cwd, options.path ?? ".");
    return runTraverse(
      { root, pathArg: pathArg(io.cwd, root), scope: options.scope, backend: "sqlite", authTokenEnv: "TSIFT_LIBSQL_AUTH_TOKEN", env: io.env },
      options,
    );
  },
});
