import { buildCallGraph, type GraphInput } from "./build-call-graph";
import { adjacency } from "./internal/adjacency";
import { compareCodeUnits } from "./internal/compare";
import { nodeId } from "./internal/node-key";
import { tarjan } from "./internal/tarjan";

export interface HealthWeights {
  connectivity: number;
  reachability: number;
  centrality: number;
  /** Weight of (1 - cycle_risk). */
  cycle_risk: number;
}

export interface HealthOptions {
  /** Weights of the composite score; default 0.25 each, so no signal dominates. */
  weights?: Partial<HealthWeights>;
}

export interface HealthScore {
  name: string;
  overall: number;
  connectivity: number;
  reachability: number;
  centrality: number;
  cycle_risk: number;
}

export interface HealthReport {
  /** Sorted by overall desc, then name. */
  scores: HealthScore[];
  avg_connectivity: number;
  avg_reachability: number;
  avg_centrality: number;
  avg_cycle_risk: number;
  avg_overall: number;
  node_count: number;
  edge_count: number;
}

export const DEFAULT_HEALTH_WEIGHTS: Readonly<HealthWeights> = Object.freeze({ connectivity: 0.25, reachability: 0.25, centrality: 0.25, cycle_risk: 0.25 });

/**
 * Composite health of every node, self-loops ignored, n nodes:
 *
 * - connectivity = min(1, (out + in) / min(2·max(avg_degree, 1), max(total_degree, 1)))
 * - reachability = ((fwd − 1) + (bwd − 1)) / (2·max(n − 1, 1)), where fwd / bwd count the
 *   nodes reachable along out- / in-edges, the node itself included
 * - centrality = (fwd + bwd) / 2n (1 when n = 1)
 * - cycle_risk = 1 when the node is in a strongly connected component of more than one node
 * - overall = Σ weight · metric, with (1 − cycle_risk) for the last term
 *
 * Reachability is counted per strongly connected component over the condensation (all
 * members of a component reach the same set) with blocked bitsets, so a 20k-node chain
 * takes milliseconds rather than a BFS per node. Pure: the input is not modified.
 */
export function healthReport(input: GraphInput, options: HealthOptions = {}): HealthReport {
  const weights = { ...DEFAULT_HEALTH_WEIGHTS, ...options.weights };
  const graph = buildCallGraph(input);
  const adj = adjacency(graph);
  const n = adj.nodes.length;
  if (n === 0) {
    return { scores: [], avg_connectivity: 0, avg_reachability: 0, avg_centrality: 0, avg_cycle_risk: 0, avg_overall: 0, node_count: 0, edge_count: 0 };
  }
  const { components, componentOf } = tarjan(n, adj.outOffsets, adj.outTargets);
  const forward = reachCounts(components, componentOf, adj.outOffsets, adj.outTargets, true);
  const backward = reachCounts(components, componentOf, adj.inOffsets, adj.inTargets, false);

  const totalDegree = adj.outTargets.length;
  const avgDegree = totalDegree / n;
  const denominator = Math.min(2 * Math.max(avgDegree, 1), Math.max(totalDegree, 1));
  const totalPossible = Math.max(n - 1, 1);
  const scores: HealthScore[] = adj.nodes.map((key, v) => {
    const name = nodeId(key);
    const degree = adj.outOffsets[v + 1]! - adj.outOffsets[v]! + adj.inOffsets[v + 1]! - adj.inOffsets[v]!;
    const fwd = forward[componentOf[v]!]!;
    const bwd = backward[componentOf[v]!]!;
    const connectivity = Math.min(1, degree / denominator);
    const reachability = ((fwd - 1) / totalPossible + (bwd - 1) / totalPossible) / 2;
    const centrality = n > 1 ? (fwd + bwd) / (2 * n) : 1;
    const cycleRisk = components[componentOf[v]!]!.length > 1 ? 1 : 0;
    const overall =
      weights.connectivity * connectivity + weights.reachability * reachability + weights.centrality * centrality + weights.cycle_risk * (1 - cycleRisk);
    return { name, overall, connectivity, reachability, centrality, cycle_risk: cycleRisk };
  });
  scores.sort((a, b) => b.overall - a.overall || compareCodeUnits(a.name, b.name));
  const avg = (key: keyof Omit<HealthScore, "name">) => scores.reduce((sum, score) => sum + score[key], 0) / n;
  return {
    scores,
    avg_connectivity: avg("connectivity"),
    avg_reachability: avg("reachability"),
    avg_centrality: avg("centrality"),
    avg_cycle_risk: avg("cycle_risk"),
    avg_overall: avg("overall"),
    node_count: n,
    edge_count: graph.size,
  };
}

/**
 * For each component, how many nodes it reaches along the given edges, its own members
 * included. A BFS per component is quadratic on long chains, so this is a dynamic
 * program over the condensation with bitsets: Tarjan completes a component only after
 * every component it reaches, so sweeping in completion order (or the reverse, for
 * in-edges) sees successors first. The bitsets cover 1024 nodes at a time, which bounds
 * memory at 128 bytes per component and costs O((c + e) · n / 32) word operations.
 */
function reachCounts(components: number[][], componentOf: Int32Array, offsets: Int32Array, targets: Int32Array, forward: boolean): Int32Array {
  const c = components.length;
  const successorOffsets = new Int32Array(c + 1);
  const successors: number[] = [];
  const seen = new Int32Array(c).fill(-1);
  for (let comp = 0; comp < c; comp++) {
    for (const v of components[comp]!) {
      for (let e = offsets[v]!; e < offsets[v + 1]!; e++) {
        const next = componentOf[targets[e]!]!;
        if (next !== comp && seen[next] !== comp) {
          seen[next] = comp;
          successors.push(next);
        }
      }
    }
    successorOffsets[comp + 1] = successors.length;
  }
  const n = componentOf.length;
  const words = Math.min(BLOCK_WORDS, Math.ceil(n / 32));
  const bits = new Uint32Array(c * words);
  const counts = new Int32Array(c);
  for (let blockStart = 0; blockStart < n; blockStart += words * 32) {
    bits.fill(0);
    const blockEnd = Math.min(n, blockStart + words * 32);
    for (let v = blockStart; v < blockEnd; v++) {
      const offset = v - blockStart;
      bits[componentOf[v]! * words + (offset >>> 5)]! |= 1 << (offset & 31);
    }
    for (let step = 0; step < c; step++) {
      const comp = forward ? step : c - 1 - step;
      const base = comp * words;
      for (let e = successorOffsets[comp]!; e < successorOffsets[comp + 1]!; e++) {
        const other = successors[e]! * words;
        for (let w = 0; w < words; w++) bits[base + w]! |= bits[other + w]!;
      }
      let total = 0;
      for (let w = 0; w < words; w++) total += popcount(bits[base + w]!);
      counts[comp]! += total;
    }
  }
  return counts;
}

const BLOCK_WORDS = 32;

function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
