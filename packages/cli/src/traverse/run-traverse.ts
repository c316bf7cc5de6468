import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { TsiftError } from "@tsift/core";
import { TRAVERSE_CONTRACT_VERSION, type TraverseData, type TraverseGraphDbOptions } from "@tsift/index/code-graph";
import { commandResult, type CommandResult } from "../command-result";
import { graphDbPlace, graphWriteLockPath, indexLocationFor } from "../graph-db/graph-db-context";
import { graphDbFile } from "../graph-db/graph-db-refresh";
import { displayPath, openGraphStore, type GraphDbTarget } from "../graph-db/open-graph-store";
import { defineOutput } from "../output/output-spec";
import { renderTraverseHtml } from "./traverse-html";

/** What the command line sets of `traverseGraphDb`'s options, and how the slice is shown. */
export type TraverseCliOptions = TraverseGraphDbOptions &
  Required<Pick<TraverseGraphDbOptions, "depth" | "limit" | "maxHops" | "refresh">> & {
    /** The start node (see `TraverseGraphOptions.node`); none: the overview. */
    node?: string | undefined;
    /** `text` follows the global output flags; `json` forces JSON; `html` renders the page. */
    format: "text" | "json" | "html";
    out?: string | undefined;
  };

export { TRAVERSE_CONTRACT_VERSION, type TraverseData };

/**
 * `tsift traverse`: @tsift/index's `traverseGraphDb` (the projection refreshed first, then
 * the overview, neighbourhood or path slice) over the project's SQLite graph.db, rendered
 * as text, JSON or one HTML page.
 */
export async function runTraverse(target: GraphDbTarget, flags: TraverseCliOptions): Promise<CommandResult<TraverseData> | CommandResult<string>> {
  const { traverseGraphDb } = await import("@tsift/index/code-graph");
  const { data, notes } = await traverseGraphDb(
    {
      root: target.root,
      index: await indexLocationFor(target),
      place: graphDbPlace(target),
      file: graphDbFile(target),
      lockPath: graphWriteLockPath(target),
      openReadOnly: async () => (await openGraphStore(target, { readOnly: true })).store,
    },
    flags.node,
    {
      ...(flags.to ? { to: flags.to } : {}),
      depth: flags.depth,
      limit: flags.limit,
      maxHops: flags.maxHops,
      refresh: flags.refresh,
    },
  );
  if (flags.format === "html") {
    const html = await renderTraverseHtml(data, target.pathArg);
    if (!flags.out) return { data: html, output: htmlOutput, root: target.root, notes };
    const path = resolve(target.root, flags.out);
    try {
      await writeFile(path, html);
    } catch (error) {
      throw new TsiftError("io_error", `cannot write ${path}: ${(error as Error).message}`, { cause: error });
    }
    data.html = displayPath(target.root, path);
  }
  // Without an output spec every mode prints the data as JSON: that is what --format json asks for.
  if (flags.format === "json") return { data, root: target.root, notes };
  return commandResult(data, traverseOutput, { root: target.root, notes });
}

/** `--format html` without `--out`: the page itself is the output, in every mode. */
const htmlOutput = defineOutput<string>({ tool: "traverse", text: (html) => html });

export const traverseOutput = defineOutput<TraverseData>({
  tool: "traverse",
  pathKeys: ["html"],
  text: (data) => {
    const head =
      data.mode === "path"
        ? data.path
          ? `path ${data.path.direction === "reverse" ? "(reverse) " : ""}${data.path.nodes.join(" -> ")} (${data.path.hops} hops)`
          : `no path from ${data.target?.id} to ${data.to?.id}`
        : `${data.mode}${data.target ? ` of ${data.target.id}` : ""}: ${data.nodes.length} nodes, ${data.edges.length} edges${data.truncated ? " (capped)" : ""}`;
    const width = Math.max(14, ...data.recommendations.map((rec) => rec.reason.length));
    const left = data.recommendations_total - data.recommendations.length;
    return [
      head,
      ...data.recommendations.map((rec) => `  ${rec.reason.padEnd(width)} ${rec.handle ?? ""} ${rec.label} [${rec.kind}]`),
      ...(left > 0 ? [`  (+${left} more; --format json lists every node)`] : []),
      ...(data.html ? [`html: ${data.html}`] : []),
      ...(data.next_commands.length ? [`next: ${data.next_commands.join("\n      ")}`] : []),
    ].join("\n");
  },
  tables: [
    { columns: ["id", "kind", "label", "depth"], rows: (data) => data.nodes.map((node) => [node.id, node.kind, node.label, node.depth ?? ""]) },
    { columns: ["from_id", "kind", "to_id"], rows: (data) => data.edges.map((edge) => [edge.from_id, edge.kind, edge.to_id]) },
  ],
  envelope: {
    view: "graph",
    summary: (data) => `traverse ${data.mode}: ${data.nodes.length} nodes, ${data.edges.length} edges`,
    metrics: (data) => [
      { label: "nodes", value: data.nodes.length },
      { label: "edges", value: data.edges.length },
      { label: "hops", value: data.path?.hops ?? null },
    ],
    followUp: (data) => data.next_commands,
    truncated: (data) => data.truncated,
  },
});
