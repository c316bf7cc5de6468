import type { CallGraph } from "../build-call-graph";

/** Distinct, self-loop-free out- and in-neighbours of every node as CSR arrays, in graph order. */
export interface Adjacency {
  nodes: string[];
  index: Map<string, number>;
  outOffsets: Int32Array;
  outTargets: Int32Array;
  inOffsets: Int32Array;
  inTargets: Int32Array;
}

/**
 * Typed-array adjacency for the algorithms that sweep every node many times (health's
 * reachability counts): graphology's callback iteration is the right tool for one pass,
 * but per-node BFS over it allocates per call. A call graph has one edge per ordered
 * pair, so dropping self-loops leaves distinct neighbours.
 */
export function adjacency(graph: CallGraph): Adjacency {
  const nodes = graph.nodes();
  const index = new Map(nodes.map((node, i) => [node, i]));
  const n = nodes.length;
  const outOffsets = new Int32Array(n + 1);
  const inOffsets = new Int32Array(n + 1);
  const sources: number[] = [];
  const targets: number[] = [];
  graph.forEachEdge((_edge, _attributes, source, target) => {
    if (source === target) return;
    const s = index.get(source)!;
    const t = index.get(target)!;
    sources.push(s);
    targets.push(t);
    outOffsets[s + 1]!++;
    inOffsets[t + 1]!++;
  });
  for (let v = 0; v < n; v++) {
    outOffsets[v + 1]! += outOffsets[v]!;
    inOffsets[v + 1]! += inOffsets[v]!;
  }
  const outTargets = new Int32Array(sources.length);
  const inTargets = new Int32Array(sources.length);
  const outFill = outOffsets.slice(0, n);
  const inFill = inOffsets.slice(0, n);
  for (let e = 0; e < sources.length; e++) {
    outTargets[outFill[sources[e]!]!++] = targets[e]!;
    inTargets[inFill[targets[e]!]!++] = sources[e]!;
  }
  return { nodes, index, outOffsets, outTargets, inOffsets, inTargets };
}
