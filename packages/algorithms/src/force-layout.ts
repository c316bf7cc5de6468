import { UndirectedGraph } from "graphology";
import circular from "graphology-layout/circular.js";
import forceAtlas2 from "graphology-layout-forceatlas2";
import { TsiftError } from "@tsift/core";
import { buildCallGraph, type GraphInput } from "./build-call-graph";
import { fitToBox } from "./internal/fit-to-box";
import { nodeId, nodeKey } from "./internal/node-key";

export interface LayoutPoint {
  x: number;
  y: number;
}

/** The rectangle the layout is fitted into: `[margin, width - margin] × [margin, height - margin]`. */
export interface LayoutBox {
  width: number;
  height: number;
  margin: number;
}

export interface ForceLayoutOptions {
  /** ForceAtlas2 iterations; default 200 (a few milliseconds for the slices a page shows). */
  iterations?: number;
  /**
   * Starting positions by node id, in any unit. Nodes without one start on a circle
   * (graphology-layout's `circular`, in id order), so the result needs no random seed.
   */
  initial?: ReadonlyMap<string, LayoutPoint>;
  /** A node that stays put while the others move, and is drawn at the centre of the box. */
  center?: string;
  /** Default `{ width: 1000, height: 700, margin: 60 }`. */
  box?: LayoutBox;
}

export const DEFAULT_LAYOUT_BOX: LayoutBox = { width: 1000, height: 700, margin: 60 };
const DEFAULT_ITERATIONS = 200;

/**
 * Node positions for a drawing of the graph: ForceAtlas2 (graphology-layout-forceatlas2)
 * from deterministic starting positions, then scaled into `box` keeping the aspect
 * ratio, coordinates rounded to 0.1. ForceAtlas2 has no randomness, and nodes and
 * edges are inserted in id order, so the same graph always gets the same picture
 * whatever order its rows arrived in. Edge direction and duplicates do not matter for
 * a drawing: the graph is laid out as undirected, one edge per pair, self-loops left out.
 *
 * Throws `TsiftError("invalid_input")` for bad options or a `center` that is not a node.
 * Pure: the input is not modified.
 */
export function forceLayout(input: GraphInput, options: ForceLayoutOptions = {}): Map<string, LayoutPoint> {
  const iterations = options.iterations ?? DEFAULT_ITERATIONS;
  if (!Number.isInteger(iterations) || iterations < 0)
    throw new TsiftError("invalid_input", `iterations must be a whole number >= 0, got ${String(iterations)}`);
  const box = options.box ?? DEFAULT_LAYOUT_BOX;
  if (!(box.width > 2 * box.margin && box.height > 2 * box.margin && box.margin >= 0)) {
    throw new TsiftError("invalid_input", "the layout box must be wider and taller than twice its margin", { details: { ...box } });
  }
  const source = buildCallGraph(input);
  const centerKey = options.center === undefined ? undefined : nodeKey(options.center);
  if (centerKey !== undefined && !source.hasNode(centerKey)) throw new TsiftError("invalid_input", `center ${options.center} is not a node of the graph`);

  const graph = new UndirectedGraph();
  source.forEachNode((key) => graph.addNode(key));
  source.forEachEdge((_edge, _attributes, from, to) => {
    if (from !== to && !graph.hasEdge(from, to)) graph.addEdge(from, to);
  });
  const start = circular(graph, { scale: 100 });
  graph.forEachNode((key) => {
    const given = options.initial?.get(nodeId(key));
    graph.mergeNodeAttributes(key, { x: given?.x ?? start[key]!.x!, y: given?.y ?? start[key]!.y!, fixed: key === centerKey });
  });
  const moved = graph.order > 1 && iterations > 0 ? forceAtlas2(graph, { iterations, settings: forceAtlas2.inferSettings(graph) }) : {};
  const raw = new Map<string, LayoutPoint>();
  graph.forEachNode((key, attributes) => raw.set(key, moved[key] ?? { x: attributes.x as number, y: attributes.y as number }));
  return fitToBox(raw, box, centerKey, nodeId);
}
