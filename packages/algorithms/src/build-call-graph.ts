import { DirectedGraph } from "graphology";
import type { AbstractGraph, Attributes } from "graphology-types";
import isGraph from "graphology-utils/is-graph.js";
import { TsiftError } from "@tsift/core";
import type { EdgeListGraph } from "./edge-list-graph";
import { compareCodeUnits } from "./internal/compare";
import { nodeKey } from "./internal/node-key";

/** Edge attributes of a call graph: `weight` counts the call sites between the pair. */
export interface CallEdgeAttributes extends Attributes {
  weight: number;
}

/**
 * A simple directed graph (one edge per ordered pair, self-loops allowed) whose nodes
 * were inserted in code-unit order of their ids and whose edges in order of (from, to).
 * graphology iterates in insertion order, so every algorithm that walks it (Louvain's
 * sweep, BFS tie-breaks) is deterministic whatever order the rows arrived in.
 */
export type CallGraph = DirectedGraph<Attributes, CallEdgeAttributes>;

/** What every algorithm accepts: a plain edge list, or any graphology graph. */
export type GraphInput = EdgeListGraph | AbstractGraph;

// Graphs this module built (or was handed already built): reused as they are, never copied.
const built = new WeakSet<object>();

/**
 * Builds the canonical call graph from an edge list or a graphology graph, without
 * modifying the input. Nodes are sorted by id, duplicate edges merge into one with
 * `weight` = the number of copies (or the sum of their `weight` attributes), an
 * undirected edge becomes two directed ones, and node attributes are copied.
 * A graph returned by this function is returned unchanged when passed again, so
 * several algorithms over one graph share one build; treat it as immutable. Ids that
 * are Object.prototype property names (`constructor`, `toString`) are stored with a
 * \u0001 prefix, which graphology needs; the algorithms report the caller's ids.
 *
 * Throws `TsiftError("invalid_input")` for a node id that is not a string or an
 * edge that is not a `[from, to]` pair.
 */
export function buildCallGraph(input: GraphInput): CallGraph {
  if (built.has(input)) return input as CallGraph;
  const nodeAttributes = new Map<string, Attributes>();
  const weights = new Map<string, Map<string, number>>();
  const addWeight = (from: string, to: string, weight: number) => {
    let row = weights.get(from);
    if (!row) weights.set(from, (row = new Map()));
    row.set(to, (row.get(to) ?? 0) + weight);
  };

  if (isGraph(input)) {
    const graph = input as AbstractGraph;
    graph.forEachNode((node, attributes) => nodeAttributes.set(nodeKey(node), { ...attributes }));
    graph.forEachEdge((_edge, attributes, source, target, _sa, _ta, undirected) => {
      const weight = typeof attributes.weight === "number" ? attributes.weight : 1;
      addWeight(nodeKey(source), nodeKey(target), weight);
      if (undirected && source !== target) addWeight(nodeKey(target), nodeKey(source), weight);
    });
  } else {
    const list = input as EdgeListGraph;
    if (!list || !Array.isArray(list.nodes) || !Array.isArray(list.edges)) {
      throw new TsiftError("invalid_input", "a graph must be a graphology graph or { nodes, edges }");
    }
    list.nodes.forEach((node, i) => {
      checkId(node, `nodes[${i}]`);
      if (!nodeAttributes.has(nodeKey(node))) nodeAttributes.set(nodeKey(node), {});
    });
    list.edges.forEach((edge, i) => {
      if (!Array.isArray(edge) || edge.length !== 2) {
        throw new TsiftError("invalid_input", `edges[${i}] must be a [from, to] pair`, { details: { index: i } });
      }
      checkId(edge[0], `edges[${i}][0]`);
      checkId(edge[1], `edges[${i}][1]`);
      const from = nodeKey(edge[0]);
      const to = nodeKey(edge[1]);
      if (!nodeAttributes.has(from)) nodeAttributes.set(from, {});
      if (!nodeAttributes.has(to)) nodeAttributes.set(to, {});
      addWeight(from, to, 1);
    });
  }

  const graph: CallGraph = new DirectedGraph({ allowSelfLoops: true });
  for (const node of [...nodeAttributes.keys()].sort(compareCodeUnits)) graph.addNode(node, nodeAttributes.get(node));
  for (const from of [...weights.keys()].sort(compareCodeUnits)) {
    const row = weights.get(from)!;
    for (const to of [...row.keys()].sort(compareCodeUnits)) graph.addEdge(from, to, { weight: row.get(to)! });
  }
  built.add(graph);
  return graph;
}

function checkId(value: unknown, where: string): asserts value is string {
  if (typeof value !== "string") {
    throw new TsiftError("invalid_input", `${where} must be a string node id, got ${typeof value}`, { details: { where } });
  }
}
