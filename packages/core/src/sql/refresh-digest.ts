import type { SqlExecutor } from "./sql-executor";

/**
 * The digest of the rows as the last refresh left them, so that a refresh of an unchanged
 * projection can prove "nothing changed" without reading 1M stored keys and hashes.
 *
 * The digest is the projection's content hash (an order-independent sum of every row
 * hash), stored when a refresh commits. Triggers on the node and edge tables clear it on
 * any other write: the store's own upserts and deletes, an older tsift that knows nothing
 * of it, or SQL run by hand. A refresh drops the triggers while it writes (so 1M inserts
 * fire nothing) and creates them again before it commits, all in its transaction.
 */
const TABLE = "graph_refresh_state";

const TRIGGERS: readonly { name: string; table: string; event: string }[] = (["graph_nodes", "graph_edges"] as const).flatMap((table) =>
  (["INSERT", "UPDATE", "DELETE"] as const).map((event) => ({
    name: `graph_refresh_stale_${table.slice("graph_".length)}_${event.toLowerCase()}`,
    table,
    event,
  })),
);

/** The digest the last refresh stored, or null when some write since then cleared it (or no refresh stored one). */
export async function storedRowsDigest(db: SqlExecutor): Promise<string | null> {
  const objects = await db.all<{ n: number | bigint }>(
    `SELECT count(*) AS n FROM sqlite_master WHERE (type = 'table' AND name = '${TABLE}') OR (type = 'trigger' AND name IN (SELECT value FROM json_each(?)))`,
    [JSON.stringify(TRIGGERS.map((trigger) => trigger.name))],
  );
  // Without every trigger in place a write could have gone unnoticed: trust nothing.
  if (Number(objects[0]?.n ?? 0) !== 1 + TRIGGERS.length) return null;
  const rows = await db.all<{ rows_digest: string | null }>(`SELECT rows_digest FROM ${TABLE} WHERE id = 1`);
  return rows[0]?.rows_digest ?? null;
}

/** Before a refresh writes rows: no digest, no triggers (its own writes need not clear what it will store). */
export async function suspendRowsDigest(db: SqlExecutor): Promise<void> {
  await db.run(`CREATE TABLE IF NOT EXISTS ${TABLE} (id INTEGER PRIMARY KEY CHECK (id = 1), rows_digest TEXT)`);
  for (const trigger of TRIGGERS) await db.run(`DROP TRIGGER IF EXISTS ${trigger.name}`);
  await db.run(`DELETE FROM ${TABLE}`);
}

/** After a refresh wrote its rows: store their digest and watch the tables again. */
export async function recordRowsDigest(db: SqlExecutor, digest: string): Promise<void> {
  await db.run(`INSERT INTO ${TABLE} (id, rows_digest) VALUES (1, ?)`, [digest]);
  for (const trigger of TRIGGERS) {
    await db.run(
      `CREATE TRIGGER ${trigger.name} AFTER ${trigger.event} ON ${trigger.table} BEGIN UPDATE ${TABLE} SET rows_digest = NULL WHERE id = 1 AND rows_digest IS NOT NULL; END`,
    );
  }
}
