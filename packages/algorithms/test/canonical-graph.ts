import type { EdgeListGraph } from "../src/edge-list-graph";

/**
 * The canonical call graph of fixtures/canonical/main.rs: 9
 * functions, 12 distinct call edges, in source order.
 */
export const CANONICAL_EDGES: Array<[string, string]> = [
  ["main", "alpha"],
  ["main", "bridge"],
  ["alpha", "beta"],
  ["alpha", "gamma"],
  ["beta", "alpha"],
  ["beta", "gamma"],
  ["gamma", "alpha"],
  ["gamma", "beta"],
  ["bridge", "shared"],
  ["shared", "helper"],
  ["delta", "epsilon"],
  ["epsilon", "delta"],
];

export const CANONICAL: EdgeListGraph = { nodes: [], edges: CANONICAL_EDGES };

/** "Health": name → [overall, connectivity, reachability, centrality, cycle_risk]. */
export const CANONICAL_HEALTH: Array<[string, number, number, number, number, number]> = [
  ["main", 0.6424, 0.75, 0.375, 0.4444, 0],
  ["bridge", 0.5538, 0.75, 0.1875, 0.2778, 0],
  ["shared", 0.5538, 0.75, 0.1875, 0.2778, 0],
  ["helper", 0.4601, 0.375, 0.1875, 0.2778, 0],
  ["alpha", 0.4253, 1.0, 0.3125, 0.3889, 1],
  ["beta", 0.4253, 1.0, 0.3125, 0.3889, 1],
  ["gamma", 0.4253, 1.0, 0.3125, 0.3889, 1],
  ["delta", 0.2743, 0.75, 0.125, 0.2222, 1],
  ["epsilon", 0.2743, 0.75, 0.125, 0.2222, 1],
];

/** Seeded shuffle for order-independence checks. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
