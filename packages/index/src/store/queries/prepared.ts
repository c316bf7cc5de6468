import type Database from "better-sqlite3";

/** How a statement returns rows: objects (default), the first column only, or arrays. */
export type StatementMode = "rows" | "pluck" | "raw";

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * The statement for `sql` on this connection, prepared on its first use and reused after:
 * a search runs the same few queries against one connection many times, and preparing
 * costs more than running most of them. The mode is part of the key because `pluck()` and
 * `raw()` change a statement for every later caller. Keyed weakly, so a closed and
 * dropped connection takes its statements with it.
 */
export function prepared(db: Database.Database, sql: string, mode: StatementMode = "rows"): Database.Statement {
  let cache = statements.get(db);
  if (!cache) {
    cache = new Map();
    statements.set(db, cache);
  }
  const key = `${mode}\0${sql}`;
  let statement = cache.get(key);
  if (!statement) {
    statement = db.prepare(sql);
    if (mode === "pluck") statement.pluck();
    else if (mode === "raw") statement.raw();
    cache.set(key, statement);
  }
  return statement;
}
