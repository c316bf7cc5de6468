import { compareIds, edgeKey, type GraphProjection, type GraphPropertyFilter } from "@tsift/core";

/** The ids and filters a dataset's reads use, chosen once so every backend reads the same. */
export interface EvalProbes {
  /** A node to look up and to start neighborhoods at (the highest out-degree node). */
  nodeId: string;
  /** The node with the most incident edges, for the incident scan. */
  hubId: string;
  /** The most common node kind, for the kind scan. */
  kind: string;
  /** A property of a node of that kind, for the property-filtered scan. */
  kindProperty: GraphPropertyFilter;
  /** An edge key for the stable edge lookup. */
  edgeId: string;
  /** A property of an edge, for the indexed edge-property scan. */
  edgeProperty: GraphPropertyFilter | null;
  /** Path probe ends: the farthest node reachable from `pathFrom` over directed edges. */
  pathFrom: string;
  pathTo: string;
  /** Hops between them (what an uncapped search returns). */
  pathHops: number;
}

/**
 * Picks probes deterministically from the rows (ties broken by id), so the same
 * projection gives the same probes on every run and machine. The path probe is the
 * deepest shortest path from the node with the most outgoing edges: the case a hop
 * cap actually limits.
 */
export function chooseProbes(projection: GraphProjection, overrides: Partial<EvalProbes> = {}): EvalProbes {
  const out = new Map<string, string[]>();
  const degree = new Map<string, number>();
  const kinds = new Map<string, number>();
  for (const node of projection.nodes) kinds.set(node.kind, (kinds.get(node.kind) ?? 0) + 1);
  for (const edge of projection.edges) {
    const list = out.get(edge.from_id);
    if (list) list.push(edge.to_id);
    else out.set(edge.from_id, [edge.to_id]);
    degree.set(edge.from_id, (degree.get(edge.from_id) ?? 0) + 1);
    degree.set(edge.to_id, (degree.get(edge.to_id) ?? 0) + 1);
  }
  const best = <T>(entries: Iterable<[string, T]>, score: (value: T) => number): string | undefined => {
    let winner: string | undefined;
    let top = -Infinity;
    for (const [id, value] of entries) {
      const s = score(value);
      if (s > top || (s === top && winner !== undefined && compareIds(id, winner) < 0)) {
        winner = id;
        top = s;
      }
    }
    return winner;
  };
  const firstNode = projection.nodes[0]?.id ?? "";
  const nodeId = best(out, (list) => list.length) ?? firstNode;
  const hubId = best(degree, (n) => n) ?? firstNode;
  const kind = best(kinds, (n) => n) ?? "";
  const sample = projection.nodes
    .filter((node) => node.kind === kind && node.properties && Object.keys(node.properties).length > 0)
    .sort((a, b) => compareIds(a.id, b.id))[0];
  const propertyKey = sample ? (Object.keys(sample.properties!).includes("path") ? "path" : Object.keys(sample.properties!).sort()[0]!) : undefined;
  const kindProperty: GraphPropertyFilter = sample && propertyKey ? { [propertyKey]: sample.properties![propertyKey]! } : {};
  const keyed = projection.edges.map((edge) => ({ edge, id: edge.id ?? edgeKey(edge.from_id, edge.kind, edge.to_id) })).sort((a, b) => compareIds(a.id, b.id));
  const withProperty = keyed.find(({ edge }) => edge.properties && Object.keys(edge.properties).length > 0);
  const edgePropertyKey = withProperty ? Object.keys(withProperty.edge.properties!).sort()[0]! : undefined;

  // Breadth-first from the start: the last node dequeued is the farthest (deepest, then first by id).
  const depth = new Map<string, number>([[nodeId, 0]]);
  const queue = [nodeId];
  let farthest = nodeId;
  for (let head = 0; head < queue.length; head++) {
    const id = queue[head]!;
    const d = depth.get(id)!;
    if (d > depth.get(farthest)! || (d === depth.get(farthest)! && compareIds(id, farthest) < 0)) farthest = id;
    for (const next of [...(out.get(id) ?? [])].sort(compareIds)) {
      if (depth.has(next)) continue;
      depth.set(next, d + 1);
      queue.push(next);
    }
  }
  return {
    nodeId,
    hubId,
    kind,
    kindProperty,
    edgeId: keyed[0]?.id ?? "",
    edgeProperty: withProperty && edgePropertyKey ? { [edgePropertyKey]: withProperty.edge.properties![edgePropertyKey]! } : null,
    pathFrom: nodeId,
    pathTo: farthest,
    pathHops: depth.get(farthest)!,
    ...overrides,
  };
}
