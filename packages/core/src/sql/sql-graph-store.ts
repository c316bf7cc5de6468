import { compareIds } from "../compare-ids";
import { TsiftError } from "../errors";
import type { GraphEdgeQueryOptions, GraphStore } from "../graph-store";
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
  ReplaceProjectionOptions,
} from "../graph-types";
import { pageFromProbe, resolvePageLimit } from "../paging";
import { decodeEdgeRow, decodeNodeRow, type EncodedEdgeRow, type EncodedNodeRow } from "../rows";
import { shortestPathUsingOutgoing } from "../shortest-path";
import type { SqlConnection, SqlExecutor, SqlValue } from "./sql-executor";
import { EDGE_COLUMNS, IN_CHUNK_SIZE, NODE_COLUMNS, OperationQueue, SqlWhere, chunked, limitClause, placeholders, propertyEntries } from "./sql-fragments";
import { edgesAmong } from "./sql-edges-among";
import { sqlNeighborhood } from "./sql-neighborhood";
import { deleteEdgeRows, deleteNodeRows, upsertEdgeRows, upsertNodeRows } from "./sql-graph-writes";
import {
  compactSqlGraph,
  inspectSqlGraph,
  sqlGraphFileStats,
  type SqlGraphCompactOptions,
  type SqlGraphCompactResult,
  type SqlGraphFileStats,
  type SqlGraphInspection,
} from "./sql-graph-maintenance";
import { replaceProjectionRows } from "./sql-projection-refresh";
import { initializeGraphSchema } from "./schema-init";

/**
 * The distinct edge kinds leaving and entering a node, by a loose index scan (one seek per
 * kind, however many edges the node has). Parameters: the node id four times.
 */
const INCIDENT_KINDS_SQL = `WITH RECURSIVE
  out_kinds(kind) AS (SELECT MIN(kind) FROM graph_edges WHERE from_id = ?
    UNION ALL SELECT (SELECT MIN(kind) FROM graph_edges WHERE from_id = ? AND kind > out_kinds.kind) FROM out_kinds WHERE out_kinds.kind IS NOT NULL),
  in_kinds(kind) AS (SELECT MIN(kind) FROM graph_edges WHERE to_id = ?
    UNION ALL SELECT (SELECT MIN(kind) FROM graph_edges WHERE to_id = ? AND kind > in_kinds.kind) FROM in_kinds WHERE in_kinds.kind IS NOT NULL)
  SELECT 'out' AS side, kind FROM out_kinds WHERE kind IS NOT NULL
  UNION ALL SELECT 'in' AS side, kind FROM in_kinds WHERE kind IS NOT NULL`;

/** Index ranges merged in one compound statement; SQLite allows 500 compound terms. */
const MAX_MERGED_RANGES = 64;

/** Rows as reads select them: the shared column encoding without the row hash. */
type NodeRow = Omit<EncodedNodeRow, "row_hash">;
type EdgeRow = Omit<EncodedEdgeRow, "row_hash">;

const nodeId = (node: GraphNode) => node.id;
const edgeId = (edge: GraphEdge) => edge.id;

export interface SqlGraphStoreHooks {
  /** Runs after a committed projection refresh (e.g. a WAL checkpoint); may add phase timings. */
  afterRefresh?(report: ProjectionRefreshReport): Promise<void>;
  /** Runs when the store closes, after the connection is closed. */
  afterClose?(): Promise<void>;
}

/**
 * The GraphStore contract over any SQL connection that speaks SQLite: one set of queries
 * for better-sqlite3 and libSQL, so both backends answer identically. Every operation
 * is serialized on the connection, which keeps transactions whole for in-process readers.
 */
export class SqlGraphStore implements GraphStore {
  readonly backend: string;
  readonly readOnly: boolean;
  private readonly queue = new OperationQueue();
  private closed = false;

  protected constructor(
    protected readonly connection: SqlConnection,
    private readonly hooks: SqlGraphStoreHooks = {},
  ) {
    this.backend = connection.backend;
    this.readOnly = connection.readOnly;
  }

  /** Opens a store on a connection: verifies (or creates) the schema, failing closed on version drift. */
  static async open(connection: SqlConnection, hooks: SqlGraphStoreHooks = {}): Promise<SqlGraphStore> {
    try {
      await initializeGraphSchema(connection);
    } catch (error) {
      await connection.close();
      throw error;
    }
    return new SqlGraphStore(connection, hooks);
  }

  get location(): string {
    return this.connection.location;
  }

  private read<T>(operation: (db: SqlExecutor) => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new TsiftError("invalid_input", `graph store ${this.location} is closed`));
    return this.queue.run(() => operation(this.connection));
  }

  private write<T>(operation: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    if (this.readOnly) {
      return Promise.reject(new TsiftError("read_only", `graph store ${this.location} was opened read-only`, { hint: "open it writable to change rows" }));
    }
    if (this.closed) return Promise.reject(new TsiftError("invalid_input", `graph store ${this.location} is closed`));
    return this.queue.run(() => this.connection.transaction(operation));
  }

  upsertNodes(nodes: readonly GraphNode[]): Promise<void> {
    return this.write((tx) => upsertNodeRows(tx, nodes));
  }

  upsertEdges(edges: readonly GraphEdgeInput[]): Promise<GraphEdge[]> {
    return this.write((tx) => upsertEdgeRows(tx, edges));
  }

  deleteNodes(ids: readonly string[]): Promise<number> {
    return this.write((tx) => deleteNodeRows(tx, ids));
  }

  deleteEdges(edgeIds: readonly string[]): Promise<number> {
    return this.write((tx) => deleteEdgeRows(tx, edgeIds));
  }

  async replaceProjection(projection: GraphProjection, options: ReplaceProjectionOptions = {}): Promise<ProjectionRefreshReport> {
    const report = await this.write((tx) => replaceProjectionRows(tx, projection, options));
    if (this.hooks.afterRefresh) await this.queue.run(() => this.hooks.afterRefresh!(report));
    return report;
  }

  getNode(id: string): Promise<GraphNode | null> {
    return this.read(async (db) => {
      const rows = await db.all<NodeRow>(`SELECT ${NODE_COLUMNS} FROM graph_nodes WHERE id = ?`, [id]);
      return rows[0] ? decodeNodeRow(rows[0]) : null;
    });
  }

  getNodes(ids: readonly string[]): Promise<GraphNode[]> {
    return this.read(async (db) => {
      const found: GraphNode[] = [];
      for (const chunk of chunked([...new Set(ids)], IN_CHUNK_SIZE)) {
        const rows = await db.all<NodeRow>(`SELECT ${NODE_COLUMNS} FROM graph_nodes WHERE id IN (${placeholders(chunk.length)})`, chunk);
        for (const row of rows) found.push(decodeNodeRow(row));
      }
      return found.sort((a, b) => compareIds(a.id, b.id));
    });
  }

  scanNodes(options: GraphQueryOptions = {}): Promise<GraphQueryPage<GraphNode>> {
    const limit = resolvePageLimit(options.limit);
    const [first, ...rest] = propertyEntries(options.properties);
    return this.read(async (db) => {
      let sql: string;
      let params: SqlValue[];
      if (first) {
        // Drive from the property rows, clustered by (key, value, node id): already ordered by node id.
        const where = new SqlWhere().add("p.key = ?", first[0]).add("p.value = ?", first[1]).inList("n.kind", options.kinds);
        if (options.cursor != null) where.add("p.node_id > ?", options.cursor);
        where.properties("graph_node_properties", "node_id", "n.id", rest);
        sql = `SELECT n.id, n.kind, n.label, n.properties_json, n.provenance_json, n.freshness_json FROM graph_node_properties p CROSS JOIN graph_nodes n ON n.id = p.node_id${where.toSql()} ORDER BY p.node_id${limitClause(limit)}`;
        params = where.params;
      } else {
        const where = new SqlWhere().inList("kind", options.kinds);
        if (options.cursor != null) where.add("id > ?", options.cursor);
        // With one kind fixed, "kind, id" is the same order and lets SQLite read
        // idx_graph_nodes_kind in order instead of sorting every node of the kind.
        const order = options.kinds?.length === 1 ? "kind, id" : "id";
        sql = `SELECT ${NODE_COLUMNS} FROM graph_nodes${where.toSql()} ORDER BY ${order}${limitClause(limit)}`;
        params = where.params;
      }
      const rows = await db.all<NodeRow>(sql, params);
      return pageFromProbe(rows.map(decodeNodeRow), limit, nodeId);
    });
  }

  nodesByKind(kind: string, options: Omit<GraphQueryOptions, "kinds"> = {}): Promise<GraphQueryPage<GraphNode>> {
    return this.scanNodes({ ...options, kinds: [kind] });
  }

  getEdge(id: string): Promise<GraphEdge | null> {
    return this.read(async (db) => {
      const rows = await db.all<EdgeRow>(`SELECT ${EDGE_COLUMNS} FROM graph_edges WHERE edge_key = ?`, [id]);
      return rows[0] ? decodeEdgeRow(rows[0]) : null;
    });
  }

  scanEdges(options: GraphEdgeQueryOptions = {}): Promise<GraphQueryPage<GraphEdge>> {
    const limit = resolvePageLimit(options.limit);
    const [first, ...rest] = propertyEntries(options.properties);
    return this.read(async (db) => {
      let sql: string;
      let params: SqlValue[];
      if (first) {
        const where = new SqlWhere().add("p.key = ?", first[0]).add("p.value = ?", first[1]).inList("e.kind", options.kinds);
        if (options.cursor != null) where.add("p.edge_key > ?", options.cursor);
        where.properties("graph_edge_properties", "edge_key", "e.edge_key", rest);
        sql = `SELECT e.edge_key, e.from_id, e.to_id, e.kind, e.properties_json, e.provenance_json, e.freshness_json FROM graph_edge_properties p CROSS JOIN graph_edges e ON e.edge_key = p.edge_key${where.toSql()} ORDER BY p.edge_key${limitClause(limit)}`;
        params = where.params;
      } else {
        const where = new SqlWhere().inList("kind", options.kinds);
        if (options.cursor != null) where.add("edge_key > ?", options.cursor);
        sql = `SELECT ${EDGE_COLUMNS} FROM graph_edges${where.toSql()} ORDER BY edge_key${limitClause(limit)}`;
        params = where.params;
      }
      const rows = await db.all<EdgeRow>(sql, params);
      return pageFromProbe(rows.map(decodeEdgeRow), limit, edgeId);
    });
  }

  private endpointScan(column: "from_id" | "to_id", nodeId: string, options: GraphEdgeQueryOptions): { sql: string; params: SqlValue[] } {
    const where = new SqlWhere().add(`${column} = ?`, nodeId).inList("kind", options.kinds);
    if (options.cursor != null) where.add("edge_key > ?", options.cursor);
    where.properties("graph_edge_properties", "edge_key", "graph_edges.edge_key", propertyEntries(options.properties));
    return { sql: `SELECT ${EDGE_COLUMNS} FROM graph_edges${where.toSql()}`, params: where.params };
  }

  private edgePage(nodeId: string, options: GraphEdgeQueryOptions, column: "from_id" | "to_id"): Promise<GraphQueryPage<GraphEdge>> {
    const limit = resolvePageLimit(options.limit);
    return this.read(async (db) => {
      const scan = this.endpointScan(column, nodeId, options);
      const rows = await db.all<EdgeRow>(`${scan.sql} ORDER BY edge_key${limitClause(limit)}`, scan.params);
      return pageFromProbe(rows.map(decodeEdgeRow), limit, edgeId);
    });
  }

  outgoingEdges(nodeId: string, options: GraphEdgeQueryOptions = {}): Promise<GraphQueryPage<GraphEdge>> {
    return this.edgePage(nodeId, options, "from_id");
  }

  incomingEdges(nodeId: string, options: GraphEdgeQueryOptions = {}): Promise<GraphQueryPage<GraphEdge>> {
    return this.edgePage(nodeId, options, "to_id");
  }

  incidentEdges(nodeId: string, options: GraphEdgeQueryOptions = {}): Promise<GraphQueryPage<GraphEdge>> {
    const limit = resolvePageLimit(options.limit);
    return this.read(async (db) => {
      // Within one (endpoint, kind) the endpoint indexes are already in edge-key order, so
      // one index range per direction and kind, merged by SQLite (MERGE UNION ALL), pages
      // a hub with 10k edges by reading only the page instead of sorting all of them.
      let outKinds: readonly string[];
      let inKinds: readonly string[];
      if (options.kinds && options.kinds.length > 0) {
        outKinds = inKinds = [...new Set(options.kinds)];
      } else {
        const found = await db.all<{ side: string; kind: string }>(INCIDENT_KINDS_SQL, [nodeId, nodeId, nodeId, nodeId]);
        outKinds = found.filter((row) => row.side === "out").map((row) => row.kind);
        inKinds = found.filter((row) => row.side === "in").map((row) => row.kind);
      }
      if (outKinds.length + inKinds.length === 0) return { items: [], truncated: false, nextCursor: null };
      if (outKinds.length + inKinds.length > MAX_MERGED_RANGES) {
        // Two indexed probes UNIONed rather than one OR predicate the planner cannot split.
        const outgoing = this.endpointScan("from_id", nodeId, options);
        const incoming = this.endpointScan("to_id", nodeId, options);
        const rows = await db.all<EdgeRow>(`${outgoing.sql} UNION ${incoming.sql} ORDER BY edge_key${limitClause(limit)}`, [
          ...outgoing.params,
          ...incoming.params,
        ]);
        return pageFromProbe(rows.map(decodeEdgeRow), limit, edgeId);
      }
      const filter = propertyEntries(options.properties);
      const ranges: string[] = [];
      const params: SqlValue[] = [];
      const range = (column: "from_id" | "to_id", kind: string) => {
        const where = new SqlWhere().add(`${column} = ?`, nodeId).add("kind = ?", kind);
        // A self-loop matches both directions: the outgoing range returns it.
        if (column === "to_id") where.add("from_id <> ?", nodeId);
        if (options.cursor != null) where.add("edge_key > ?", options.cursor);
        where.properties("graph_edge_properties", "edge_key", "graph_edges.edge_key", filter);
        ranges.push(`SELECT ${EDGE_COLUMNS} FROM graph_edges${where.toSql()}`);
        params.push(...where.params);
      };
      for (const kind of outKinds) range("from_id", kind);
      for (const kind of inKinds) range("to_id", kind);
      const rows = await db.all<EdgeRow>(`${ranges.join(" UNION ALL ")} ORDER BY edge_key${limitClause(limit)}`, params);
      return pageFromProbe(rows.map(decodeEdgeRow), limit, edgeId);
    });
  }

  edgesBetweenNodes(nodeIds: readonly string[], options: { kinds?: readonly string[] } = {}): Promise<GraphEdge[]> {
    return this.read((db) => edgesAmong(db, nodeIds, options.kinds));
  }

  neighborhood(startId: string, options: GraphNeighborhoodOptions = {}): Promise<GraphPagedSubgraph> {
    return this.read((db) => sqlNeighborhood(db, startId, options));
  }

  shortestPath(fromId: string, toId: string, options: GraphPathOptions = {}): Promise<GraphPathResult> {
    return this.read(async (db) => {
      // The target's incoming edges, read once: a level whose frontier has one of them
      // ends the search, so the widest level (the one that reaches the target) is never
      // expanded. Answering with just those edges yields the same path: the target's
      // parent is the smallest frontier id with an edge to it, via the smallest key,
      // whichever other edges the level has.
      const intoTarget = new Map<string, GraphEdge[]>();
      const into = new SqlWhere().add("to_id = ?", toId).inList("kind", options.edgeKinds);
      for (const row of await db.all<{ edge_key: string; from_id: string; to_id: string; kind: string }>(
        `SELECT edge_key, from_id, to_id, kind FROM graph_edges${into.toSql()}`,
        into.params,
      )) {
        const list = intoTarget.get(row.from_id);
        const edge = { id: row.edge_key, from_id: row.from_id, to_id: row.to_id, kind: row.kind };
        if (list) list.push(edge);
        else intoTarget.set(row.from_id, [edge]);
      }
      return shortestPathUsingOutgoing(fromId, toId, options, async (frontier) => {
        const reaching = frontier.flatMap((id) => intoTarget.get(id) ?? []);
        if (reaching.length > 0) return reaching;
        const edges: GraphEdge[] = [];
        for (const chunk of chunked(frontier, IN_CHUNK_SIZE)) {
          const where = new SqlWhere().inList("from_id", chunk).inList("kind", options.edgeKinds);
          const rows = await db.all<{ edge_key: string; from_id: string; to_id: string; kind: string }>(
            `SELECT edge_key, from_id, to_id, kind FROM graph_edges${where.toSql()}`,
            where.params,
          );
          for (const row of rows) edges.push({ id: row.edge_key, from_id: row.from_id, to_id: row.to_id, kind: row.kind });
        }
        return edges;
      });
    });
  }

  counts(): Promise<GraphCounts> {
    return this.read(async (db) => {
      const rows = await db.all<{ nodes: number | bigint; edges: number | bigint; tomb_nodes: number | bigint; tomb_edges: number | bigint }>(
        `SELECT (SELECT COUNT(*) FROM graph_nodes) AS nodes, (SELECT COUNT(*) FROM graph_edges) AS edges,
                (SELECT COUNT(*) FROM graph_tombstones WHERE row_kind = 'node') AS tomb_nodes,
                (SELECT COUNT(*) FROM graph_tombstones WHERE row_kind = 'edge') AS tomb_edges`,
      );
      const row = rows[0]!;
      const tombNodes = Number(row.tomb_nodes);
      const tombEdges = Number(row.tomb_edges);
      return { nodes: Number(row.nodes), edges: Number(row.edges), tombstones: { nodes: tombNodes, edges: tombEdges, total: tombNodes + tombEdges } };
    });
  }

  sampleEdge(options: { kinds?: readonly string[] } = {}): Promise<GraphEdge | null> {
    return this.read(async (db) => {
      const where = new SqlWhere().inList("kind", options.kinds);
      const rows = await db.all<EdgeRow>(`SELECT ${EDGE_COLUMNS} FROM graph_edges${where.toSql()} ORDER BY edge_key LIMIT 1`, where.params);
      return rows[0] ? decodeEdgeRow(rows[0]) : null;
    });
  }

  tombstones(options: { cursor?: string | null; limit?: number } = {}): Promise<GraphQueryPage<GraphTombstone>> {
    const limit = resolvePageLimit(options.limit);
    return this.read(async (db) => {
      const where = new SqlWhere();
      if (options.cursor != null) where.add("row_key > ?", options.cursor);
      const rows = await db.all<{ row_key: string; row_kind: "node" | "edge"; deleted_at_unix: number | bigint }>(
        `SELECT row_key, row_kind, deleted_at_unix FROM graph_tombstones${where.toSql()} ORDER BY row_key${limitClause(limit)}`,
        where.params,
      );
      return pageFromProbe(
        rows.map((row) => ({ row_key: row.row_key, row_kind: row.row_kind, deleted_at_unix: Number(row.deleted_at_unix) })),
        limit,
        (row) => row.row_key,
      );
    });
  }

  projectionStatus(scope = "root"): Promise<ProjectionVersion | null> {
    return this.read(async (db) => {
      const rows = await db.all<{
        scope: string;
        projection_version: string;
        content_hash: string | null;
        source_watermark: string | null;
        observed_at_unix: number | bigint;
      }>(`SELECT scope, projection_version, content_hash, source_watermark, observed_at_unix FROM graph_projection_versions WHERE scope = ?`, [scope]);
      const row = rows[0];
      return row ? { ...row, observed_at_unix: Number(row.observed_at_unix) } : null;
    });
  }

  /** Page size, page and free-page counts, journal mode: cheap pragmas, for status and compaction plans. */
  fileStats(): Promise<SqlGraphFileStats | null> {
    return this.read((db) => sqlGraphFileStats(db));
  }

  /** Schema, index, orphan-row and file facts for `doctor`; reads only. */
  inspect(): Promise<SqlGraphInspection> {
    return this.read((db) => inspectSqlGraph(db));
  }

  /** Checkpoint, optional tombstone deletion and VACUUM (see compactSqlGraph); needs a writable store. */
  compact(options: SqlGraphCompactOptions = {}): Promise<SqlGraphCompactResult> {
    if (this.readOnly)
      return Promise.reject(new TsiftError("read_only", `graph store ${this.location} was opened read-only`, { hint: "open it writable to compact it" }));
    if (this.closed) return Promise.reject(new TsiftError("invalid_input", `graph store ${this.location} is closed`));
    // Not inside write(): VACUUM cannot run in a transaction.
    return this.queue.run(() => compactSqlGraph(this.connection, options));
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return this.queue.run(async () => {
      this.closed = true;
      await this.connection.close();
      await this.hooks.afterClose?.();
    });
  }
}
