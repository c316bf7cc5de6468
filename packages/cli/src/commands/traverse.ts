import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { CommandResult } from "../command-result";
import { defineCommand } from "../definition/define-command";
import { DIR, PATH } from "../definition/common-options";
import type { GraphDbTarget } from "../graph-db/open-graph-store";

/** `tsift traverse [node] [dir]`: a bounded graph slice (overview, neighborhood or path) as text, JSON or one HTML file. */
export const traverse = defineCommand({
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
  // @tsift/index's `traverseGraphDb` (the projection refreshed first, then the overview,
  // neighbourhood or path slice) over the project's SQLite graph.db. Each format names its
  // renderer; `json` names none, so every mode prints the data as JSON.
  async run(options, io): Promise<CommandResult> {
    const [{ traverseGraphDb }, { pathArg }, { TsiftError }, { commandResult }, context, { graphDbFile }, { displayPath, openGraphStore }, outputs] =
      await Promise.all([
        import("@tsift/index/code-graph"),
        import("@tsift/index/graph-read"),
        import("@tsift/core/light"),
        import("../command-result"),
        import("../graph-db/graph-db-context"),
        import("../graph-db/graph-db-refresh"),
        import("../graph-db/open-graph-store"),
        import("../traverse/traverse-output"),
      ]);
    const root = resolve(io.cwd, options.path ?? ".");
    const target: GraphDbTarget = {
      root,
      pathArg: pathArg(io.cwd, root),
      scope: options.scope,
      backend: "sqlite",
      authTokenEnv: "TSIFT_LIBSQL_AUTH_TOKEN",
      env: io.env,
    };
    const { data, notes } = await traverseGraphDb(
      {
        root,
        index: await context.indexLocationFor(target),
        place: context.graphDbPlace(target),
        file: graphDbFile(target),
        lockPath: context.graphWriteLockPath(target),
        openReadOnly: async () => (await openGraphStore(target, { readOnly: true })).store,
      },
      options.node,
      { ...(options.to ? { to: options.to } : {}), depth: options.depth, limit: options.limit, maxHops: options.maxHops, refresh: options.refresh },
    );
    if (options.format === "html") {
      const { renderTraverseHtml } = await import("../traverse/traverse-html");
      const html = await renderTraverseHtml(data, target.pathArg);
      if (!options.out) return commandResult(html, outputs.htmlOutput, { root, notes });
      const path = resolve(root, options.out);
      try {
        await writeFile(path, html);
      } catch (error) {
        throw new TsiftError("io_error", `cannot write ${path}: ${(error as Error).message}`, { cause: error });
      }
      data.html = displayPath(root, path);
    }
    if (options.format === "json") return { data, root, notes };
    return commandResult(data, outputs.traverseOutput, { root, notes });
  },
});
