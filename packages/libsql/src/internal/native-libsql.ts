import { createRequire } from "node:module";

/** The slice of libsql's better-sqlite3-style API this package uses. */
export interface NativeStatement {
  readonly reader: boolean;
  all(params: readonly unknown[]): unknown[];
  run(params: readonly unknown[]): { changes: number };
}

export interface NativeDatabase {
  readonly inTransaction: boolean;
  prepare(sql: string): NativeStatement;
  exec(sql: string): unknown;
  close(): void;
}

export type NativeDatabaseConstructor = new (path: string, options?: { timeout?: number }) => NativeDatabase;

let loaded: NativeDatabaseConstructor | undefined;

/**
 * The `libsql` engine that @libsql/client itself runs local files on, resolved from the
 * client's own location so both always agree on the version. The client re-prepares
 * every statement and reads column metadata twice per call (~55 µs for a point lookup
 * here); the engine's prepared statements can be kept and reused like better-sqlite3's.
 */
export function loadNativeLibsql(): NativeDatabaseConstructor {
  if (!loaded) {
    const clientEntry = createRequire(import.meta.url).resolve("@libsql/client");
    loaded = createRequire(clientEntry)("libsql") as NativeDatabaseConstructor;
  }
  return loaded;
}
