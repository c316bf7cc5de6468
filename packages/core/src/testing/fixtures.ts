import type { GraphEdgeInput, GraphNode, GraphProjection } from "../graph-types";

export const CANONICAL_PROJECTION_VERSION = "tsift-conformance-v1";

function symbol(name: string, line: number, path = "main.rs"): GraphNode {
  return {
    id: `sym:${path}:${name}`,
    kind: "symbol",
    label: name,
    properties: { ref_id: name, path, line: String(line), kind: "function" },
    provenance: [{ source: "tsift-index", source_ref: `${path}:${line}` }],
    freshness: { content_hash: `hash-${path}`, observed_at_unix: 1_700_000_000 },
  };
}

function calls(from: string, to: string, line: number, path = "main.rs"): GraphEdgeInput {
  return { from_id: `sym:${path}:${from}`, to_id: `sym:${path}:${to}`, kind: "calls", properties: { line: String(line) } };
}

/**
 * The canonical call graph every backend's conformance tests share: main calls alpha and bridge;
 * alpha calls beta and gamma; beta calls gamma; bridge -> shared -> helper; plus an
 * isolated pair in another file, file nodes, `defines` edges and a projection_meta node.
 */
export function canonicalProjection(): GraphProjection {
  const mainNames = ["main", "alpha", "beta", "gamma", "bridge", "shared", "helper"];
  const nodes: GraphNode[] = [
    { id: "file:main.rs", kind: "file", label: "main.rs", properties: { path: "main.rs", language: "rust" } },
    { id: "file:isolated.rs", kind: "file", label: "isolated.rs", properties: { path: "isolated.rs", language: "rust" } },
    ...mainNames.map((name, i) => symbol(name, i * 4 + 1)),
    symbol("independent_worker", 1, "isolated.rs"),
    symbol("isolated_leaf", 5, "isolated.rs"),
    { id: "projection_meta:root", kind: "projection_meta", label: "projection", properties: { projection_version: CANONICAL_PROJECTION_VERSION } },
  ];
  const edges: GraphEdgeInput[] = [
    ...mainNames.map((name) => ({ from_id: "file:main.rs", to_id: `sym:main.rs:${name}`, kind: "defines" })),
    { from_id: "file:isolated.rs", to_id: "sym:isolated.rs:independent_worker", kind: "defines" },
    { from_id: "file:isolated.rs", to_id: "sym:isolated.rs:isolated_leaf", kind: "defines" },
    calls("main", "alpha", 2),
    calls("main", "bridge", 3),
    calls("alpha", "beta", 6),
    calls("alpha", "gamma", 7),
    calls("beta", "gamma", 10),
    calls("bridge", "shared", 18),
    calls("shared", "helper", 22),
    calls("independent_worker", "isolated_leaf", 2, "isolated.rs"),
  ];
  return { nodes, edges };
}

/** `main` plus a call chain f000 -> f001 -> ... of `length` functions, all in main.rs. */
export function chainProjection(length: number, prefix = "f"): GraphProjection {
  const width = Math.max(3, String(length - 1).length);
  const name = (i: number) => `${prefix}${String(i).padStart(width, "0")}`;
  const nodes: GraphNode[] = [symbol("main", 1)];
  const edges: GraphEdgeInput[] = [calls("main", name(0), 2)];
  for (let i = 0; i < length; i++) {
    nodes.push(symbol(name(i), 10 + i * 3));
    if (i + 1 < length) edges.push(calls(name(i), name(i + 1), 11 + i * 3));
  }
  return { nodes, edges };
}

export function chainNodeId(index: number, length: number, prefix = "f"): string {
  const width = Math.max(3, String(length - 1).length);
  return `sym:main.rs:${prefix}${String(index).padStart(width, "0")}`;
}

/** A hub calling `spokes` leaves, each leaf calling back: a high-degree stress case. */
export function starProjection(spokes: number): GraphProjection {
  const hub: GraphNode = { id: "hub", kind: "symbol", label: "hub", properties: { ref_id: "hub", path: "hub.rs" } };
  const nodes: GraphNode[] = [hub];
  const edges: GraphEdgeInput[] = [];
  for (let i = 0; i < spokes; i++) {
    const id = `spoke:${String(i).padStart(6, "0")}`;
    nodes.push({ id, kind: "symbol", label: id, properties: { ref_id: id, path: `spokes/${i % 10}.rs`, parity: i % 2 === 0 ? "even" : "odd" } });
    edges.push({ from_id: "hub", to_id: id, kind: "calls", properties: { parity: i % 2 === 0 ? "even" : "odd" } });
    edges.push({ from_id: id, to_id: "hub", kind: "returns" });
  }
  return { nodes, edges };
}

/**
 * A graph made of cycles: node i calls i+1 (mod n), 2i and 2i+1 (mod n), so every node is on
 * a cycle (node 0 also calls itself) and the walk from node 0 reaches all n nodes within
 * ceil(log2 n) hops. A walk that re-expands cycles does depth x n work; one that never
 * revisits a node does n.
 */
export function cyclicProjection(size: number): GraphProjection {
  const width = String(size - 1).length;
  const name = (i: number) => `c${String(i).padStart(width, "0")}`;
  const nodes: GraphNode[] = [];
  const edges: GraphEdgeInput[] = [];
  for (let i = 0; i < size; i++) {
    nodes.push(symbol(name(i), i + 1, "cycles.rs"));
    for (const target of new Set([(i + 1) % size, (2 * i) % size, (2 * i + 1) % size])) edges.push(calls(name(i), name(target), i + 1, "cycles.rs"));
  }
  return { nodes, edges };
}

export function cyclicNodeId(index: number, size: number): string {
  return `sym:cycles.rs:c${String(index).padStart(String(size - 1).length, "0")}`;
}
