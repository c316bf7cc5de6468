import { TsiftError } from "@tsift/core";
import type { EdgeListGraph } from "./edge-list-graph";

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
 * Strongly connected components by Tarjan's algorithm, run iteratively with
 * explicit stacks so a 100k-node chain cannot overflow the JS call stack (the
 * original recursed, which Rust's larger stacks tolerated).
 *
 * The report is deterministic: it depends only on the set of nodes and edges,
 * never on input order, because every list is sorted before it is returned.
 */
export function stronglyConnectedComponents(graph: EdgeListGraph): SccReport {
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

  graph.nodes.forEach((node, i) => intern(node, `nodes[${i}]`));
  const edgeCount = graph.edges.length;
  const from = new Int32Array(edgeCount);
  const to = new Int32Array(edgeCount);
  graph.edges.forEach((edge, i) => {
    if (!Array.isArray(edge) || edge.length !== 2) {
      throw new TsiftError("invalid_input", `edges[${i}] must be a [from, to] pair`, { details: { index: i } });
    }
    from[i] = intern(edge[0], `edges[${i}][0]`);
    to[i] = intern(edge[1], `edges[${i}][1]`);
  });

  const n = names.length;
  // Compressed adjacency (CSR): one allocation instead of an array per node keeps
  // million-edge call graphs cheap to scan.
  const offsets = new Int32Array(n + 1);
  for (let e = 0; e < edgeCount; e++) offsets[from[e]! + 1]!++;
  for (let v = 0; v < n; v++) offsets[v + 1]! += offsets[v]!;
  const targets = new Int32Array(edgeCount);
  const fill = offsets.slice(0, n);
  const selfLoop = new Uint8Array(n);
  for (let e = 0; e < edgeCount; e++) {
    const f = from[e]!;
    targets[fill[f]!++] = to[e]!;
    if (f === to[e]) selfLoop[f] = 1;
  }

  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const nextEdge = new Int32Array(n);
  const stack = new Int32Array(n);
  const callStack = new Int32Array(n);
  let stackTop = 0;
  let callTop = 0;
  let counter = 0;
  const componentIds: number[][] = [];

  const visit = (v: number): void => {
    index[v] = counter;
    low[v] = counter;
    counter++;
    stack[stackTop++] = v;
    onStack[v] = 1;
    nextEdge[v] = offsets[v]!;
    callStack[callTop++] = v;
  };

  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    visit(root);
    while (callTop > 0) {
      const v = callStack[callTop - 1]!;
      if (nextEdge[v]! < offsets[v + 1]!) {
        const w = targets[nextEdge[v]!++]!;
        if (index[w] === -1) {
          visit(w);
        } else if (onStack[w] === 1 && index[w]! < low[v]!) {
          low[v] = index[w]!;
        }
        continue;
      }
      callTop--;
      if (callTop > 0) {
        const parent = callStack[callTop - 1]!;
        if (low[v]! < low[parent]!) low[parent] = low[v]!;
      }
      if (low[v] === index[v]) {
        const members: number[] = [];
        let w: number;
        do {
          w = stack[--stackTop]!;
          onStack[w] = 0;
          members.push(w);
        } while (w !== v);
        componentIds.push(members);
      }
    }
  }

  let nonTrivial = 0;
  const components = componentIds.map((members) => {
    if (members.length > 1 || selfLoop[members[0]!] === 1) nonTrivial++;
    return members.map((id) => names[id]!).sort(compareCodeUnits);
  });
  components.sort((a, b) => b.length - a.length || compareMembers(a, b));

  return {
    components,
    total_components: components.length,
    non_trivial: nonTrivial,
    largest: components[0]?.length ?? 0,
    node_count: n,
    edge_count: edgeCount,
  };
}

// Code-unit order rather than localeCompare: output must not change with the
// machine's locale, or golden tests would differ between CI and laptops.
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareMembers(a: readonly string[], b: readonly string[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const order = compareCodeUnits(a[i]!, b[i]!);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}
