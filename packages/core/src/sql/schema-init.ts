import { TsiftError } from "../errors";
import { GRAPH_SCHEMA_STATEMENTS, SQLITE_GRAPH_SCHEMA_VERSION, newerSchemaMessage, olderSchemaMessage } from "../schema";
import type { SqlConnection } from "./sql-executor";

export async function readUserVersion(connection: SqlConnection): Promise<number> {
  const rows = await connection.all<{ user_version: number | bigint }>("PRAGMA user_version");
  return Number(rows[0]?.user_version ?? 0);
}

async function hasGraphTables(connection: SqlConnection): Promise<boolean> {
  const rows = await connection.all("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'graph_nodes'");
  return rows.length > 0;
}

/**
 * Checks the stored schema version and creates the schema on a fresh writable file.
 * Fails closed on a newer version (this build cannot know its meaning) and on an older
 * one (graph.db is a rebuildable projection, so the fix is a refresh, not a guess).
 */
export async function initializeGraphSchema(connection: SqlConnection): Promise<void> {
  const version = await readUserVersion(connection);
  if (version > SQLITE_GRAPH_SCHEMA_VERSION) {
    throw new TsiftError("schema_newer", newerSchemaMessage(version, connection.location), {
      details: { found: version, supported: SQLITE_GRAPH_SCHEMA_VERSION, location: connection.location },
      hint: "upgrade tsift, or delete the file and run `tsift graph-db refresh`",
    });
  }
  if (version > 0 && version < SQLITE_GRAPH_SCHEMA_VERSION) {
    throw new TsiftError("schema_mismatch", olderSchemaMessage(version, connection.location), {
      details: { found: version, supported: SQLITE_GRAPH_SCHEMA_VERSION, location: connection.location },
      hint: "delete the file and run `tsift graph-db refresh`",
    });
  }
  if (version === SQLITE_GRAPH_SCHEMA_VERSION) return;
  if (await hasGraphTables(connection)) {
    throw new TsiftError("schema_mismatch", `graph store ${connection.location} has graph tables but no schema version; it was not written by tsift`, {
      details: { location: connection.location },
    });
  }
  if (connection.readOnly) {
    throw new TsiftError("not_found", `graph store ${connection.location} holds no graph yet`, {
      details: { location: connection.location },
      hint: "run `tsift graph-db refresh` to materialize it",
    });
  }
  await connection.transaction(async (tx) => {
    for (const statement of GRAPH_SCHEMA_STATEMENTS) await tx.run(statement);
    await tx.run(`PRAGMA user_version = ${SQLITE_GRAPH_SCHEMA_VERSION}`);
  });
}
