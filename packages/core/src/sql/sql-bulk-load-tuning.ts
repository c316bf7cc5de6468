import { TsiftError } from "../errors";
import { GRAPH_SCHEMA_STATEMENTS } from "../schema";
import type { SqlExecutor } from "./sql-executor";

// How a large refresh tunes SQLite for the load: which indexes it rebuilds after a cold
// bulk load instead of maintaining row by row, and how far it widens the page cache.

/**
 * Secondary indexes whose entries arrive in random order during a bulk load. On an
 * empty store they are dropped and rebuilt after the load (a sort instead of a random
 * b-tree insert per row), inside the refresh transaction, so readers see the old empty
 * store with its indexes or the new one with its indexes. Indexes led by `kind` stay:
 * rows arrive in key order, so their entries append.
 */
export const BULK_REBUILT_INDEXES = ["idx_graph_edges_from_kind", "idx_graph_edges_to_kind"];

/** Below this many rows a cold load keeps its indexes: rebuilding costs more than it saves. */
export const BULK_REBUILD_MIN_ROWS = 20_000;

export function indexDefinition(name: string): string {
  const statement = GRAPH_SCHEMA_STATEMENTS.find((sql) => sql.startsWith(`CREATE INDEX IF NOT EXISTS ${name} `));
  if (!statement) throw new TsiftError("internal", `no schema statement creates index ${name}`);
  return statement;
}

/**
 * Page cache for a large refresh, KiB: a write of N rows touches pages all over the
 * node table (every edge insert checks both endpoints' foreign keys), and a cache far
 * smaller than that working set turns each check into a read from the WAL. About 256
 * bytes per row, capped at 1 GiB; never smaller than the connection's own setting.
 */
const CACHE_BYTES_PER_ROW = 256;
const CACHE_MAX_KIB = 1 << 20;
const CACHE_MIN_ROWS = 50_000;

/**
 * Raises the connection's page cache for the duration of a big refresh and returns how
 * to restore it. Best effort: a backend that refuses the pragma keeps its setting.
 */
export async function widenPageCache(db: SqlExecutor, rows: number): Promise<(() => Promise<void>) | null> {
  if (rows < CACHE_MIN_ROWS) return null;
  try {
    const [current] = await db.all<{ cache_size: number | bigint }>("PRAGMA cache_size");
    if (current === undefined) return null;
    const before = Number(current.cache_size);
    const beforeKib = before < 0 ? -before : (before * 4096) / 1024;
    const wantedKib = Math.min(CACHE_MAX_KIB, Math.ceil((rows * CACHE_BYTES_PER_ROW) / 1024));
    if (wantedKib <= beforeKib) return null;
    await db.exec(`PRAGMA cache_size = -${wantedKib}`);
    return async () => {
      try {
        await db.exec(`PRAGMA cache_size = ${Math.trunc(before)}`);
      } catch {
        // The refresh outcome does not depend on the cache size.
      }
    };
  } catch {
    return null;
  }
}
