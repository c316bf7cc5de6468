import { SqlGraphStore, type SqlGraphStoreHooks } from "@tsift/core";
import { openLibsqlConnection, type LibsqlConnection, type LibsqlConnectionOptions } from "./libsql-connection";

export type LibsqlGraphStore = SqlGraphStore;
export type LibsqlGraphStoreOptions = LibsqlConnectionOptions;

/** After a refresh, fold the WAL back into the file so readers and copies see one small file. */
function localHooks(connection: LibsqlConnection): SqlGraphStoreHooks {
  return {
    async afterRefresh(report) {
      const started = process.hrtime.bigint();
      let outcome = "ok";
      try {
        const rows = await connection.all<{ busy: number }>("PRAGMA wal_checkpoint(TRUNCATE)");
        if (rows[0]?.busy) outcome = "busy";
      } catch {
        // A checkpoint is housekeeping: the refresh is committed either way.
        outcome = "error";
      }
      report.phase_timings.push({ name: "wal_checkpoint", duration_micros: Number((process.hrtime.bigint() - started) / 1000n), detail: outcome });
    },
  };
}

/**
 * Opens (creating when writable) a graph store on libSQL: a local file for paths and
 * `file:` URLs, a remote server for `libsql:`, `https:`, `http:`, `wss:` and `ws:` URLs.
 * The schema is core's DDL, so files move freely between this and the SQLite backend;
 * a newer schema fails closed with a TsiftError naming both versions.
 */
export async function openLibsqlGraphStore(target: string | LibsqlGraphStoreOptions): Promise<LibsqlGraphStore> {
  const options = typeof target === "string" ? { url: target } : target;
  const connection = await openLibsqlConnection(options);
  const hooks = connection.path !== undefined && !connection.readOnly ? localHooks(connection) : {};
  return SqlGraphStore.open(connection, hooks);
}
