import Database from "better-sqlite3";

/** Every row of the tables that matter, in a stable order, for before/after comparisons. */
export function dumpIndex(dbPath: string): Record<string, unknown[]> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const all = (sql: string) => db.prepare(sql).safeIntegers(true).all();
    return {
      files: all("SELECT path, language, size, mtime_ns, content_hash, has_errors, skip_reason FROM files ORDER BY path"),
      symbols: all("SELECT * FROM symbols ORDER BY id"),
      calls: all("SELECT * FROM calls ORDER BY id"),
      imports: all("SELECT * FROM imports ORDER BY id"),
      routes: all("SELECT * FROM routes ORDER BY id"),
    };
  } finally {
    db.close();
  }
}

export function query<T>(dbPath: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export function exec(dbPath: string, sql: string): void {
  const db = new Database(dbPath);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}
