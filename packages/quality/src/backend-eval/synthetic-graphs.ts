import type { GraphEdgeInput, GraphNode, GraphProjection } from "@tsift/core";

/** Spokes around the high-degree hub: enough that an unindexed incident scan shows. */
export const HIGH_DEGREE_SPOKES = 5000;
/**
 * Links in the deep chain. The tail sits 119 hops from the head (the scale case
 * of 120 functions): out of reach at the 64-hop default, within reach at 128+, so the
 * hop tiers measure whether a higher cap finds deeper paths.
 */
export const DEEP_CHAIN_LENGTH = 120;

const OBSERVED_AT = 1_700_000_000;

function symbol(id: string, path: string, line: number): GraphNode {
  return {
    id,
    kind: "symbol",
    label: id.slice(id.lastIndexOf("#") + 1),
    properties: { line: String(line), path, ref_id: id.slice(id.lastIndexOf("#") + 1) },
    provenance: [{ source: "tsift-backend-eval", source_ref: `${path}:${line}` }],
    freshness: { content_hash: `synthetic-${path}`, observed_at_unix: OBSERVED_AT },
  };
}

const call = (from: string, to: string, line: number, extra: Record<string, string> = {}): GraphEdgeInput => ({
  from_id: from,
  to_id: to,
  kind: "calls",
  properties: { line: String(line), ...extra },
});

/**
 * A hub called by and calling `spokes` symbols (a logger everything uses), each spoke
 * also calling its neighbour: fan-out stress for incident scans, one-hop probes and
 * capped neighborhoods. Edges carry a `parity` property for the property scan.
 */
export function highDegreeGraph(spokes = HIGH_DEGREE_SPOKES): GraphProjection {
  const hub = "sym:hub.ts#log";
  const nodes: GraphNode[] = [symbol(hub, "hub.ts", 1)];
  const edges: GraphEdgeInput[] = [];
  const spokeId = (i: number) => `sym:spokes/s${String(i % 50).padStart(2, "0")}.ts#spoke${String(i).padStart(5, "0")}`;
  for (let i = 0; i < spokes; i++) {
    const id = spokeId(i);
    const parity = i % 2 === 0 ? "even" : "odd";
    nodes.push(symbol(id, `spokes/s${String(i % 50).padStart(2, "0")}.ts`, 10 + i));
    edges.push(call(id, hub, 11 + i, { parity }));
    if (i % 10 === 0) edges.push(call(hub, id, 2, { parity }));
    if (i + 1 < spokes && i % 7 !== 6) edges.push(call(id, spokeId(i + 1), 12 + i, { parity }));
  }
  return { nodes, edges };
}

export const HIGH_DEGREE_HUB = "sym:hub.ts#log";

/**
 * A delegation chain of `length` symbols, each with a side leaf it also calls, so the
 * only way from the head to the tail is the chain itself: `length - 1` hops.
 */
export function deepChainGraph(length = DEEP_CHAIN_LENGTH): GraphProjection {
  const link = (i: number) => `sym:chain.ts#link${String(i).padStart(4, "0")}`;
  const leaf = (i: number) => `sym:leaves.ts#leaf${String(i).padStart(4, "0")}`;
  const nodes: GraphNode[] = [];
  const edges: GraphEdgeInput[] = [];
  for (let i = 0; i < length; i++) {
    nodes.push(symbol(link(i), "chain.ts", 1 + i * 3), symbol(leaf(i), "leaves.ts", 1 + i));
    edges.push(call(link(i), leaf(i), 2 + i * 3, { depth: String(i) }));
    if (i + 1 < length) edges.push(call(link(i), link(i + 1), 3 + i * 3, { depth: String(i) }));
  }
  return { nodes, edges };
}

export const deepChainEnds = (length = DEEP_CHAIN_LENGTH) => ({
  head: "sym:chain.ts#link0000",
  tail: `sym:chain.ts#link${String(length - 1).padStart(4, "0")}`,
});
