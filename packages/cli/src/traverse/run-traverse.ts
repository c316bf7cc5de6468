import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { TsiftError } from "@tsift/core";
import { TRAVERSE_CONTRACT_VERSION, traverseIndexed, traverseReport, type TraverseData } from "@tsift/index/code-graph";
import { commandResult, type CommandResult } from "../command-result";
import { graphDbPrefix, indexLocationFor } from "../graph-db/graph-db-context";
import { refreshTarget } from "../graph-db/graph-db-refresh";
import { displayPath, localGraphDbExists, openGraphStore, type GraphDbTarget } from "../graph-db/open-graph-store";
import { defineOutput } from "../output/output-spec";
import { renderTraverseHtml } from "./traverse-html";

export interface TraverseFlags {
  node?: string | undefined;
  to?: string | undefined;
  depth: number;
  limit: number;
  maxHops?: number | undefined;
  /** `text` follows the global output flags; `json` forces JSON; `html` renders the page. */
  format: "text" | "json" | "html";
  out?: string | undefined;
  /** False: read graph.db as it is (no index update, no projection refresh). */
  refresh: boolean;
}

export { TRAVERSE_CONTRACT_VERSION, type TraverseData };

/**
 * `tsift traverse`: a bounded slice of the code graph. No node: the most import-connected
 * files. A node: its scored neighborhood. A node and `--to`: the shortest path. The
 * projection is refreshed first (the index's incremental update, then a watermark reuse
 * when nothing changed), so the slice answers for the source as it is now.
 */
export async function runTraverse(target: GraphDbTarget, flags: TraverseFlags): Promise<CommandResult<TraverseData> | CommandResult<string>> {
  if (flags.to && !flags.node) throw new TsiftError("usage", "--to needs a start node: tsift traverse <node> --to <target>");
  let refresh = "not_refreshed";
  const notes: string[] = [];
  const index = await indexLocationFor(target);
  if (flags.refresh && !existsSync(index.dbPath) && !localGraphDbExists(target)) {
    // Nothing to read yet: the first-use policy every read command follows, then the projection.
    const [{ indexOnFirstUse }, { loadConfig }] = await Promise.all([import("@tsift/index/graph-read"), import("@tsift/index/indexer")]);
    notes.push((await indexOnFirstUse(index, await loadConfig(target.root), { pathArg: target.pathArg, scope: index.scope })).note);
  }
  if (flags.refresh && existsSync(index.dbPath)) refresh = (await refreshTarget(target, { updateIndex: true })).data.mode;
  else if (!localGraphDbExists(target)) {
    // --no-refresh reads graph.db only: with an index present, what is missing is its projection.
    if (existsSync((await indexLocationFor(target)).dbPath))
      throw new TsiftError("index_missing", `no graph.db under ${target.pathArg} to read with --no-refresh; the code index has not been projected`, {
        hint: `${graphDbPrefix(target)} refresh`,
      });
    throw new TsiftError("index_missing", `no code index and no graph.db under ${target.pathArg}`, {
      hint: `tsift index${target.pathArg === "." ? "" : ` ${target.pathArg}`}`,
    });
  }
  const opened = await openGraphStore(target, { readOnly: true });
  let data: TraverseData;
  try {
    const result = await traverseIndexed(opened.store, index, {
      ...(flags.node ? { node: flags.node } : {}),
      ...(flags.to ? { to: flags.to } : {}),
      depth: flags.depth,
      limit: flags.limit,
      ...(flags.maxHops !== undefined ? { maxHops: flags.maxHops } : {}),
    });
    data = traverseReport(result, { node: flags.node, to: flags.to, refresh, pathArg: target.pathArg });
  } finally {
    await opened.store.close();
  }
  if (flags.format === "html") {
    const html = await renderTraverseHtml(data, target.pathArg);
    if (!flags.out) return { data: html, output: htmlOutput, root: target.root };
    const path = resolve(target.root, flags.out);
    try {
      await writeFile(path, html);
    } catch (error) {
      throw new TsiftError("io_error", `cannot write ${path}: ${(error as Error).message}`, { cause: error });
    }
    data.html = displayPath(target.root, path);
  }
  notes.push(...data.warnings.map((warning) => `warning: ${warning}`));
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
