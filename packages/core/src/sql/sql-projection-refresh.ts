import { MultisetHash, projectionContentHash } from "../content-hash";
import { TsiftError } from "../errors";
import type { GraphEdge, GraphNode, GraphProjection, ProjectionRefreshReport, RefreshPhaseTiming, ReplaceProjectionOptions, RowDelta } from "../graph-types";
import { projectionVersionOf } from "../projection";
import { encodeEdgeRow, encodeNodeRow, normalizeEdge, normalizeNode, type EncodedEdgeRow, type EncodedNodeRow } from "../rows";
import { deletePairs, insertRows, nowUnix } from "./sql-bulk";
import type { SqlExecutor, SqlValue } from "./sql-executor";
import { UPSERT_EDGE_HEAD, UPSERT_EDGE_TAIL, UPSERT_NODE_HEAD, UPSERT_NODE_TAIL, pruneTombstones } from "./sql-graph-writes";

class PhaseTimer {
  readonly phases: RefreshPhaseTiming[] = [];
  private last = process.hrtime.bigint();

  mark(name: string, detail?: string): void {
    const now = process.hrtime.bigint();
    this.phases.push(detail === undefined ? { name, duration_micros: Number((now - this.last) / 1000n) } : { name, duration_micros: Number((now - this.last) / 1000n), detail });
    this.last = now;
  }
}

interface PreparedProjection {
  nodes: { node: GraphNode; row: EncodedNodeRow }[];
  edges: { edge: GraphEdge; row: EncodedEdgeRow }[];
  contentHash: string;
}

/** Normalizes and hashes every row, failing closed before any write on duplicates or dangling edges. */
function prepareProjection(projection: GraphProjection): PreparedProjection {
  const nodeHashes = new MultisetHash();
  const edgeHashes = new MultisetHash();
  const nodeIds = new Set<string>();
  const nodes = projection.nodes.map((input) => {
    const node = normalizeNode(input);
    if (nodeIds.has(node.id)) throw new TsiftError("invalid_input", `projection has duplicate node id ${node.id}`, { details: { id: node.id } });
    nodeIds.add(node.id);
    const row = encodeNodeRow(node);
    nodeHashes.add(row.row_hash);
    return { node, row };
  });
  const edgeKeys = new Set<string>();
  const edges = projection.edges.map((input) => {
    const edge = normalizeEdge(input);
    if (edgeKeys.has(edge.id)) throw new TsiftError("invalid_input", `projection has duplicate edge ${edge.from_id} -${edge.kind}-> ${edge.to_id}`, { details: { id: edge.id } });
    edgeKeys.add(edge.id);
    for (const endpoint of [edge.from_id, edge.to_id]) {
      if (!nodeIds.has(endpoint)) {
        throw new TsiftError("invalid_input", `projection edge ${edge.id} references node ${endpoint}, which is not in the projection`, { details: { edge: edge.id, missing: endpoint } });
      }
    }
    const row = encodeEdgeRow(edge);
    edgeHashes.add(row.row_hash);
    return { edge, row };
  });
  return { nodes, edges, contentHash: projectionContentHash(nodeHashes, edgeHashes) };
}

interface ChangeSet {
  /** Changed or new row id -> previous properties JSON (null when the row is new). */
  changed: Map<string, string | null>;
  deleted: number;
  deletedProperties: number;
}

async function countRows(db: SqlExecutor, sql: string): Promise<number> {
  const rows = await db.all<{ n: number | bigint }>(sql);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Stages the next row keys and hashes in a temp table, asks SQLite which rows differ,
 * then tombstones and deletes absent rows with anti-joins. Unchanged rows are never
 * rewritten.
 */
async function diffAgainstStore(
  db: SqlExecutor,
  table: "graph_nodes" | "graph_edges",
  keyColumn: "id" | "edge_key",
  propertyTable: string,
  propertyOwner: string,
  staged: readonly (readonly [string, string])[],
  rowKind: "node" | "edge",
  at: number,
): Promise<ChangeSet> {
  const temp = `temp.next_${table}`;
  await db.exec(`CREATE TEMP TABLE IF NOT EXISTS next_${table} (${keyColumn} TEXT NOT NULL PRIMARY KEY, row_hash TEXT NOT NULL) WITHOUT ROWID; DELETE FROM ${temp};`);
  await insertRows(db, `INSERT INTO ${temp} (${keyColumn}, row_hash)`, 2, staged);
  const changedRows = await db.all<{ key: string; properties_json: string | null }>(
    `SELECT s.${keyColumn} AS key, g.properties_json AS properties_json FROM ${temp} s LEFT JOIN ${table} g ON g.${keyColumn} = s.${keyColumn} WHERE g.row_hash IS NOT s.row_hash`,
  );
  const changed = new Map<string, string | null>();
  for (const row of changedRows) changed.set(row.key, row.properties_json);
  const absent = `NOT EXISTS (SELECT 1 FROM ${temp} s WHERE s.${keyColumn} = ${table}.${keyColumn})`;
  await db.run(
    `INSERT INTO graph_tombstones (row_key, row_kind, deleted_at_unix) SELECT ${keyColumn}, ?, ? FROM ${table} WHERE ${absent} ON CONFLICT(row_key) DO UPDATE SET row_kind = excluded.row_kind, deleted_at_unix = excluded.deleted_at_unix`,
    [rowKind, at],
  );
  const deletedProperties = (await db.run(`DELETE FROM ${propertyTable} WHERE ${propertyOwner} IN (SELECT ${keyColumn} FROM ${table} WHERE ${absent})`)).changes;
  const deleted = (await db.run(`DELETE FROM ${table} WHERE ${absent}`)).changes;
  await db.exec(`DELETE FROM ${temp};`);
  return { changed, deleted, deletedProperties };
}

interface PropertyWrites {
  upserts: SqlValue[][];
  deletes: [string, string][];
  unchanged: number;
}

/** Key-level property delta for changed owners; unchanged owners keep their rows untouched. */
function propertyDelta(owners: readonly { id: string; properties: Record<string, string> | undefined }[], changed: Map<string, string | null> | null): PropertyWrites {
  const writes: PropertyWrites = { upserts: [], deletes: [], unchanged: 0 };
  for (const { id, properties } of owners) {
    const next = properties ?? {};
    if (changed && !changed.has(id)) {
      writes.unchanged += Object.keys(next).length;
      continue;
    }
    const previousJson = changed?.get(id) ?? null;
    const previous: Record<string, string> = previousJson ? (JSON.parse(previousJson) as Record<string, string>) : {};
    for (const [key, value] of Object.entries(next)) {
      if (previous[key] === value) writes.unchanged++;
      else writes.upserts.push([id, key, value]);
    }
    for (const key of Object.keys(previous)) if (!(key in next)) writes.deletes.push([id, key]);
  }
  return writes;
}

async function writeProperties(db: SqlExecutor, table: string, ownerColumn: string, writes: PropertyWrites, coldInsert: boolean): Promise<void> {
  await deletePairs(db, table, ownerColumn, writes.deletes);
  const tail = coldInsert ? "" : ` ON CONFLICT(${ownerColumn}, key) DO UPDATE SET value = excluded.value`;
  await insertRows(db, `INSERT INTO ${table} (${ownerColumn}, key, value)`, 3, writes.upserts, tail);
}

/**
 * Replaces the whole graph inside the caller's transaction. Rows whose hash is unchanged
 * are skipped; absent rows are tombstoned and deleted; tombstones of rows that reappear
 * are pruned. Throws before writing anything when the projection itself is invalid.
 */
export async function replaceProjectionRows(db: SqlExecutor, projection: GraphProjection, options: ReplaceProjectionOptions): Promise<ProjectionRefreshReport> {
  const timer = new PhaseTimer();
  const at = options.nowUnix ?? nowUnix();
  const scope = options.scope ?? "root";
  const prepared = prepareProjection(projection);
  const contentHash = options.contentHash ?? prepared.contentHash;
  const projectionVersion = options.projectionVersion ?? projectionVersionOf(projection) ?? "unversioned";
  const watermark = options.sourceWatermark ?? null;
  timer.mark("validate_and_hash", `${prepared.nodes.length} nodes, ${prepared.edges.length} edges`);

  const storeEmpty = (await countRows(db, "SELECT EXISTS (SELECT 1 FROM graph_nodes) AS n")) === 0;
  let nodeChanges: ChangeSet | null = null;
  let edgeChanges: ChangeSet | null = null;
  if (!storeEmpty) {
    // Edges first: removing them before their nodes keeps foreign keys satisfied.
    edgeChanges = await diffAgainstStore(db, "graph_edges", "edge_key", "graph_edge_properties", "edge_key", prepared.edges.map(({ row }) => [row.edge_key, row.row_hash] as const), "edge", at);
    nodeChanges = await diffAgainstStore(db, "graph_nodes", "id", "graph_node_properties", "node_id", prepared.nodes.map(({ row }) => [row.id, row.row_hash] as const), "node", at);
    timer.mark("stage_and_diff", `${nodeChanges.changed.size} nodes and ${edgeChanges.changed.size} edges changed`);
  } else {
    timer.mark("stage_and_diff", "empty store: cold insert");
  }

  const changedNodes = nodeChanges ? prepared.nodes.filter(({ node }) => nodeChanges.changed.has(node.id)) : prepared.nodes;
  await insertRows(
    db,
    UPSERT_NODE_HEAD,
    8,
    changedNodes.map(({ row }) => [row.id, row.kind, row.label, row.properties_json, row.provenance_json, row.freshness_json, row.row_hash, watermark]),
    storeEmpty ? "" : UPSERT_NODE_TAIL,
  );
  const nodeProperties = propertyDelta(prepared.nodes.map(({ node }) => ({ id: node.id, properties: node.properties })), nodeChanges?.changed ?? null);
  await writeProperties(db, "graph_node_properties", "node_id", nodeProperties, storeEmpty);
  timer.mark("write_nodes", `${changedNodes.length} upserted, ${nodeProperties.upserts.length} property rows`);

  const changedEdges = edgeChanges ? prepared.edges.filter(({ edge }) => edgeChanges.changed.has(edge.id)) : prepared.edges;
  await insertRows(
    db,
    UPSERT_EDGE_HEAD,
    9,
    changedEdges.map(({ row }) => [row.edge_key, row.from_id, row.to_id, row.kind, row.properties_json, row.provenance_json, row.freshness_json, row.row_hash, watermark]),
    storeEmpty ? "" : UPSERT_EDGE_TAIL,
  );
  const edgeProperties = propertyDelta(prepared.edges.map(({ edge }) => ({ id: edge.id, properties: edge.properties })), edgeChanges?.changed ?? null);
  await writeProperties(db, "graph_edge_properties", "edge_key", edgeProperties, storeEmpty);
  timer.mark("write_edges", `${changedEdges.length} upserted, ${edgeProperties.upserts.length} property rows`);

  // Only rows that did not exist before can have a tombstone to clear.
  let pruned = 0;
  if ((await countRows(db, "SELECT EXISTS (SELECT 1 FROM graph_tombstones) AS n")) === 1) {
    const isNew = (changes: ChangeSet | null, id: string) => !changes || changes.changed.get(id) === null;
    const reappeared = [
      ...changedNodes.filter(({ node }) => isNew(nodeChanges, node.id)).map(({ node }) => node.id),
      ...changedEdges.filter(({ edge }) => isNew(edgeChanges, edge.id)).map(({ edge }) => edge.id),
    ];
    pruned = await pruneTombstones(db, reappeared);
  }
  await db.run(
    `INSERT INTO graph_projection_versions (scope, projection_version, content_hash, source_watermark, observed_at_unix) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(scope) DO UPDATE SET projection_version = excluded.projection_version, content_hash = excluded.content_hash, source_watermark = excluded.source_watermark, observed_at_unix = excluded.observed_at_unix`,
    [scope, projectionVersion, contentHash, watermark, at],
  );
  const tombstoneTotal = await countRows(db, "SELECT COUNT(*) AS n FROM graph_tombstones");
  const written = (edgeChanges?.deleted ?? 0) + (nodeChanges?.deleted ?? 0);
  timer.mark("tombstones_and_version", `${written} written, ${pruned} pruned`);

  const delta = (upserted: number, deleted: number, total: number): RowDelta => ({ upserted, deleted, unchanged: total - upserted });
  const nodePropertyTotal = nodeProperties.upserts.length + nodeProperties.unchanged;
  const edgePropertyTotal = edgeProperties.upserts.length + edgeProperties.unchanged;
  return {
    scope,
    projection_version: projectionVersion,
    content_hash: contentHash,
    source_watermark: watermark,
    nodes: delta(changedNodes.length, nodeChanges?.deleted ?? 0, prepared.nodes.length),
    edges: delta(changedEdges.length, edgeChanges?.deleted ?? 0, prepared.edges.length),
    node_properties: delta(nodeProperties.upserts.length, nodeProperties.deletes.length + (nodeChanges?.deletedProperties ?? 0), nodePropertyTotal),
    edge_properties: delta(edgeProperties.upserts.length, edgeProperties.deletes.length + (edgeChanges?.deletedProperties ?? 0), edgePropertyTotal),
    tombstones: { written, pruned, total: tombstoneTotal },
    counts: { nodes: prepared.nodes.length, edges: prepared.edges.length },
    phase_timings: timer.phases,
  };
}
