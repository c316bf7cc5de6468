import { readConvexSnapshotFile, validateConvexSnapshot, type ConvexProjectionMetadata, type ConvexProjectionRows } from "./convex-snapshot";
import { TsiftError } from "./errors";
import type {
  GraphCounts,
  GraphEdge,
  GraphEdgeInput,
  GraphNeighborhoodOptions,
  GraphNode,
  GraphPagedSubgraph,
  GraphPathOptions,
  GraphPathResult,
  GraphProjection,
  GraphQueryOptions,
  GraphQueryPage,
  GraphTombstone,
  ProjectionRefreshReport,
  ProjectionVersion,
} from "./graph-types";
import type { GraphEdgeQueryOptions, GraphStore } from "./graph-store";
import { MemoryGraphIndex } from "./internal/memory-graph";
import { applyGraphQueryPage } from "./paging";

/**
 * Read-only GraphStore over a Convex `nodes`/`edges` snapshot. Construction fails closed
 * on anything that would make derived answers wrong: duplicate ids, edges to missing
 * nodes, edge keys that disagree with their endpoints, or missing index metadata.
 */
export class ConvexSnapshotGraphStore implements GraphStore {
  readonly backend = "convex-snapshot";
  readonly readOnly = true;
  private readonly index: MemoryGraphIndex;
  private readonly projection: ConvexProjectionMetadata | undefined;

  private constructor(
    index: MemoryGraphIndex,
    projection: ConvexProjectionMetadata | undefined,
    readonly source: string,
  ) {
    this.index = index;
    this.projection = projection;
  }

  static fromRows(rows: ConvexProjectionRows | unknown, source = "<rows>"): ConvexSnapshotGraphStore {
    const validation = validateConvexSnapshot(rows);
    if (!validation.ok) {
      const first = validation.problems[0]!;
      const more = validation.problems.length > 1 ? ` (+${validation.problems.length - 1} more problem(s))` : "";
      throw new TsiftError("corrupt_data", `Convex snapshot ${source} failed closed: ${first.message}${more}`, {
        details: { source, problems: validation.problems },
        hint: "re-export the snapshot, or run `tsift graph-db --backend convex-snapshot doctor` for the full list",
      });
    }
    return new ConvexSnapshotGraphStore(new MemoryGraphIndex(validation.nodes, validation.edges), (rows as ConvexProjectionRows).projection, source);
  }

  static async fromFile(path: string): Promise<ConvexSnapshotGraphStore> {
    return ConvexSnapshotGraphStore.fromRows(await readConvexSnapshotFile(path), path);
  }

  private readOnlyError(): TsiftError {
    return new TsiftError(
      "read_only",
      `the convex-snapshot backend is read-only (${this.source}); write through sqlite or libsql and sync with \`tsift convex-sync\``,
    );
  }

  upsertNodes(_nodes: readonly GraphNode[]): Promise<void> {
    return Promise.reject(this.readOnlyError());
  }
  upsertEdges(_edges: readonly GraphEdgeInput[]): Promise<GraphEdge[]> {
    return Promise.reject(this.readOnlyError());
  }
  deleteNodes(_ids: readonly string[]): Promise<number> {
    return Promise.reject(this.readOnlyError());
  }
  deleteEdges(_edgeIds: readonly string[]): Promise<number> {
    return Promise.reject(this.readOnlyError());
  }
  replaceProjection(_projection: GraphProjection): Promise<ProjectionRefreshReport> {
    return Promise.reject(this.readOnlyError());
  }

  async getNode(id: string): Promise<GraphNode | null> {
    return this.index.getNode(id);
  }
  async getNodes(ids: readonly string[]): Promise<GraphNode[]> {
    return this.index.getNodes(ids);
  }
  async scanNodes(options?: GraphQueryOptions): Promise<GraphQueryPage<GraphNode>> {
    return this.index.scanNodes(options);
  }
  async nodesByKind(kind: string, options?: Omit<GraphQueryOptions, "kinds">): Promise<GraphQueryPage<GraphNode>> {
    return this.index.nodesByKind(kind, options);
  }
  async getEdge(edgeId: string): Promise<GraphEdge | null> {
    return this.index.getEdge(edgeId);
  }
  async scanEdges(options?: GraphEdgeQueryOptions): Promise<GraphQueryPage<GraphEdge>> {
    return this.index.scanEdges(options);
  }
  async outgoingEdges(nodeId: string, options?: GraphEdgeQueryOptions): Promise<GraphQueryPage<GraphEdge>> {
    return this.index.outgoingEdges(nodeId, options);
  }
  async incomingEdges(nodeId: string, options?: GraphEdgeQueryOptions): Promise<GraphQueryPage<GraphEdge>> {
    return this.index.incomingEdges(nodeId, options);
  }
  async incidentEdges(nodeId: string, options?: GraphEdgeQueryOptions): Promise<GraphQueryPage<GraphEdge>> {
    return this.index.incidentEdges(nodeId, options);
  }
  async edgesBetweenNodes(nodeIds: readonly string[], options?: { kinds?: readonly string[] }): Promise<GraphEdge[]> {
    return this.index.edgesBetweenNodes(nodeIds, options);
  }
  async neighborhood(nodeId: string, options?: GraphNeighborhoodOptions): Promise<GraphPagedSubgraph> {
    return this.index.neighborhood(nodeId, options);
  }
  shortestPath(fromId: string, toId: string, options?: GraphPathOptions): Promise<GraphPathResult> {
    return this.index.shortestPath(fromId, toId, options);
  }
  async counts(): Promise<GraphCounts> {
    return this.index.counts();
  }
  async sampleEdge(options?: { kinds?: readonly string[] }): Promise<GraphEdge | null> {
    return this.index.sampleEdge(options);
  }
  async tombstones(options: { cursor?: string | null; limit?: number } = {}): Promise<GraphQueryPage<GraphTombstone>> {
    // A snapshot holds live rows only; deletions are reconciled by convex-sync.
    return applyGraphQueryPage<GraphTombstone>([], (t) => t.row_key, options);
  }

  async projectionStatus(scope = "root"): Promise<ProjectionVersion | null> {
    const meta = this.projection;
    if (scope !== (meta?.scope ?? "root")) return null;
    const metaNode = meta?.projectionMetaId
      ? this.index.getNode(meta.projectionMetaId)
      : (this.index.nodesByKind("projection_meta", { limit: 1 }).items[0] ?? null);
    const version = meta?.projectionVersion ?? metaNode?.properties?.projection_version;
    if (!version) return null;
    return {
      scope,
      projection_version: version,
      content_hash: meta?.projectionHash ?? metaNode?.properties?.content_hash ?? null,
      source_watermark: meta?.sourceWatermark ?? metaNode?.properties?.source_watermark ?? null,
      observed_at_unix: meta?.observedAtUnix ?? metaNode?.freshness?.observed_at_unix ?? 0,
    };
  }

  async close(): Promise<void> {}
}
