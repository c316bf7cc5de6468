import { SqlGraphStore, SQLITE_GRAPH_WAL_AUTOCHECKPOINT_PAGES } from "@tsift/core";
import { openSqliteConnection, type SqliteConnectionOptions } from "./sqlite-connection";

export type SqliteGraphStore = SqlGraphStore;

/** WAL autocheckpoint after a refresh, sized to the refresh so big rewrites are not fragmented. */
export function walAutocheckpointFor(upsertedRows: number): number {
  if (upsertedRows > 10_000) return 8192;
  if (upsertedRows > 1_000) return 4096;
  return 2048;
}

/**
 * Opens (creating when writable) a graph.db on better-sqlite3. A newer schema fails
 * closed with a TsiftError naming both versions.
 */
export async function openSqliteGraphStore(path: string, options: SqliteConnectionOptions = {}): Promise<SqliteGraphStore> {
  const connection = openSqliteConnection(path, { walAutocheckpointPages: SQLITE_GRAPH_WAL_AUTOCHECKPOINT_PAGES, ...options });
  return SqlGraphStore.open(connection, {
    async afterRefresh(report) {
      const started = process.hrtime.bigint();
      const upserted = report.nodes.upserted + report.edges.upserted;
      connection.database.pragma(`wal_autocheckpoint = ${walAutocheckpointFor(upserted)}`);
      let outcome = "ok";
      try {
        const [result] = connection.database.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[];
        if (result && result.busy) outcome = "busy";
      } catch {
        outcome = "error";
      }
      report.phase_timings.push({ name: "wal_checkpoint", duration_micros: Number((process.hrtime.bigint() - started) / 1000n), detail: outcome });
    },
  });
}
