import { UndirectedGraph } from "graphology";
import type { AbstractGraph } from "graphology-types";

/**
 * The undirected simple view of a graph: one unit edge per connected pair, no
 * self-loops, nodes in the same order. Communities (and `shortestPath` with
 * `undirected`) read calls in either direction.
 */
export function undirectedView(graph: AbstractGraph): UndirectedGraph {
  const view = new UndirectedGraph({ allowSelfLoops: false });
  graph.forEachNode((node) => view.addNode(node));
  graph.forEachEdge((_edge, _attributes, source, target) => {
    if (source !== target && !view.hasEdge(source, target)) view.addEdge(source, target);
  });
  return view;
}
