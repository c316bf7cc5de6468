/**
 * The narrow SQL surface the shared graph store needs from a driver. better-sqlite3
 * (sync) and @libsql/client (async, local or remote) both adapt to it, so one set of
 * queries serves every SQL backend and their answers match row for row.
 */
export type SqlValue = string | number | bigint | null | Uint8Array;
export type SqlRow = Record<string, SqlValue>;

export interface SqlExecutor {
  /** All rows of a query with positional `?` parameters. */
  all<T extends object = SqlRow>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** A statement without result rows; `changes` is the number of rows written. */
  run(sql: string, params?: readonly SqlValue[]): Promise<{ changes: number }>;
  /** Several parameterless statements separated by semicolons. */
  exec(sql: string): Promise<void>;
}

export interface SqlConnection extends SqlExecutor {
  /** Backend id for reports: "sqlite", "libsql", "libsql-remote". */
  readonly backend: string;
  /** Where the data lives, for messages (a file path or URL without credentials). */
  readonly location: string;
  readonly readOnly: boolean;
  /**
   * Runs `fn` in one write transaction: committed when it resolves, rolled back when it
   * throws. Callers never nest transactions (the store serializes its operations).
   */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
