import type { StoredEdge, SymbolCallGraph } from "@tsift/index/graph-read";
import { abbreviateKind, compactHeader } from "../output/compact-labels";
import { DEFAULT_PATH_KEYS } from "../output/display-paths";
import { defineOutput } from "../output/output-spec";
import { placeFlags, type CommandPlace } from "@tsift/index/graph-read";

/** `tsift graph` data: the query's shape plus where the symbol is defined. */
export type GraphData = SymbolCallGraph & { kind: string; file: string; line: number };

/** Path-valued keys of graph, explain and path reports. */
export const GRAPH_PATH_KEYS: readonly string[] = [...DEFAULT_PATH_KEYS, "callee_file", "root"];

export interface EdgeLists {
  callers?: StoredEdge[];
  callees?: StoredEdge[];
  callersTotal: number;
  calleesTotal: number;
}

export function edgeLists(data: SymbolCallGraph): EdgeLists {
  if ("callers_total" in data) return { callers: data.callers, callees: data.callees, callersTotal: data.callers_total, calleesTotal: data.callees_total };
  if ("callers" in data) return { callers: data.callers, callersTotal: data.total, calleesTotal: 0 };
  return { callees: data.callees, calleesTotal: data.total, callersTotal: 0 };
}

const site = (edge: StoredEdge) => `${edge.caller_file}:${edge.call_site_line}`;
const target = (edge: StoredEdge) => (edge.callee_file !== null ? `  → ${edge.callee_file}:${edge.callee_line}` : `  (${edge.resolution})`);

/** Human lines for one direction: `callers (3):` then `  file:line  name`, `(+N more)` when capped. */
export function edgeText(title: "callers" | "callees", edges: readonly StoredEdge[], total: number): string[] {
  const lines = [`${title} (${total}):`];
  for (const edge of edges) {
    lines.push(title === "callers" ? `  ${site(edge)}  ${edge.caller_name}` : `  ${site(edge)}  ${edge.callee_name}${target(edge)}`);
    // A call through an interface or trait member: where dispatch can land.
    if (title === "callees" && edge.dispatch) lines.push(`      dispatch: ${edge.dispatch.map((to) => `${to.name} ${to.file}:${to.line}`).join(", ")}`);
  }
  if (total > edges.length) lines.push(`  (+${total - edges.length} more)`);
  return lines;
}

export function edgeCompact(title: "callers" | "callees", edges: readonly StoredEdge[], total: number): string {
  const items = edges.map((edge) => (title === "callers" ? `${edge.caller_name} ${site(edge)}` : `${edge.callee_name} ${site(edge)}`));
  return `${compactHeader(title, edges.length, total)} ${items.join(", ")}${total > edges.length ? ` (+${total - edges.length} more)` : ""}`;
}

/** Rows for `direction name file line handle`: a caller row names the caller, a callee row the target, both at the call site. */
export function edgeRows(lists: EdgeLists): unknown[][] {
  return [
    ...(lists.callers ?? []).map((edge) => ["caller", edge.caller_name, edge.caller_file, edge.call_site_line, edge.caller_handle]),
    ...(lists.callees ?? []).map((edge) => ["callee", edge.callee_name, edge.caller_file, edge.call_site_line, edge.callee_handle]),
  ];
}

export function hiddenEdges(lists: EdgeLists): number {
  return lists.callersTotal - (lists.callers?.length ?? 0) + lists.calleesTotal - (lists.callees?.length ?? 0);
}

/** `tsift explain` for each caller and resolved callee, in order, without repeats. */
export function explainCommands(lists: EdgeLists, place: CommandPlace): string[] {
  const handles = [...(lists.callers ?? []).map((edge) => edge.caller_handle), ...(lists.callees ?? []).map((edge) => edge.callee_handle)];
  return [...new Set(handles.filter((handle): handle is string => handle !== null))].map((handle) => `tsift explain ${handle}${placeFlags(place)}`);
}

export const graphOutput = (place: CommandPlace) =>
  defineOutput<GraphData>({
    tool: "graph",
    pathKeys: GRAPH_PATH_KEYS,
    text: (data) => {
      const lists = edgeLists(data);
      const lines = [`${data.symbol}  ${data.kind}  ${data.file}:${data.line}  ${data.handle}`];
      if (lists.callers) lines.push(...edgeText("callers", lists.callers, lists.callersTotal));
      if (lists.callees) lines.push(...edgeText("callees", lists.callees, lists.calleesTotal));
      return lines.join("\n");
    },
    compact: (data) => {
      const lists = edgeLists(data);
      return [
        `sym: ${data.symbol} (${abbreviateKind(data.kind)}) ${data.file}:${data.line}`,
        ...(lists.callers ? [edgeCompact("callers", lists.callers, lists.callersTotal)] : []),
        ...(lists.callees ? [edgeCompact("callees", lists.callees, lists.calleesTotal)] : []),
      ].join("\n");
    },
    tables: [
      { columns: ["direction", "name", "file", "line", "handle"], rows: (data) => edgeRows(edgeLists(data)), more: (data) => hiddenEdges(edgeLists(data)) },
    ],
    envelope: {
      view: "report",
      summary: (data) => {
        const lists = edgeLists(data);
        const parts = [...(lists.callers ? [`${lists.callersTotal} callers`] : []), ...(lists.callees ? [`${lists.calleesTotal} callees`] : [])];
        return `${data.symbol} (${data.file}:${data.line}): ${parts.join(", ")}`;
      },
      metrics: (data) => {
        const lists = edgeLists(data);
        return [
          ...(lists.callers ? [{ label: "callers", value: lists.callersTotal }] : []),
          ...(lists.callees ? [{ label: "callees", value: lists.calleesTotal }] : []),
        ];
      },
      followUp: (data) => explainCommands(edgeLists(data), place),
      truncated: (data) => hiddenEdges(edgeLists(data)) > 0,
    },
  });
