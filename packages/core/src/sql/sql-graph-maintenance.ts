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
 * Schema version, required tables and indexes, orphan rows and file stats. The orphan
 * probe is one anti-join over the edges (two primary-key lookups per edge), bounded by
 * the graph size, which is what a doctor is for; status never runs it.
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
    file: await sqlGraphFileStats(db),
  };
  if (missingTables.length > 0) return inspection;
  const orphanWhere = `NOT EXISTS (SELECT 1 FROM graph_nodes n WHERE n.id = e.from_id) OR NOT EXISTS (SELECT 1 FROM graph_nodes n WHERE n.id = e.to_id)`;
  inspection.orphan_edges.count = await scalar(db, `SELECT COUNT(*) AS n FROM graph_edges e WHERE ${orphanWhere}`);
  if (inspection.orphan_edges.count > 0) {
    const sample = await db.all<{ edge_key: string }>(`SELECT edge_key FROM graph_edges e WHERE ${orphanWhere} ORDER BY edge_key LIMIT ${ORPHAN_SAMPLE}`);
    inspection.orphan_edges.sample = sample.map((row) => row.edge_key);
  }
  inspection.orphan_properties =
    (await scalar(db, "SELECT COUNT(*) AS n FROM graph_node_properties p WHERE NOT EXISTS (SELECT 1 FROM graph_nodes n WHERE n.id = p.node_id)")) +
    (await scalar(db, "SELECT COUNT(*) AS n FROM graph_edge_properties p WHERE NOT EXISTS (SELECT 1 FROM graph_edges e WHERE e.edge_key = p.edge_key)"));
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
