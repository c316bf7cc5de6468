import { bfsFromNode } from "graphology-traversal";
import { buildCallGraph, type GraphInput } from "./build-call-graph";
import { compareCodeUnits } from "./internal/compare";
import { nodeId, nodeKey } from "./internal/node-key";

/**
 * Why an unreached node is dead: no edges at all (`isolated`), nothing calls it
 * (`unreachable`, also used when it has callers that are dead themselves), or it calls
 * nothing and only dead code calls it (`orphaned_leaf`).
 */
export type DeadReason = "isolated" | "unreachable" | "orphaned_leaf";

export interface DeadCodeOptions {
  /** Nodes reachability starts from; default none (then every node is dead). Unknown ids are added as nodes. */
  entryPoints?: readonly string[];
}

export interface DeadNode {
  name: string;
  reason: DeadReason;
  /** Distinct callers, self-calls excluded. */
  inbound_count: number;
  /** Distinct callees, self-calls excluded. */
  outbound_count: number;
}

export interface DeadCodeReport {
  /** Sorted by reason, then name. */
  dead_nodes: DeadNode[];
  total_nodes: number;
  total_edges: number;
  dead_count: number;
  /** dead_count / total_nodes; 0 for an empty graph. */
  dead_ratio: number;
  /** The entry points used, de-duplicated in the order given. */
  entry_points: string[];
}

/**
 * Nodes no entry point reaches along call edges: a BFS over
 * outbound edges from every entry point (graphology-traversal), then every node it
 * never visited is dead, with the reason its degree implies. Choosing entry points well
 * is `inferEntryPoints`'s job. Pure: the input is not modified.
 */
export function deadCode(input: GraphInput, options: DeadCodeOptions = {}): DeadCodeReport {
  const graph = buildCallGraph(input);
  const entryPoints = [...new Set(options.entryPoints ?? [])];
  const reached = new Set<string>();
  for (const entry of entryPoints.map(nodeKey)) {
    if (reached.has(entry)) continue;
    if (!graph.hasNode(entry)) {
      reached.add(entry);
      continue;
    }
    bfsFromNode(
      graph,
      entry,
      (node) => {
        if (reached.has(node)) return true;
        reached.add(node);
        return false;
      },
      { mode: "outbound" },
    );
  }
  const extra = entryPoints.filter((entry) => !graph.hasNode(nodeKey(entry))).length;
  const dead: DeadNode[] = [];
  graph.forEachNode((node) => {
    if (reached.has(node)) return;
    const inbound = graph.inNeighbors(node).filter((other) => other !== node).length;
    const outbound = graph.outNeighbors(node).filter((other) => other !== node).length;
    const reason: DeadReason = inbound === 0 && outbound === 0 ? "isolated" : inbound === 0 ? "unreachable" : outbound === 0 ? "orphaned_leaf" : "unreachable";
    dead.push({ name: nodeId(node), reason, inbound_count: inbound, outbound_count: outbound });
  });
  dead.sort((a, b) => compareCodeUnits(a.reason, b.reason) || compareCodeUnits(a.name, b.name));
  const totalNodes = graph.order + extra;
  return {
    dead_nodes: dead,
    total_nodes: totalNodes,
    total_edges: graph.size,
    dead_count: dead.length,
    dead_ratio: totalNodes === 0 ? 0 : dead.length / totalNodes,
    entry_points: entryPoints,
  };
}
