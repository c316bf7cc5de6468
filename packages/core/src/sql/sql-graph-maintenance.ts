import { GRAPH_REQUIRED_INDEXES, GRAPH_TABLES, SQLITE_GRAPH_SCHEMA_VERSION } from "../schema";
import type { SqlConnection, SqlExecutor } from "./sql-executor";

/** Page accounting of the database file, from pragmas (so it works for any SQLite engine). */
export interface SqlGraphFileStats {
  page_size: number;
  page_count: number;
  freelist_count: number;
  size_bytes: number;
  freelist_bytes: number;
  journal_mode: string;
}

/** What `graph-db doctor` needs to know about a SQL graph store, read without writing. */
export interface SqlGraphInspection {
  schema_version: number;
  supported_schema_version: number;
  missing_tables: string[];
  missing_indexes: string[];
  /** Edges whose `from_id` or `to_id` names no node (foreign keys are not enforced per row). */
  orphan_edges: { count: number; sample: string[] };
  /** Property rows whose owner row is gone. */
  orphan_properties: number;
  /**
   * Node ids and edge keys stored more than once. Zero without a scan when the tables
   * declare those columns as their primary keys (as tsift's schema does); counted
   * when a table was rebuilt without one. Absent from inspections that did not look.
   */
  duplicate_ids?: { count: number; sample: string[] };
  file: SqlGraphFileStats | null;
}

const ORPHAN_SAMPLE = 10;

async function scalar(db: SqlExecutor, sql: string): Promise<number> {
  const rows = await db.all<{ n: number | bigint | null }>(sql);
  return Number(rows[0]?.n ?? 0);
}

/** Page size, counts and journal mode; null when the engine refuses the pragmas (a remote server may). */
export async function sqlGraphFileStats(db: SqlExecutor): Promise<SqlGraphFileStats | null> {
  try {
    const pageSize = await scalar(db, "SELECT page_size AS n FROM pragma_page_size()");
    const pageCount = await scalar(db, "SELECT page_count AS n FROM pragma_page_count()");
    const freelist = await scalar(db, "SELECT freelist_count AS n FROM pragma_freelist_count()");
    const mode = await db.all<{ journal_mode: string }>("PRAGMA journal_mode");
    return {
      page_size: pageSize,
      page_count: pageCount,
      freelist_count: freelist,
      size_bytes: pageSize * pageCount,
      freelist_bytes: pageSize * freelist,
      journal_mode: String(mode[0]?.journal_mode ?? "unknown").toLowerCase(),
    };
  } catch {
    return null;
  }
}

/**
 * Whether any value of `column` in `table` has no row in `owners`. Reads each distinct
 * value once, in index order (`SELECT DISTINCT` over an index led by the column), so
 * a hub's 10k edges cost one lookup, not 10k: on effect's src/ (60k edges, 210k
 * property rows) the four probes take a quarter of the time of per-row anti-joins.
 */
async function anyMissingOwner(db: SqlExecutor, table: string, column: string, owners: string, ownerKey: string): Promise<boolean> {
  const rows = await db.all(
    `SELECT 1 FROM (SELECT DISTINCT ${column} AS k FROM ${table}) d WHERE NOT EXISTS (SELECT 1 FROM ${owners} o WHERE o.${ownerKey} = d.k) LIMIT 1`,
  );
  return rows.length > 0;
}

/** Whether `column` is the whole primary key of `table` (so it cannot hold a value twice). */
async function isPrimaryKey(db: SqlExecutor, table: string, column: string): Promise<boolean> {
  const columns = await db.all<{ name: string; pk: number | bigint }>(`SELECT name, pk FROM pragma_table_info('${table}')`);
  const keys = columns.filter((row) => Number(row.pk) > 0);
  return keys.length === 1 && keys[0]!.name === column;
}

async function duplicateIds(db: SqlExecutor): Promise<{ count: number; sample: string[] }> {
  const found = { count: 0, sample: [] as string[] };
  for (const [table, column] of [
    ["graph_nodes", "id"],
    ["graph_edges", "edge_key"],
  ] as const) {
    if (await isPrimaryKey(db, table, column)) continue;
    const repeated = `SELECT ${column} AS k FROM ${table} GROUP BY ${column} HAVING COUNT(*) > 1`;
    found.count += await scalar(db, `SELECT COUNT(*) AS n FROM (${repeated})`);
    const sample = await db.all<{ k: string }>(`${repeated} ORDER BY k LIMIT ${ORPHAN_SAMPLE}`);
    found.sample.push(...sample.map((row) => row.k));
  }
  return found;
}

/**
 * Schema version, required tables and indexes, orphan and duplicate rows, file stats.
 * Orphans are first probed per distinct endpoint or owner (see anyMissingOwner); only
 * a graph that has some is counted row by row, for the report. Bounded by the graph
 * size, which is what a doctor is for; status never runs it.
 */
export async function inspectSqlGraph(db: SqlExecutor): Promise<SqlGraphInspection> {
  const version = await scalar(db, "SELECT user_version AS n FROM pragma_user_version()");
  const objects = await db.all<{ type: string; name: string }>("SELECT type, name FROM sqlite_master WHERE type IN ('table', 'index')");
  const tables = new Set(objects.filter((row) => row.type === "table").map((row) => row.name));
  const indexes = new Set(objects.filter((row) => row.type === "index").map((row) => row.name));
  const missingTables = GRAPH_TABLES.filter((name) => !tables.has(name));
  const inspection: SqlGraphInspection = {
    schema_version: version,
    supported_schema_version: SQLITE_GRAPH_SCHEMA_VERSION,
    missing_tables: missingTables,
    missing_indexes: GRAPH_REQUIRED_INDEXES.filter((name) => !indexes.has(name)),
    orphan_edges: { count: 0, sample: [] },
    orphan_properties: 0,
    duplicate_ids: { count: 0, sample: [] },
    file: await sqlGraphFileStats(db),
  };
  if (missingTables.length > 0) return inspection;
  if ((await anyMissingOwner(db, "graph_edges", "from_id", "graph_nodes", "id")) || (await anyMissingOwner(db, "graph_edges", "to_id", "graph_nodes", "id"))) {
    const orphanWhere = `NOT EXISTS (SELECT 1 FROM graph_nodes n WHERE n.id = e.from_id) OR NOT EXISTS (SELECT 1 FROM graph_nodes n WHERE n.id = e.to_id)`;
    inspection.orphan_edges.count = await scalar(db, `SELECT COUNT(*) AS n FROM graph_edges e WHERE ${orphanWhere}`);
    const sample = await db.all<{ edge_key: string }>(`SELECT edge_key FROM graph_edges e WHERE ${orphanWhere} ORDER BY edge_key LIMIT ${ORPHAN_SAMPLE}`);
    inspection.orphan_edges.sample = sample.map((row) => row.edge_key);
  }
  if (await anyMissingOwner(db, "graph_node_properties", "node_id", "graph_nodes", "id")) {
    inspection.orphan_properties += await scalar(
      db,
      "SELECT COUNT(*) AS n FROM graph_node_properties p WHERE NOT EXISTS (SELECT 1 FROM graph_nodes n WHERE n.id = p.node_id)",
    );
  }
  if (await anyMissingOwner(db, "graph_edge_properties", "edge_key", "graph_edges", "edge_key")) {
    inspection.orphan_properties += await scalar(
      db,
      "SELECT COUNT(*) AS n FROM graph_edge_properties p WHERE NOT EXISTS (SELECT 1 FROM graph_edges e WHERE e.edge_key = p.edge_key)",
    );
  }
  inspection.duplicate_ids = await duplicateIds(db);
  return inspection;
}

export interface SqlGraphCompactOptions {
  /** Run `VACUUM` after the checkpoint (rewrites the file; needs free disk of its size). */
  vacuum?: boolean;
  /** Delete every tombstone (only after the remote consumer reconciled them). */
  pruneTombstones?: boolean;
}

export interface SqlGraphCompactResult {
  checkpoint: "ok" | "busy" | "error" | "skipped";
  vacuumed: boolean;
  tombstones_pruned: number;
  before: SqlGraphFileStats | null;
  after: SqlGraphFileStats | null;
}

/**
 * Compaction in the order that keeps readers safe: tombstones are deleted in their own
 * transaction, the WAL is checkpointed (TRUNCATE) so the main file holds every page,
 * then `VACUUM` rewrites the file without its free pages. VACUUM takes an exclusive
 * lock only for its own duration; readers before and after see complete graphs.
 */
export async function compactSqlGraph(connection: SqlConnection, options: SqlGraphCompactOptions): Promise<SqlGraphCompactResult> {
  const before = await sqlGraphFileStats(connection);
  let pruned = 0;
  if (options.pruneTombstones) {
    pruned = await connection.transaction(async (tx) => (await tx.run("DELETE FROM graph_tombstones")).changes);
  }
  let checkpoint: SqlGraphCompactResult["checkpoint"] = "skipped";
  if (before?.journal_mode === "wal") {
    try {
      const rows = await connection.all<{ busy: number | bigint }>("PRAGMA wal_checkpoint(TRUNCATE)");
      checkpoint = rows[0] && Number(rows[0].busy) ? "busy" : "ok";
    } catch {
      checkpoint = "error";
    }
  }
  let vacuumed = false;
  if (options.vacuum) {
    await connection.exec("VACUUM");
    vacuumed = true;
    if (before?.journal_mode === "wal") {
      // VACUUM in WAL mode writes the new pages to the WAL; fold them back in.
      try {
        await connection.all("PRAGMA wal_checkpoint(TRUNCATE)");
      } catch {
        // Housekeeping only: the vacuum committed either way.
      }
    }
  }
  return { checkpoint, vacuumed, tombstones_pruned: pruned, before, after: await sqlGraphFileStats(connection) };
}
