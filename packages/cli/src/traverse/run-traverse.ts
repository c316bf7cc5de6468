import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { TsiftError, traverseGraph, type GraphEdge, type NodeMatch, type Recommendation, type SliceNode, type TraverseMode } from "@tsift/core";
import { commandResult, type CommandResult } from "../command-result";
import { indexLocationFor } from "../graph-db/graph-db-context";
import { refreshTarget } from "../graph-db/graph-db-refresh";
import { displayPath, localGraphDbExists, openGraphStore, type GraphDbTarget } from "../graph-db/open-graph-store";
import { shellArg } from "@tsift/digest";
import { defineOutput } from "../output/output-spec";
import { renderTraverseHtml } from "./traverse-html";

export const TRAVERSE_CONTRACT_VERSION = "tsift-traverse-v1";

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

export interface TraverseData {
  contract_version: typeof TRAVERSE_CONTRACT_VERSION;
  operation: "traverse";
  mode: TraverseMode;
  target: { input: string; id: string; match: NodeMatch; alternatives: { id: string; kind: string; label: string; path?: string }[] } | null;
  to: { input: string; id: string; match: NodeMatch } | null;
  refresh: string;
  nodes: SliceNode[];
  edges: GraphEdge[];
  path: { nodes: string[]; edges: string[]; hops: number; direction: "forward" | "reverse" } | null;
  recommendations: (Recommendation & { commands: string[] })[];
  truncated: boolean;
  warnings: string[];
  /** Set when `--format html --out` wrote the page. */
  html: string | null;
  next_commands: string[];
}

function commandsFor(rec: Recommendation, node: SliceNode | undefined, pathFlag: string): string[] {
  const commands = [`tsift traverse ${shellArg(rec.handle ?? rec.id)}${pathFlag} --depth 2`];
  const path = node?.properties?.path;
  if (path && (node?.kind === "symbol" || node?.kind === "file" || node?.kind === "route")) {
    const line = node.properties?.line;
    commands.push(`tsift source-read ${shellArg(path)}${pathFlag}${line ? ` --start ${line}` : ""}`);
  }
  return commands;
}

/**
 * `tsift traverse`: a bounded slice of the code graph. No node: the most import-connected
 * files. A node: its scored neighborhood. A node and `--to`: the shortest path. The
 * projection is refreshed first (the index's incremental update, then a watermark reuse
 * when nothing changed), so the slice answers for the source as it is now.
 */
export async function runTraverse(target: GraphDbTarget, flags: TraverseFlags): Promise<CommandResult<TraverseData> | CommandResult<string>> {
  if (flags.to && !flags.node) throw new TsiftError("usage", "--to needs a start node: tsift traverse <node> --to <target>");
  let refresh = "not_refreshed";
  if (flags.refresh && existsSync((await indexLocationFor(target)).dbPath)) refresh = (await refreshTarget(target, { updateIndex: true })).data.mode;
  else if (!localGraphDbExists(target)) {
    throw new TsiftError("index_missing", `no code index and no graph.db under ${target.pathArg}`, { hint: `tsift index${target.pathArg === "." ? "" : ` ${target.pathArg}`}` });
  }
  const opened = await openGraphStore(target, { readOnly: true });
  let data: TraverseData;
  try {
    const { slice, start, end, warnings } = await traverseGraph(opened.store, {
      ...(flags.node ? { node: flags.node } : {}),
      ...(flags.to ? { to: flags.to } : {}),
      depth: flags.depth,
      limit: flags.limit,
      ...(flags.maxHops !== undefined ? { maxHops: flags.maxHops } : {}),
    });
    const pathFlag = target.pathArg === "." ? "" : ` --path ${target.pathArg}`;
    const byId = new Map(slice.nodes.map((node) => [node.id, node]));
    data = {
      contract_version: TRAVERSE_CONTRACT_VERSION,
      operation: "traverse",
      mode: slice.mode,
      target: start ? { input: flags.node!, id: start.node.id, match: start.match, alternatives: start.alternatives } : null,
      to: end ? { input: flags.to!, id: end.node.id, match: end.match } : null,
      refresh,
      nodes: slice.nodes,
      edges: slice.edges,
      path: slice.path,
      recommendations: slice.recommendations.map((rec) => ({ ...rec, commands: commandsFor(rec, byId.get(rec.id), pathFlag) })),
      truncated: slice.truncated,
      warnings,
      html: null,
      next_commands: slice.recommendations.slice(0, 3).map((rec) => `tsift traverse ${shellArg(rec.handle ?? rec.id)}${pathFlag} --depth 2`),
    };
  } finally {
    await opened.store.close();
  }
  if (flags.format === "html") {
    const title = `tsift traverse: ${data.mode}${data.target ? ` ${data.target.id}` : ""}${data.to ? ` → ${data.to.id}` : ""}`;
    const html = await renderTraverseHtml({ title, ...data });
    if (!flags.out) return { data: html, output: htmlOutput, root: target.root };
    const path = resolve(target.root, flags.out);
    try {
      await writeFile(path, html);
    } catch (error) {
      throw new TsiftError("io_error", `cannot write ${path}: ${(error as Error).message}`, { cause: error });
    }
    data.html = displayPath(target.root, path);
  }
  const notes = data.warnings.map((warning) => `warning: ${warning}`);
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
    return [
      head,
      ...data.recommendations.map((rec) => `  ${rec.reason.padEnd(14)} ${rec.handle ?? ""} ${rec.label} [${rec.kind}]`),
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
