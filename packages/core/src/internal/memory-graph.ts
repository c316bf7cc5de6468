import { compareIds } from "../compare-ids";
import { TsiftError } from "../errors";
import type {
  GraphCounts,
  GraphEdge,
  GraphNeighborhoodOptions,
  GraphNode,
  GraphPagedSubgraph,
  GraphPathOptions,
  GraphPathResult,
  GraphPropertyFilter,
  GraphQueryOptions,
  GraphQueryPage,
  GraphTombstone,
} from "../graph-types";
import { applyGraphQueryPage, resolveDepth, resolvePageLimit } from "../paging";
import { shortestPathUsingOutgoing } from "../shortest-path";

function matchesProperties(properties: Record<string, string> | undefined, filter: GraphPropertyFilter | undefined): boolean {
  if (!filter) return true;
  for (const [key, value] of Object.entries(filter)) {
    if (properties?.[key] !== value) return false;
  }
  return true;
}

function kindSet(kinds: readonly string[] | undefined): Set<string> | null {
  return kinds && kinds.length > 0 ? new Set(kinds) : null;
}

const byId = (a: { id: string }, b: { id: string }) => compareIds(a.id, b.id);

/**
 * Read-side of the GraphStore contract over rows held in memory, with the same
 * orderings and paging rules as the SQL stores. Rows must already be normalized.
 */
export class MemoryGraphIndex {
  private readonly nodeById = new Map<string, GraphNode>();
  private readonly edgeById = new Map<string, GraphEdge>();
  private readonly nodesByKindSorted = new Map<string, GraphNode[]>();
  private readonly outgoing = new Map<string, GraphEdge[]>();
  private readonly incoming = new Map<string, GraphEdge[]>();
  private readonly sortedEdges: GraphEdge[];
  private readonly sortedNodes: GraphNode[];

  constructor(nodes: readonly GraphNode[], edges: readonly GraphEdge[]) {
    this.sortedNodes = [...nodes].sort(byId);
    for (const node of this.sortedNodes) {
      this.nodeById.set(node.id, node);
      const bucket = this.nodesByKindSorted.get(node.kind);
      if (bucket) bucket.push(node);
      else this.nodesByKindSorted.set(node.kind, [node]);
    }
    this.sortedEdges = [...edges].sort(byId);
    for (const edge of this.sortedEdges) {
      this.edgeById.set(edge.id, edge);
      const out = this.outgoing.get(edge.from_id);
      if (out) out.push(edge);
      else this.outgoing.set(edge.from_id, [edge]);
      const inc = this.incoming.get(edge.to_id);
      if (inc) inc.push(edge);
      else this.incoming.set(edge.to_id, [edge]);
    }
  }

  get nodeCount(): number {
    return this.nodeById.size;
  }

  get edgeCount(): number {
    return this.edgeById.size;
  }

  getNode(id: string): GraphNode | null {
    return this.nodeById.get(id) ?? null;
  }

  getNodes(ids: readonly string[]): GraphNode[] {
    const found = new Map<string, GraphNode>();
    for (const id of ids) {
      const node = this.nodeById.get(id);
      if (node) found.set(id, node);
    }
    return [...found.values()].sort(byId);
  }

  scanNodes(options: GraphQueryOptions = {}): GraphQueryPage<GraphNode> {
    const kinds = kindSet(options.kinds);
    const source = kinds && kinds.size === 1 ? (this.nodesByKindSorted.get([...kinds][0]!) ?? []) : this.sortedNodes;
    const nodes = source.filter((node) => (!kinds || kinds.has(node.kind)) && matchesProperties(node.properties, options.properties));
    return applyGraphQueryPage(nodes, (node) => node.id, options);
  }

  nodesByKind(kind: string, options: Omit<GraphQueryOptions, "kinds"> = {}): GraphQueryPage<GraphNode> {
    return this.scanNodes({ ...options, kinds: [kind] });
  }

  getEdge(edgeId: string): GraphEdge | null {
    return this.edgeById.get(edgeId) ?? null;
  }

  private pageEdges(edges: readonly GraphEdge[], options: GraphQueryOptions): GraphQueryPage<GraphEdge> {
    const kinds = kindSet(options.kinds);
    const filtered = edges.filter((edge) => (!kinds || kinds.has(edge.kind)) && matchesProperties(edge.properties, options.properties));
    return applyGraphQueryPage(filtered, (edge) => edge.id, options);
  }

  scanEdges(options: GraphQueryOptions = {}): GraphQueryPage<GraphEdge> {
    return this.pageEdges(this.sortedEdges, options);
  }

  outgoingEdges(nodeId: string, options: GraphQueryOptions = {}): GraphQueryPage<GraphEdge> {
    return this.pageEdges(this.outgoing.get(nodeId) ?? [], options);
  }

  incomingEdges(nodeId: string, options: GraphQueryOptions = {}): GraphQueryPage<GraphEdge> {
    return this.pageEdges(this.incoming.get(nodeId) ?? [], options);
  }

  incidentEdges(nodeId: string, options: GraphQueryOptions = {}): GraphQueryPage<GraphEdge> {
    const merged = new Map<string, GraphEdge>();
    for (const edge of this.outgoing.get(nodeId) ?? []) merged.set(edge.id, edge);
    for (const edge of this.incoming.get(nodeId) ?? []) merged.set(edge.id, edge);
    return this.pageEdges([...merged.values()].sort(byId), options);
  }

  edgesBetweenNodes(nodeIds: readonly string[], options: { kinds?: readonly string[] } = {}): GraphEdge[] {
    const members = new Set(nodeIds);
    const kinds = kindSet(options.kinds);
    const found: GraphEdge[] = [];
    for (const id of members) {
      for (const edge of this.outgoing.get(id) ?? []) {
        if (members.has(edge.to_id) && (!kinds || kinds.has(edge.kind))) found.push(edge);
      }
    }
    return found.sort(byId);
  }

  private neighbors(id: string, direction: "out" | "in" | "both", kinds: Set<string> | null): string[] {
    const result: string[] = [];
    if (direction !== "in") for (const edge of this.outgoing.get(id) ?? []) if (!kinds || kinds.has(edge.kind)) result.push(edge.to_id);
    if (direction !== "out") for (const edge of this.incoming.get(id) ?? []) if (!kinds || kinds.has(edge.kind)) result.push(edge.from_id);
    return result;
  }

  neighborhood(nodeId: string, options: GraphNeighborhoodOptions = {}): GraphPagedSubgraph {
    const depth = resolveDepth(options.depth);
    const limit = resolvePageLimit(options.limit);
    if (!this.nodeById.has(nodeId)) throw new TsiftError("not_found", `node ${nodeId} does not exist`, { details: { id: nodeId } });
    const direction = options.direction ?? "out";
    const kinds = kindSet(options.edgeKinds);
    const depths = new Map<string, number>([[nodeId, 0]]);
    let frontier = [nodeId];
    for (let level = 1; level <= depth && frontier.length > 0; level++) {
      const next: string[] = [];
      for (const id of frontier) {
        for (const neighbor of this.neighbors(id, direction, kinds)) {
          if (!depths.has(neighbor)) {
            depths.set(neighbor, level);
            next.push(neighbor);
          }
        }
      }
      frontier = next;
    }
    const nodeKinds = kindSet(options.nodeKinds);
    const matching = [...depths.keys()]
      .map((id) => this.nodeById.get(id))
      .filter((node): node is GraphNode => !!node && (!nodeKinds || nodeKinds.has(node.kind)) && matchesProperties(node.properties, options.properties))
      .sort(byId);
    const page = applyGraphQueryPage(matching, (node) => node.id, { cursor: options.cursor ?? null, limit: options.limit ?? undefined });
    const pageIds = page.items.map((node) => node.id);
    return {
      nodes: page.items,
      edges: this.edgesBetweenNodes(pageIds, { kinds: options.edgeKinds }),
      depths: Object.fromEntries(pageIds.map((id) => [id, depths.get(id)!])),
      page: {
        cursor: options.cursor ?? null,
        limit: Number.isFinite(limit) ? limit : 0,
        nextCursor: page.nextCursor,
        truncated: page.truncated,
        total: matching.length,
      },
    };
  }

  shortestPath(fromId: string, toId: string, options: GraphPathOptions = {}): Promise<GraphPathResult> {
    const kinds = kindSet(options.edgeKinds);
    return shortestPathUsingOutgoing(fromId, toId, options, async (frontier) =>
      frontier.flatMap((id) => (this.outgoing.get(id) ?? []).filter((edge) => !kinds || kinds.has(edge.kind))),
    );
  }

  counts(tombstones: readonly GraphTombstone[] = []): GraphCounts {
    const nodeTombstones = tombstones.filter((t) => t.row_kind === "node").length;
    return {
      nodes: this.nodeById.size,
      edges: this.edgeById.size,
      tombstones: { nodes: nodeTombstones, edges: tombstones.length - nodeTombstones, total: tombstones.length },
    };
  }

  sampleEdge(options: { kinds?: readonly string[] } = {}): GraphEdge | null {
    const kinds = kindSet(options.kinds);
    return this.sortedEdges.find((edge) => !kinds || kinds.has(edge.kind)) ?? null;
  }

  allNodes(): GraphNode[] {
    return [...this.sortedNodes];
  }

  allEdges(): GraphEdge[] {
    return [...this.sortedEdges];
  }
}
