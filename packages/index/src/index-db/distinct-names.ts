import type Database from "better-sqlite3";

/** The distinct values of a symbol name column, and each folded the way SQLite's `lower()` folds (ASCII only). */
export interface DistinctNames {
  names: string[];
  lower: string[];
}

/**
 * Distinct symbol names, kept per connection until the database changes (`PRAGMA
 * data_version` moves when another connection commits, `total_changes()` when this one
 * writes): a long-lived reader (the MCP server, a daemon) then reads them once per index
 * update instead of scanning a name index on every query.
 */
const cache = new WeakMap<Database.Database, { version: string; columns: Map<string, DistinctNames> }>();

export function distinctNames(db: Database.Database, column: "name" | "qualified_name"): DistinctNames {
  const version = `${db.pragma("data_version", { simple: true }) as number}:${db.prepare("SELECT total_changes()").pluck().get() as number}`;
  let cached = cache.get(db);
  if (!cached || cached.version !== version) cache.set(db, (cached = { version, columns: new Map() }));
  let found = cached.columns.get(column);
  if (!found) {
    const names = db.prepare(`SELECT DISTINCT ${column} FROM symbols`).pluck().all() as string[];
    cached.columns.set(column, (found = { names, lower: names.map(sqlLower) }));
  }
  return found;
}

const ASCII_UPPER = /[A-Z]/;

/** SQLite's `lower()`: ASCII letters only, so a JavaScript comparison agrees with the SQL one. */
export function sqlLower(text: string): string {
  if (!ASCII_UPPER.test(text)) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : text[i];
  }
  return out;
}

/** SQLite's `length()` of text: characters (code points), not UTF-16 units. */
export function sqlLength(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) length--;
  }
  return length;
}
