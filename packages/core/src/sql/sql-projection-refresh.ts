import { MultisetHash, projectionContentHash, readHexWord } from "../content-hash";
import { TsiftError } from "../errors";
import type { GraphProjection, GraphProperties, ProjectionRefreshReport, RefreshPhaseTiming, ReplaceProjectionOptions, RowDelta } from "../graph-types";
import { projectionVersionOf } from "../projection";
import { prepareEdgeRow, prepareNodeRow, type PreparedEdgeRow, type PreparedNodeRow } from "../rows";
import { RowInserter, deleteKeys, deletePairs, nowUnix } from "./sql-bulk";
import type { SqlExecutor } from "./sql-executor";
import { IN_CHUNK_SIZE, chunked, placeholders } from "./sql-fragments";
import { HexEdgeKeys, StringRowKeys, lowerHexWord, type RefreshRowKeys } from "./refresh-row-keys";
import { BULK_REBUILD_MIN_ROWS, BULK_REBUILT_INDEXES, indexDefinition, widenPageCache } from "./sql-bulk-load-tuning";
import { UPSERT_EDGE_HEAD, UPSERT_EDGE_TAIL, UPSERT_NODE_HEAD, UPSERT_NODE_TAIL } from "./sql-graph-writes";

class PhaseTimer {
  readonly phases: RefreshPhaseTiming[] = [];
  private last = process.hrtime.bigint();

  mark(name: string, detail?: string): void {
    const now = process.hrtime.bigint();
    this.phases.push(
      detail === undefined
        ? { name, duration_micros: Number((now - this.last) / 1000n) }
        : { name, duration_micros: Number((now - this.last) / 1000n), detail },
    );
    this.last = now;
  }
}

/** What the store holds for a row of the next projection. */
const NEW = 0;
const UNCHANGED = 1;
const CHANGED = 2;

/**
 * One side (nodes or edges) of a validated projection. On a cold load every encoded row
 * is kept for the insert; otherwise only keys, hashes and property counts are kept and
 * the few rows that differ are encoded again when written, so a 1M-row refresh that
 * changes 1% of its rows does not hold 1M encoded rows (and their JSON) in memory.
 */
interface PreparedSide<R extends PreparedNodeRow | PreparedEdgeRow> {
  count: number;
  keys: RefreshRowKeys;
  /** Row hashes as four 32-bit words per row: no strings to keep alive for 1M rows. */
  hashWords: Uint32Array;
  propertyCounts: Uint32Array;
  /** NEW / UNCHANGED / CHANGED per position, filled by the diff (all NEW on a cold load). */
  states: Uint8Array;
  /** Encoded rows by position when kept (cold load). */
  kept: R[] | null;
  /** Encodes the row at a position (again, when not kept). */
  encode(position: number): R;
}

type AnySide = PreparedSide<PreparedNodeRow> | PreparedSide<PreparedEdgeRow>;

interface PreparedProjection {
  nodes: PreparedSide<PreparedNodeRow>;
  edges: PreparedSide<PreparedEdgeRow>;
  contentHash: string;
}

function side<R extends PreparedNodeRow | PreparedEdgeRow>(
  count: number,
  keys: RefreshRowKeys,
  keep: boolean,
  encode: (position: number) => R,
): PreparedSide<R> {
  const kept = keep ? new Array<R>(count) : null;
  return {
    count,
    keys,
    hashWords: new Uint32Array(count * 4),
    propertyCounts: new Uint32Array(count),
    states: new Uint8Array(count),
    kept,
    encode: kept ? (position) => kept[position]! : encode,
  };
}

/** Splits a row hash into words: into the side's table and the projection's multiset digest. */
function recordHash(side: AnySide, position: number, rowHash: string, digest: MultisetHash): void {
  const words = side.hashWords;
  const at = position * 4;
  const w0 = (words[at] = readHexWord(rowHash, 0));
  const w1 = (words[at + 1] = readHexWord(rowHash, 8));
  const w2 = (words[at + 2] = readHexWord(rowHash, 16));
  const w3 = (words[at + 3] = readHexWord(rowHash, 24));
  digest.addWords(w0, w1, w2, w3);
}

function duplicateEdge(projection: GraphProjection, position: number): TsiftError {
  const { edge_key: id, from_id: from, to_id: to, kind } = prepareEdgeRow(projection.edges[position]!).row;
  return new TsiftError("invalid_input", `projection has duplicate edge ${from} -${kind}-> ${to}`, { details: { id } });
}

/**
 * Validates, encodes and hashes the edges. Edge keys are normally kept as words (see
 * HexEdgeKeys), whose duplicates show only once they are sorted; the first problem in
 * input order still wins, as if every edge were checked in turn.
 */
function prepareEdges(
  projection: GraphProjection,
  nodeKeys: StringRowKeys,
  keepRows: boolean,
  digest: MultisetHash,
  hexKeys: boolean,
): PreparedSide<PreparedEdgeRow> | null {
  const count = projection.edges.length;
  const keys = hexKeys ? new HexEdgeKeys(count) : new StringRowKeys(count);
  const edges = side(count, keys, keepRows, (i) => prepareEdgeRow(projection.edges[i]!));
  let failure: { position: number; error: unknown } | null = null;
  for (let i = 0; i < count; i++) {
    let prepared: PreparedEdgeRow;
    try {
      prepared = prepareEdgeRow(projection.edges[i]!);
    } catch (error) {
      failure = { position: i, error };
      break;
    }
    const { edge_key: id, from_id: from, to_id: to, row_hash } = prepared.row;
    if (keys instanceof HexEdgeKeys) {
      if (!keys.set(i, id)) return null;
    } else if (!keys.set(i, id)) {
      failure = { position: i, error: duplicateEdge(projection, i) };
      break;
    }
    if (!nodeKeys.has(from) || !nodeKeys.has(to)) {
      const missing = nodeKeys.has(from) ? to : from;
      failure = {
        position: i,
        error: new TsiftError("invalid_input", `projection edge ${id} references node ${missing}, which is not in the projection`, {
          details: { edge: id, missing },
        }),
      };
      break;
    }
    edges.propertyCounts[i] = prepared.propertyCount;
    if (edges.kept) edges.kept[i] = prepared;
    recordHash(edges, i, row_hash, digest);
  }
  if (keys instanceof HexEdgeKeys) {
    // A repeat before the first other failure (or anywhere, when there is none) comes first.
    const repeat = keys.sort(failure ? failure.position + 1 : count);
    if (repeat >= 0 && (!failure || repeat <= failure.position)) throw duplicateEdge(projection, repeat);
  }
  if (failure) throw failure.error;
  return edges;
}

/** Normalizes and hashes every row, failing closed before any write on duplicates or dangling edges. */
function prepareProjection(projection: GraphProjection, keepRows: boolean): PreparedProjection {
  const nodeHashes = new MultisetHash();
  const nodeKeys = new StringRowKeys(projection.nodes.length);
  const nodes = side(projection.nodes.length, nodeKeys, keepRows, (i) => prepareNodeRow(projection.nodes[i]!));
  for (let i = 0; i < projection.nodes.length; i++) {
    const prepared = prepareNodeRow(projection.nodes[i]!);
    const { id, row_hash } = prepared.row;
    if (!nodeKeys.set(i, id)) throw new TsiftError("invalid_input", `projection has duplicate node id ${id}`, { details: { id } });
    nodes.propertyCounts[i] = prepared.propertyCount;
    if (nodes.kept) nodes.kept[i] = prepared;
    recordHash(nodes, i, row_hash, nodeHashes);
  }
  let edgeHashes = new MultisetHash();
  let edges = prepareEdges(projection, nodeKeys, keepRows, edgeHashes, true);
  if (!edges) {
    // Some key is not `edge:` + hex (a future key format): index the keys as strings.
    edgeHashes = new MultisetHash();
    edges = prepareEdges(projection, nodeKeys, keepRows, edgeHashes, false)!;
  }
  return { nodes, edges, contentHash: projectionContentHash(nodeHashes, edgeHashes) };
}

/** Positions whose state passes `wanted`, ordered by row key (the table's primary key). */
function positionsByKey(side: AnySide, wanted: (state: number) => boolean): number[] {
  const positions: number[] = [];
  const sorted = side.keys.sortedPositions();
  for (let i = 0; i < sorted.length; i++) if (wanted(side.states[sorted[i]!]!)) positions.push(sorted[i]!);
  return positions;
}

async function countRows(db: SqlExecutor, sql: string): Promise<number> {
  const rows = await db.all<{ n: number | bigint }>(sql);
  return Number(rows[0]?.n ?? 0);
}

/** Stored keys (and hashes) read per statement: bounded strings, few round trips. */
const DIFF_PAGE_ROWS = 50_000;
const ROW_HASH_WIDTH = 32;
/** Stands in for a missing or malformed stored hash; never equal to a real (hex) one. */
const NO_HASH = "-".repeat(ROW_HASH_WIDTH);

/**
 * Classifies every row of the next projection as NEW, UNCHANGED or CHANGED against the
 * stored keys and row hashes, and returns the stored keys the projection no longer has.
 * Reads the table in key order, one aggregated row per 50k rows (a JSON array of keys
 * plus the fixed-width hashes concatenated), so 1M rows cost 20 result rows instead of
 * 1M driver row objects; no staging writes, no temp tables.
 */
async function diffSide(db: SqlExecutor, table: "graph_nodes" | "graph_edges", keyColumn: "id" | "edge_key", side: AnySide): Promise<string[]> {
  const absent: string[] = [];
  const { keys: rowKeys, hashWords, states } = side;
  const sql = `SELECT json_group_array(k) AS keys, group_concat(h, '') AS hashes, max(k) AS last FROM (
      SELECT ${keyColumn} AS k, CASE WHEN length(row_hash) = ${ROW_HASH_WIDTH} AND length(CAST(row_hash AS BLOB)) = ${ROW_HASH_WIDTH} THEN row_hash ELSE '${NO_HASH}' END AS h
      FROM ${table} WHERE ${keyColumn} > ? ORDER BY ${keyColumn} LIMIT ${DIFF_PAGE_ROWS})`;
  let after = "";
  for (;;) {
    const [page] = await db.all<{ keys: string; hashes: string | null; last: string | null }>(sql, [after]);
    if (!page || page.last === null) break;
    const keys = JSON.parse(page.keys) as string[];
    const stored = page.hashes ?? "";
    for (let i = 0; i < keys.length; i++) {
      const position = rowKeys.positionOf(keys[i]!);
      if (position === undefined) absent.push(keys[i]!);
      else {
        // Every stored hash is 32 ASCII characters here (anything else became NO_HASH);
        // only lowercase hex parses, so equal words mean equal strings.
        const at = position * 4;
        const offset = i * ROW_HASH_WIDTH;
        const same =
          hashWords[at] === lowerHexWord(stored, offset) &&
          hashWords[at + 1] === lowerHexWord(stored, offset + 8) &&
          hashWords[at + 2] === lowerHexWord(stored, offset + 16) &&
          hashWords[at + 3] === lowerHexWord(stored, offset + 24);
        states[position] = same ? UNCHANGED : CHANGED;
      }
    }
    if (keys.length < DIFF_PAGE_ROWS) break;
    after = page.last;
  }
  return absent;
}

/** Stored properties JSON of the given keys (rows about to be rewritten), for the key-level property delta. */
async function storedProperties(db: SqlExecutor, table: string, keyColumn: string, keys: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const chunk of chunked(keys, IN_CHUNK_SIZE)) {
    const rows = await db.all<{ k: string; p: string }>(
      `SELECT ${keyColumn} AS k, properties_json AS p FROM ${table} WHERE ${keyColumn} IN (${placeholders(chunk.length)})`,
      chunk,
    );
    for (const row of rows) found.set(row.k, row.p);
  }
  return found;
}

interface Removal {
  deleted: number;
  deletedProperties: number;
}

/** Tombstones, then deletes, rows the projection no longer has (with their property rows). */
async function removeAbsent(
  db: SqlExecutor,
  table: string,
  keyColumn: string,
  propertyTable: string,
  propertyOwner: string,
  keys: readonly string[],
  rowKind: "node" | "edge",
  at: number,
): Promise<Removal> {
  if (keys.length === 0) return { deleted: 0, deletedProperties: 0 };
  const tombstones = new RowInserter(
    db,
    "INSERT INTO graph_tombstones (row_key, row_kind, deleted_at_unix)",
    3,
    " ON CONFLICT(row_key) DO UPDATE SET row_kind = excluded.row_kind, deleted_at_unix = excluded.deleted_at_unix",
  );
  for (const key of keys) if (tombstones.add(key, rowKind, at)) await tombstones.flush();
  await tombstones.flush();
  const deletedProperties = await deleteKeys(db, propertyTable, propertyOwner, keys);
  const deleted = await deleteKeys(db, table, keyColumn, keys);
  return { deleted, deletedProperties };
}

interface PropertyCounts {
  upserted: number;
  deleted: number;
  unchanged: number;
}

interface WriteTarget<R> {
  head: string;
  tail: string;
  columns: number;
  propertyTable: string;
  propertyOwner: string;
  keyOf(prepared: R): string;
  /** Adds the row's column values; true when a statement's worth is buffered. */
  values(prepared: R, inserter: RowInserter): boolean;
}

/**
 * Writes the rows at `positions` (already in key order) and their key-level property
 * delta: new owners insert every property, changed owners upsert the keys whose value
 * differs and delete keys that disappeared, unchanged owners are never touched.
 */
async function writeSide<R extends PreparedNodeRow | PreparedEdgeRow>(
  db: SqlExecutor,
  side: PreparedSide<R>,
  positions: readonly number[],
  previous: Map<string, string>,
  target: WriteTarget<R>,
  upsert: boolean,
): Promise<PropertyCounts> {
  const rows = new RowInserter(db, target.head, target.columns, upsert ? target.tail : "");
  const properties = new RowInserter(
    db,
    `INSERT INTO ${target.propertyTable} (${target.propertyOwner}, key, value)`,
    3,
    upsert ? ` ON CONFLICT(${target.propertyOwner}, key) DO UPDATE SET value = excluded.value` : "",
  );
  const counts: PropertyCounts = { upserted: 0, deleted: 0, unchanged: 0 };
  for (let i = 0; i < side.states.length; i++) if (side.states[i] === UNCHANGED) counts.unchanged += side.propertyCounts[i]!;

  // Rows first, then their properties: property rows reference their owner.
  const encoded = positions.map((position) => side.encode(position));
  for (const prepared of encoded) if (target.values(prepared, rows)) await rows.flush();
  await rows.flush();

  const deletes: [string, string][] = [];
  for (let n = 0; n < positions.length; n++) {
    const position = positions[n]!;
    const prepared = encoded[n]!;
    const owner = target.keyOf(prepared);
    const next: Readonly<GraphProperties> = prepared.properties ?? {};
    const previousJson = side.states[position] === CHANGED ? previous.get(owner) : undefined;
    if (previousJson === undefined || previousJson === "{}") {
      for (const key of Object.keys(next)) if (properties.add(owner, key, next[key]!)) await properties.flush();
      counts.upserted += prepared.propertyCount;
      continue;
    }
    const before = JSON.parse(previousJson) as Record<string, string>;
    for (const key of Object.keys(next)) {
      const value = next[key]!;
      if (Object.hasOwn(before, key) && before[key] === value) counts.unchanged++;
      else {
        counts.upserted++;
        if (properties.add(owner, key, value)) await properties.flush();
      }
    }
    for (const key of Object.keys(before)) if (!Object.hasOwn(next, key)) deletes.push([owner, key]);
  }
  await properties.flush();
  counts.deleted = deletes.length;
  await deletePairs(db, target.propertyTable, target.propertyOwner, deletes);
  return counts;
}

/**
 * Prunes tombstones of rows that reappear (rows new to the store). Reads the tombstone
 * keys once instead of probing every new key: tombstones are few, new rows can be 1M.
 */
async function pruneReappeared(db: SqlExecutor, prepared: PreparedProjection): Promise<number> {
  const tombstones = await db.all<{ k: string }>("SELECT row_key AS k FROM graph_tombstones");
  const reappeared: string[] = [];
  const isNew = (side: AnySide, key: string) => {
    const position = side.keys.positionOf(key);
    return position !== undefined && side.states[position] === NEW;
  };
  for (const { k } of tombstones) if (isNew(prepared.nodes, k) || isNew(prepared.edges, k)) reappeared.push(k);
  return deleteKeys(db, "graph_tombstones", "row_key", reappeared);
}

function countInState(side: AnySide, state: number): number {
  let n = 0;
  for (let i = 0; i < side.states.length; i++) if (side.states[i] === state) n++;
  return n;
}

function keysInState(side: AnySide, state: number): string[] {
  const keys: string[] = [];
  for (let i = 0; i < side.states.length; i++) if (side.states[i] === state) keys.push(side.keys.keyAt(i));
  return keys;
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
  const storeEmpty = (await countRows(db, "SELECT EXISTS (SELECT 1 FROM graph_nodes) AS n")) === 0;
  const prepared = prepareProjection(projection, storeEmpty);
  const contentHash = options.contentHash ?? prepared.contentHash;
  const projectionVersion = options.projectionVersion ?? projectionVersionOf(projection) ?? "unversioned";
  const watermark = options.sourceWatermark ?? null;
  const { nodes, edges } = prepared;
  const nodeCount = nodes.count;
  const edgeCount = edges.count;
  timer.mark("validate_and_hash", `${nodeCount} nodes, ${edgeCount} edges`);

  const restoreCache = await widenPageCache(db, nodeCount + edgeCount);
  try {
    let nodeRemoval: Removal = { deleted: 0, deletedProperties: 0 };
    let edgeRemoval: Removal = { deleted: 0, deletedProperties: 0 };
    let previousNodes = new Map<string, string>();
    let previousEdges = new Map<string, string>();
    if (!storeEmpty) {
      const absentEdges = await diffSide(db, "graph_edges", "edge_key", edges);
      const absentNodes = await diffSide(db, "graph_nodes", "id", nodes);
      previousNodes = await storedProperties(db, "graph_nodes", "id", keysInState(nodes, CHANGED));
      previousEdges = await storedProperties(db, "graph_edges", "edge_key", keysInState(edges, CHANGED));
      const changed = (side: AnySide) => side.count - countInState(side, UNCHANGED);
      timer.mark("stage_and_diff", `${changed(nodes)} nodes and ${changed(edges)} edges changed`);
      // Edges first: removing them before their nodes keeps foreign keys satisfied.
      edgeRemoval = await removeAbsent(db, "graph_edges", "edge_key", "graph_edge_properties", "edge_key", absentEdges, "edge", at);
      nodeRemoval = await removeAbsent(db, "graph_nodes", "id", "graph_node_properties", "node_id", absentNodes, "node", at);
      timer.mark("remove_absent", `${edgeRemoval.deleted} edges, ${nodeRemoval.deleted} nodes`);
    } else {
      timer.mark("stage_and_diff", "empty store: cold insert");
    }

    const rebuild = storeEmpty && nodeCount + edgeCount >= BULK_REBUILD_MIN_ROWS ? BULK_REBUILT_INDEXES : [];
    for (const name of rebuild) await db.exec(`DROP INDEX IF EXISTS ${name}`);

    const rewrite = (state: number) => state !== UNCHANGED;
    const nodePositions = positionsByKey(nodes, rewrite);
    const nodeProperties = await writeSide(
      db,
      nodes,
      nodePositions,
      previousNodes,
      {
        head: UPSERT_NODE_HEAD,
        tail: UPSERT_NODE_TAIL,
        columns: 8,
        propertyTable: "graph_node_properties",
        propertyOwner: "node_id",
        keyOf: ({ row }) => row.id,
        values: ({ row }, add) => add.add(row.id, row.kind, row.label, row.properties_json, row.provenance_json, row.freshness_json, row.row_hash, watermark),
      },
      !storeEmpty,
    );
    timer.mark("write_nodes", `${nodePositions.length} upserted, ${nodeProperties.upserted} property rows`);

    const edgePositions = positionsByKey(edges, rewrite);
    const edgeProperties = await writeSide(
      db,
      edges,
      edgePositions,
      previousEdges,
      {
        head: UPSERT_EDGE_HEAD,
        tail: UPSERT_EDGE_TAIL,
        columns: 9,
        propertyTable: "graph_edge_properties",
        propertyOwner: "edge_key",
        keyOf: ({ row }) => row.edge_key,
        values: ({ row }, add) =>
          add.add(row.edge_key, row.from_id, row.to_id, row.kind, row.properties_json, row.provenance_json, row.freshness_json, row.row_hash, watermark),
      },
      !storeEmpty,
    );
    timer.mark("write_edges", `${edgePositions.length} upserted, ${edgeProperties.upserted} property rows`);

    if (rebuild.length > 0) {
      for (const name of rebuild) await db.exec(indexDefinition(name));
      timer.mark("rebuild_indexes", rebuild.join(", "));
    }

    // Only rows that did not exist before can have a tombstone to clear.
    let pruned = 0;
    if ((await countRows(db, "SELECT EXISTS (SELECT 1 FROM graph_tombstones) AS n")) === 1) pruned = await pruneReappeared(db, prepared);
    await db.run(
      `INSERT INTO graph_projection_versions (scope, projection_version, content_hash, source_watermark, observed_at_unix) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(scope) DO UPDATE SET projection_version = excluded.projection_version, content_hash = excluded.content_hash, source_watermark = excluded.source_watermark, observed_at_unix = excluded.observed_at_unix`,
      [scope, projectionVersion, contentHash, watermark, at],
    );
    const tombstoneTotal = await countRows(db, "SELECT COUNT(*) AS n FROM graph_tombstones");
    const written = edgeRemoval.deleted + nodeRemoval.deleted;
    timer.mark("tombstones_and_version", `${written} written, ${pruned} pruned`);

    const delta = (upserted: number, deleted: number, total: number): RowDelta => ({ upserted, deleted, unchanged: total - upserted });
    const propertyDelta = (counts: PropertyCounts, removal: Removal): RowDelta => ({
      upserted: counts.upserted,
      deleted: counts.deleted + removal.deletedProperties,
      unchanged: counts.unchanged,
    });
    return {
      scope,
      projection_version: projectionVersion,
      content_hash: contentHash,
      source_watermark: watermark,
      nodes: delta(nodePositions.length, nodeRemoval.deleted, nodeCount),
      edges: delta(edgePositions.length, edgeRemoval.deleted, edgeCount),
      node_properties: propertyDelta(nodeProperties, nodeRemoval),
      edge_properties: propertyDelta(edgeProperties, edgeRemoval),
      tombstones: { written, pruned, total: tombstoneTotal },
      counts: { nodes: nodeCount, edges: edgeCount },
      phase_timings: timer.phases,
    };
  } finally {
    await restoreCache?.();
  }
}
