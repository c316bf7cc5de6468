import type { AbstractGraph } from "graphology-types";
import isGraph from "graphology-utils/is-graph.js";
import { TsiftError } from "@tsift/core";
import type { GraphInput } from "./build-call-graph";
import type { EdgeListGraph } from "./edge-list-graph";
import { compareCodeUnits, compareStringLists } from "./internal/compare";
import { tarjan } from "./internal/tarjan";

export interface SccReport {
  /** Each component's members sorted; components by size desc, then members. */
  components: string[][];
  total_components: number;
  /** Components that form a cycle: more than one member, or one with a self-loop. */
  non_trivial: number;
  /** Size of the largest component; 0 for an empty graph. */
  largest: number;
  node_count: number;
  /** Input edges counted as given, duplicates and self-loops included. */
  edge_count: number;
}

/**
 * Strongly connected components by Tarjan's algorithm, run iteratively (see
 * internal/tarjan.ts for why not graphology-components). Accepts an edge list or any
 * graphology graph (an undirected edge counts both ways); pure: the input is not modified.
 *
 * The report is deterministic: it depends only on the set of nodes and edges,
 * never on input order, because every list is sorted before it is returned.
 */
export function stronglyConnectedComponents(graph: GraphInput): SccReport {
  const ids = new Map<string, number>();
  const names: string[] = [];
  const intern = (name: unknown, where: string): number => {
    if (typeof name !== "string") {
      throw new TsiftError("invalid_input", `${where} must be a string node id, got ${typeof name}`, {
        details: { where },
      });
    }
    let id = ids.get(name);
    if (id === undefined) {
      id = names.length;
      ids.set(name, id);
      names.push(name);
    }
    return id;
  };

  const from: number[] = [];
  const to: number[] = [];
  let edgeCount: number;
  if (isGraph(graph)) {
    const g = graph as AbstractGraph;
    g.forEachNode((node) => intern(node, "node"));
    edgeCount = g.size;
    g.forEachEdge((_edge, _attributes, source, target, _sa, _ta, undirected) => {
      from.push(ids.get(source)!);
      to.push(ids.get(target)!);
      if (undirected && source !== target) {
        from.push(ids.get(target)!);
        to.push(ids.get(source)!);
      }
    });
  } else {
    const list = graph as EdgeListGraph;
    list.nodes.forEach((node, i) => intern(node, `nodes[${i}]`));
    edgeCount = list.edges.length;
    list.edges.forEach((edge, i) => {
      if (!Array.isArray(edge) || edge.length !== 2) {
        throw new TsiftError("invalid_input", `edges[${i}] must be a [from, to] pair`, { details: { index: i } });
      }
      from.push(intern(edge[0], `edges[${i}][0]`));
      to.push(intern(edge[1], `edges[${i}][1]`));
    });
  }

  const n = names.length;
  // Compressed adjacency (CSR): one allocation instead of an array per node keeps
  // million-edge call graphs cheap to scan.
  const offsets = new Int32Array(n + 1);
  for (let e = 0; e < from.length; e++) offsets[from[e]! + 1]!++;
  for (let v = 0; v < n; v++) offsets[v + 1]! += offsets[v]!;
  const targets = new Int32Array(from.length);
  const fill = offsets.slice(0, n);
  const selfLoop = new Uint8Array(n);
  for (let e = 0; e < from.length; e++) {
    const f = from[e]!;
    targets[fill[f]!++] = to[e]!;
    if (f === to[e]) selfLoop[f] = 1;
  }

  let nonTrivial = 0;
  const components = tarjan(n, offsets, targets).components.map((members) => {
    if (members.length > 1 || selfLoop[members[0]!] === 1) nonTrivial++;
    return members.map((id) => names[id]!).sort(compareCodeUnits);
  });
  components.sort((a, b) => b.length - a.length || compareStringLists(a, b));

  return {
    components,
    total_components: components.length,
    non_trivial: nonTrivial,
    largest: components[0]?.length ?? 0,
    node_count: n,
    edge_count: edgeCount,
  };
}
