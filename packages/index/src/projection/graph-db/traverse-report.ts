import type { GraphEdge, NodeMatch, Recommendation, SliceNode, TraverseGraphResult, TraverseMode } from "@tsift/core";
import { shellArg } from "../../walk/command-place";

export const TRAVERSE_CONTRACT_VERSION = "tsift-traverse-v1";

/** What `tsift traverse --format json` reports. */
export interface TraverseData {
  contract_version: typeof TRAVERSE_CONTRACT_VERSION;
  operation: "traverse";
  mode: TraverseMode;
  target: { input: string; id: string; match: NodeMatch; alternatives: { id: string; kind: string; label: string; path?: string }[] } | null;
  to: { input: string; id: string; match: NodeMatch } | null;
  /** The refresh that ran first: a refresh mode, or `not_refreshed`. */
  refresh: string;
  nodes: SliceNode[];
  edges: GraphEdge[];
  path: { nodes: string[]; edges: string[]; hops: number; direction: "forward" | "reverse" } | null;
  /** The best 8 next nodes; `recommendations_total` counts them all, `recommendations_truncated` when some were left off. */
  recommendations: (Recommendation & { commands: string[] })[];
  recommendations_total: number;
  recommendations_truncated: boolean;
  truncated: boolean;
  warnings: string[];
  /** Set when the CLI's `--format html --out` wrote the page. */
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

/** A traversal (`traverseGraph`) as `tsift traverse` reports it, with the commands that go on from each recommendation. */
export function traverseReport(
  result: TraverseGraphResult,
  options: { node?: string | undefined; to?: string | undefined; refresh: string; pathArg: string },
): TraverseData {
  const { slice, start, end } = result;
  const pathFlag = options.pathArg === "." ? "" : ` --path ${options.pathArg}`;
  const byId = new Map(slice.nodes.map((node) => [node.id, node]));
  return {
    contract_version: TRAVERSE_CONTRACT_VERSION,
    operation: "traverse",
    mode: slice.mode,
    target: start ? { input: options.node!, id: start.node.id, match: start.match, alternatives: start.alternatives } : null,
    to: end ? { input: options.to!, id: end.node.id, match: end.match } : null,
    refresh: options.refresh,
    nodes: slice.nodes,
    edges: slice.edges,
    path: slice.path,
    recommendations: slice.recommendations.map((rec) => ({ ...rec, commands: commandsFor(rec, byId.get(rec.id), pathFlag) })),
    recommendations_total: slice.recommendations_total,
    recommendations_truncated: slice.recommendations_truncated,
    truncated: slice.truncated,
    warnings: result.warnings,
    html: null,
    next_commands: slice.recommendations.slice(0, 3).map((rec) => `tsift traverse ${shellArg(rec.handle ?? rec.id)}${pathFlag} --depth 2`),
  };
}
