import type { GraphProjection, GraphProperties, ProjectionRefreshReport, RefreshPhaseTiming, ReplaceProjectionOptions, RowDelta } from "../graph-types";
import { projectionVersionOf } from "../projection";
import { encodeCanonicalEdgeRow, encodeCanonicalNodeRow, type CanonicalEdgeRow, type CanonicalNodeRow } from "../rows";
import { RowInserter, deleteKeys, nowUnix } from "./sql-bulk";
import type { SqlExecutor } from "./sql-executor";
import {
  EDGE_PROPERTIES,
  NODE_PROPERTIES,
  deleteOwnedProperties,
  deletePropertyRows,
  insertPropertiesHead,
  storedProperties,
  type PropertyRow,
  type PropertySide,
} from "./sql-property-rows";
import { HexEdgeKeys, lowerHexWord } from "./refresh-row-keys";
import { CHANGED, NEW, UNCHANGED, prepareProjection, type AnySide, type PreparedProjection, type PreparedSide } from "./refresh-prepare";
import { BULK_REBUILD_MIN_ROWS, BULK_REBUILT_INDEXES, indexDefinition, widenPageCache } from "./sql-bulk-load-tuning";
import { UPSERT_EDGE_HEAD, UPSERT_EDGE_TAIL, UPSERT_NODE_HEAD, UPSERT_NODE_TAIL } from "./sql-graph-writes";
import { recordRowsDigest, storedRowsDigest, suspendRowsDigest } from "./refresh-digest";

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

/** Marks the row at `position` UNCHANGED when its hash equals the stored one at `offset`, else CHANGED. */
function classify(side: AnySide, position: number, stored: string, offset: number): void {
  // Every stored hash is 32 ASCII characters here (anything else became NO_HASH); only
  // lowercase hex parses, so equal words mean equal strings.
  const words = side.hashWords;
  const at = position * 4;
  const same =
    words[at] === lowerHexWord(stored, offset) &&
    words[at + 1] === lowerHexWord(stored, offset + 8) &&
    words[at + 2] === lowerHexWord(stored, offset + 16) &&
    words[at + 3] === lowerHexWord(stored, offset + 24);
  side.states[position] = same ? UNCHANGED : CHANGED;
}

const STORED_HASH = `CASE WHEN length(row_hash) = ${ROW_HASH_WIDTH} AND length(CAST(row_hash AS BLOB)) = ${ROW_HASH_WIDTH} THEN row_hash ELSE '${NO_HASH}' END`;
const EDGE_KEY_WIDTH = 37;
const EDGE_KEY_DIGITS = 32;

/**
 * One page of stored edge keys as their hex digits concatenated (`edge:` dropped), when
 * every key on the page has the `edge:` + 32 characters shape: no JSON array and no
 * string per key to parse, just fixed-width words. Null when some key has another shape.
 */
async function diffHexEdgePage(
  db: SqlExecutor,
  keys: HexEdgeKeys,
  side: AnySide,
  after: string,
  absent: string[],
): Promise<{ count: number; last: string } | null> {
  const [page] = await db.all<{ n: number | bigint; shaped: number | bigint | null; keys: string | null; hashes: string | null; last: string | null }>(
    `SELECT count(*) AS n, sum(length(k) = ${EDGE_KEY_WIDTH} AND length(CAST(k AS BLOB)) = ${EDGE_KEY_WIDTH} AND substr(k, 1, 5) = 'edge:') AS shaped,
      group_concat(substr(k, 6), '') AS keys, group_concat(h, '') AS hashes, max(k) AS last FROM (
      SELECT edge_key AS k, ${STORED_HASH} AS h FROM graph_edges WHERE edge_key > ? ORDER BY edge_key LIMIT ${DIFF_PAGE_ROWS})`,
    [after],
  );
  const count = Number(page?.n ?? 0);
  if (!page || count === 0 || page.last === null) return { count: 0, last: after };
  if (Number(page.shaped ?? 0) !== count) return null;
  const digits = page.keys ?? "";
  const stored = page.hashes ?? "";
  for (let i = 0; i < count; i++) {
    const at = i * EDGE_KEY_DIGITS;
    const w0 = lowerHexWord(digits, at);
    const w1 = lowerHexWord(digits, at + 8);
    const w2 = lowerHexWord(digits, at + 16);
    const w3 = lowerHexWord(digits, at + 24);
    // A key that is not lowercase hex cannot be one of the projection's keys.
    const position = w0 < 0 || w1 < 0 || w2 < 0 || w3 < 0 ? undefined : keys.positionOfWords(w0, w1, w2, w3);
    if (position === undefined) absent.push(`edge:${digits.slice(at, at + EDGE_KEY_DIGITS)}`);
    else classify(side, position, stored, i * ROW_HASH_WIDTH);
  }
  return { count, last: page.last };
}

/**
 * Classifies every row of the next projection as NEW, UNCHANGED or CHANGED against the
 * stored keys and row hashes, and returns the stored keys the projection no longer has.
 * Reads the table in key order, one aggregated row per 50k rows (the keys as a JSON
 * array, or edge keys as fixed-width hex, plus the fixed-width hashes concatenated), so
 * 1M rows cost 20 result rows instead of 1M driver row objects; no staging writes, no
 * temp tables.
 */
async function diffSide(db: SqlExecutor, table: "graph_nodes" | "graph_edges", keyColumn: "id" | "edge_key", side: AnySide): Promise<string[]> {
  const absent: string[] = [];
  const rowKeys = side.keys;
  const sql = `SELECT json_group_array(k) AS keys, group_concat(h, '') AS hashes, max(k) AS last FROM (
      SELECT ${keyColumn} AS k, ${STORED_HASH} AS h FROM ${table} WHERE ${keyColumn} > ? ORDER BY ${keyColumn} LIMIT ${DIFF_PAGE_ROWS})`;
  let after = "";
  for (;;) {
    if (rowKeys instanceof HexEdgeKeys) {
      const hexPage = await diffHexEdgePage(db, rowKeys, side, after, absent);
      if (hexPage) {
        if (hexPage.count < DIFF_PAGE_ROWS) break;
        after = hexPage.last;
        continue;
      }
    }
    const [page] = await db.all<{ keys: string; hashes: string | null; last: string | null }>(sql, [after]);
    if (!page || page.last === null) break;
    const keys = JSON.parse(page.keys) as string[];
    const stored = page.hashes ?? "";
    for (let i = 0; i < keys.length; i++) {
      const position = rowKeys.positionOf(keys[i]!);
      if (position === undefined) absent.push(keys[i]!);
      else classify(side, position, stored, i * ROW_HASH_WIDTH);
    }
    if (keys.length < DIFF_PAGE_ROWS) break;
    after = page.last;
  }
  return absent;
}

interface Removal {
  deleted: number;
  deletedProperties: number;
}

/** Tombstones, then deletes, rows the projection no longer has (with their property rows). */
async function removeAbsent(db: SqlExecutor, side: PropertySide, keys: readonly string[], rowKind: "node" | "edge", at: number): Promise<Removal> {
  if (keys.length === 0) return { deleted: 0, deletedProperties: 0 };
  const tombstones = new RowInserter(
    db,
    "INSERT INTO graph_tombstones (row_key, row_kind, deleted_at_unix)",
    3,
    " ON CONFLICT(row_key) DO UPDATE SET row_kind = excluded.row_kind, deleted_at_unix = excluded.deleted_at_unix",
  );
  for (const key of keys) if (tombstones.add(key, rowKind, at)) await tombstones.flush();
  await tombstones.flush();
  const deletedProperties = await deleteOwnedProperties(db, side, keys);
  const deleted = await deleteKeys(db, side.table, side.keyColumn, keys);
  return { deleted, deletedProperties };
}

interface PropertyCounts {
  upserted: number;
  deleted: number;
  unchanged: number;
}

interface WriteTarget<R, E> {
  head: string;
  tail: string;
  columns: number;
  properties: PropertySide;
  /** The row's SQL columns, with the hash words the refresh already computed. */
  encode(row: R, hash: { words: Uint32Array; at: number }): E;
  /** Adds the encoded row's column values; true when a statement's worth is buffered. */
  values(encoded: E, inserter: RowInserter): boolean;
}

/**
 * Fills the property table of a freshly loaded empty store from the owners'
 * `properties_json`, inside SQLite: no JavaScript loop and no bound parameters for the
 * property rows, which outnumber the graph rows, and one sort into the table's
 * (key, value, owner) order instead of a random b-tree insert per row.
 */
async function copyPropertiesFromJson(db: SqlExecutor, side: PropertySide): Promise<number> {
  const result = await db.run(
    `INSERT INTO ${side.propertyTable} (key, value, ${side.propertyOwner}) SELECT j.key, j.value, o.${side.keyColumn} FROM ${side.table} o, json_each(o.properties_json) j ORDER BY 1, 2, 3`,
  );
  return result.changes;
}

/**
 * Writes the rows at `positions` (already in key order) and their key-level property
 * delta: new owners insert every property, changed owners upsert the keys whose value
 * differs and delete keys that disappeared, unchanged owners are never touched. On an
 * empty store (`emptyStore`) every row is new and the property rows are copied from
 * the JSON column in SQL, unless some value needs a `\u` escape in JSON (a control
 * character or a lone surrogate), whose decoding SQLite may not round-trip exactly.
 */
async function writeSide<R extends CanonicalNodeRow | CanonicalEdgeRow, E extends { properties_json: string }>(
  db: SqlExecutor,
  side: PreparedSide<R>,
  positions: readonly number[],
  previous: Map<string, string>,
  target: WriteTarget<R, E>,
  emptyStore: boolean,
): Promise<PropertyCounts> {
  const rows = new RowInserter(db, target.head, target.columns, emptyStore ? "" : target.tail);
  // A changed value is a different row (the value is part of the key): the old row is
  // deleted below, the new one inserted; a leftover equal row is kept, not duplicated.
  const properties = new RowInserter(db, insertPropertiesHead(target.properties), 3, emptyStore ? "" : " ON CONFLICT DO NOTHING");
  const counts: PropertyCounts = { upserted: 0, deleted: 0, unchanged: 0 };
  for (let i = 0; i < side.states.length; i++) if (side.states[i] === UNCHANGED) counts.unchanged += side.propertyCounts[i]!;

  // Rows first, then their properties: property rows reference their owner.
  const canonical = positions.map((position) => side.canonical(position));
  const hash = { words: side.hashWords, at: 0 };
  let jsonCopySafe = emptyStore;
  for (let n = 0; n < positions.length; n++) {
    hash.at = positions[n]! * 4;
    const encoded = target.encode(canonical[n]!, hash);
    if (jsonCopySafe && encoded.properties_json.includes("\\u")) jsonCopySafe = false;
    if (target.values(encoded, rows)) await rows.flush();
  }
  await rows.flush();
  if (jsonCopySafe) {
    counts.upserted = await copyPropertiesFromJson(db, target.properties);
    return counts;
  }

  const deletes: PropertyRow[] = [];
  for (let n = 0; n < positions.length; n++) {
    const position = positions[n]!;
    const row = canonical[n]!;
    const owner = row.id;
    const next: Readonly<GraphProperties> = row.properties ?? {};
    const previousJson = side.states[position] === CHANGED ? previous.get(owner) : undefined;
    if (previousJson === undefined || previousJson === "{}") {
      for (const key of Object.keys(next)) if (properties.add(owner, key, next[key]!)) await properties.flush();
      counts.upserted += row.propertyCount;
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
    for (const key of Object.keys(before)) {
      const value = before[key];
      if (typeof value !== "string") continue;
      if (!Object.hasOwn(next, key)) {
        counts.deleted++;
        deletes.push([owner, key, value]);
      } else if (next[key] !== value) deletes.push([owner, key, value]);
    }
  }
  await properties.flush();
  await deletePropertyRows(db, target.properties, deletes);
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
    // The rows are what the last refresh stored and the projection hashes to the same digest:
    // every row is unchanged, with no stored key or hash to read (see refresh-digest.ts).
    const unchanged = !storeEmpty && (await storedRowsDigest(db)) === prepared.contentHash;
    if (unchanged) {
      nodes.states.fill(UNCHANGED);
      edges.states.fill(UNCHANGED);
      timer.mark("stage_and_diff", "no row changed since the last refresh (rows digest)");
    } else if (!storeEmpty) {
      const absentEdges = await diffSide(db, "graph_edges", "edge_key", edges);
      const absentNodes = await diffSide(db, "graph_nodes", "id", nodes);
      previousNodes = await storedProperties(db, NODE_PROPERTIES, keysInState(nodes, CHANGED));
      previousEdges = await storedProperties(db, EDGE_PROPERTIES, keysInState(edges, CHANGED));
      const changed = (side: AnySide) => side.count - countInState(side, UNCHANGED);
      timer.mark("stage_and_diff", `${changed(nodes)} nodes and ${changed(edges)} edges changed`);
      // Edges first: removing them before their nodes keeps foreign keys satisfied.
      edgeRemoval = await removeAbsent(db, EDGE_PROPERTIES, absentEdges, "edge", at);
      nodeRemoval = await removeAbsent(db, NODE_PROPERTIES, absentNodes, "node", at);
      timer.mark("remove_absent", `${edgeRemoval.deleted} edges, ${nodeRemoval.deleted} nodes`);
    } else {
      timer.mark("stage_and_diff", "empty store: cold insert");
    }

    if (!unchanged) await suspendRowsDigest(db);
    const rebuild = storeEmpty && nodeCount + edgeCount >= BULK_REBUILD_MIN_ROWS ? BULK_REBUILT_INDEXES : [];
    for (const name of rebuild) await db.exec(`DROP INDEX IF EXISTS ${name}`);

    const rewrite = (state: number) => state !== UNCHANGED;
    const nodePositions = unchanged ? [] : positionsByKey(nodes, rewrite);
    const nodeProperties = await writeSide(
      db,
      nodes,
      nodePositions,
      previousNodes,
      {
        head: UPSERT_NODE_HEAD,
        tail: UPSERT_NODE_TAIL,
        columns: 8,
        properties: NODE_PROPERTIES,
        encode: encodeCanonicalNodeRow,
        values: (row, add) => add.add(row.id, row.kind, row.label, row.properties_json, row.provenance_json, row.freshness_json, row.row_hash, watermark),
      },
      storeEmpty,
    );
    timer.mark("write_nodes", `${nodePositions.length} upserted, ${nodeProperties.upserted} property rows`);

    const edgePositions = unchanged ? [] : positionsByKey(edges, rewrite);
    const edgeProperties = await writeSide(
      db,
      edges,
      edgePositions,
      previousEdges,
      {
        head: UPSERT_EDGE_HEAD,
        tail: UPSERT_EDGE_TAIL,
        columns: 9,
        properties: EDGE_PROPERTIES,
        encode: encodeCanonicalEdgeRow,
        values: (row, add) =>
          add.add(row.edge_key, row.from_id, row.to_id, row.kind, row.properties_json, row.provenance_json, row.freshness_json, row.row_hash, watermark),
      },
      storeEmpty,
    );
    timer.mark("write_edges", `${edgePositions.length} upserted, ${edgeProperties.upserted} property rows`);

    if (rebuild.length > 0) {
      for (const name of rebuild) await db.exec(indexDefinition(name));
      timer.mark("rebuild_indexes", rebuild.join(", "));
    }

    if (!unchanged) await recordRowsDigest(db, prepared.contentHash);
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
