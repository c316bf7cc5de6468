import type { GraphViewLayer, GraphViewModel, GraphViewNodeInput, GraphViewValue } from "@tsift/algorithms";
import type { SliceNode } from "@tsift/core";
import type { TraverseData } from "../../projection/graph-db/traverse-report";
import { shellArg } from "../../walk/command-place";

export interface TraverseGraphViewOptions {
  /** The page title; default `tsift traverse: <mode> <target> → <to>`. */
  title?: string;
  /** How suggested commands spell the project (`--path`), as `tsift traverse` was given it; default `.`. */
  pathArg?: string;
}

/** Symbols and routes are the code; files, modules and the projection's own node are where it lives. */
const SYMBOL_KINDS = new Set(["symbol", "route"]);
const layerOf = (kind: string): GraphViewLayer => (SYMBOL_KINDS.has(kind) ? "symbol" : "file");

function nodeCommands(node: SliceNode, pathFlag: string): string[] {
  const props = node.properties ?? {};
  const handle = props.handle;
  const commands: string[] = [];
  if (node.kind === "symbol" && handle) commands.push(`tsift explain ${shellArg(handle)}${pathFlag}`);
  commands.push(`tsift traverse ${shellArg(handle ?? node.id)}${pathFlag} --depth 2`);
  if (props.path && (node.kind === "symbol" || node.kind === "file" || node.kind === "route")) {
    commands.push(`tsift source-read ${shellArg(props.path)}${pathFlag}${props.line ? ` --start ${props.line}` : ""}`);
  }
  return commands;
}

function nodeProperties(node: SliceNode): Record<string, GraphViewValue> {
  const out: Record<string, GraphViewValue> = {};
  if (node.depth !== undefined) out.depth = node.depth;
  // A symbol's own kind (function, class…) is the node's kind in the view, not a second `kind` row.
  for (const key of Object.keys(node.properties ?? {}).sort()) if (key !== "kind" || node.kind !== "symbol") out[key] = node.properties![key]!;
  if (node.provenance?.length) out.provenance = node.provenance.map((p) => `${p.source} ${p.source_ref}`).join("; ");
  if (node.freshness) out.freshness = `${(node.freshness.content_hash ?? "").slice(0, 16)} @ ${node.freshness.observed_at_unix ?? ""}`;
  return out;
}

/**
 * A `tsift traverse` slice as a graph view (`renderGraphView`): files and modules on the
 * file layer, symbols and routes on the symbol layer, each node with its properties,
 * provenance and the commands that go on from it. A path is drawn as a line in hop order;
 * a neighbourhood starts on rings by depth with its subject pinned in the middle; an
 * overview is left to ForceAtlas2. Deterministic, like the slice.
 */
export async function traverseGraphView(data: TraverseData, options: TraverseGraphViewOptions = {}): Promise<GraphViewModel> {
  const pathFlag = options.pathArg && options.pathArg !== "." ? ` --path ${options.pathArg}` : "";
  const title = options.title ?? `tsift traverse: ${data.mode}${data.target ? ` ${data.target.id}` : ""}${data.to ? ` → ${data.to.id}` : ""}`;
  const known = new Set(data.nodes.map((node) => node.id));
  const nodes: GraphViewNodeInput[] = data.nodes.map((node) => ({
    id: node.id,
    label: node.label,
    kind: node.kind === "symbol" ? (node.properties?.kind ?? node.kind) : node.kind,
    layer: layerOf(node.kind),
    properties: nodeProperties(node),
    commands: nodeCommands(node, pathFlag),
  }));
  const edges = data.edges
    .filter((edge) => known.has(edge.from_id) && known.has(edge.to_id))
    .map((edge) => ({ from: edge.from_id, to: edge.to_id, kind: edge.kind }));
  const notes = [...data.warnings];
  if (data.truncated) notes.push("the slice was capped: raise --limit to see more of it");

  const { layoutGraphView } = await import("@tsift/algorithms");
  const input = { title, nodes, edges, notes };
  if (data.mode === "path") {
    const ordered = [...data.nodes].sort((a, b) => (a.depth ?? 0) - (b.depth ?? 0));
    const positions = new Map(ordered.map((node, i) => [node.id, { x: i * 100, y: i % 2 === 0 ? -15 : 15 }]));
    return layoutGraphView(input, { positions });
  }
  if (data.mode === "neighborhood") {
    const rings = new Map<number, SliceNode[]>();
    for (const node of data.nodes) (rings.get(node.depth ?? 1) ?? rings.set(node.depth ?? 1, []).get(node.depth ?? 1)!).push(node);
    const initial = new Map<string, { x: number; y: number }>();
    for (const [ring, members] of rings) {
      members.forEach((node, i) => {
        const angle = (2 * Math.PI * i) / members.length + ring * 0.5;
        initial.set(node.id, { x: 100 * ring * Math.cos(angle), y: 100 * ring * Math.sin(angle) });
      });
    }
    const center = data.nodes.find((node) => node.depth === 0)?.id;
    return layoutGraphView(input, { initial, ...(center === undefined ? {} : { center }) });
  }
  return layoutGraphView(input);
}
