import type { SqlExecutor, SqlValue } from "@tsift/core";
import type { LibsqlDriver } from "./libsql-driver";
import { loadNativeLibsql, type NativeDatabase, type NativeStatement } from "./native-libsql";

/** Prepared statements kept per connection; multi-row writes reuse a handful of SQL texts. */
const STATEMENT_CACHE_SIZE = 256;

export interface LocalDriverOptions {
  /** A filesystem path, or ":memory:". */
  file: string;
  readOnly: boolean;
  busyTimeoutMs: number;
  walAutocheckpointPages: number;
}

/**
 * A local libSQL file on the native engine, one connection for the store's lifetime.
 * Transactions are `BEGIN IMMEDIATE`/`COMMIT` on that connection, so its pragmas, temp
 * tables and prepared statements survive them; @libsql/client's `transaction()` would
 * instead hand the connection away and open a new one (upstream libsql-client-ts#350).
 */
export class LocalLibsqlDriver implements LibsqlDriver {
  private readonly statements = new Map<string, NativeStatement>();

  private constructor(private readonly database: NativeDatabase) {}

  /** Opens and configures the file; throws the engine's own errors for the caller to map. */
  static open(options: LocalDriverOptions): LocalLibsqlDriver {
    const Database = loadNativeLibsql();
    const database = new Database(options.file, { timeout: options.busyTimeoutMs });
    const driver = new LocalLibsqlDriver(database);
    try {
      driver.configure(options);
    } catch (error) {
      driver.close();
      throw error;
    }
    return driver;
  }

  /** WAL so readers never block the writer, enforced foreign keys, temp tables in memory. */
  private configure(options: LocalDriverOptions): void {
    const pragmas = ["PRAGMA foreign_keys = ON", "PRAGMA temp_store = MEMORY"];
    if (options.readOnly) {
      // The engine has no read-only open flag; query_only refuses writes at the SQL level.
      pragmas.push("PRAGMA query_only = ON");
    } else if (options.file !== ":memory:") {
      const [row] = this.database.prepare("PRAGMA journal_mode = WAL").all([]) as { journal_mode?: unknown }[];
      const mode = String(row?.journal_mode ?? "").toLowerCase();
      if (mode !== "wal") throw new Error(`cannot switch to WAL journal mode (got ${mode || "nothing"})`);
      pragmas.push(`PRAGMA wal_autocheckpoint = ${Math.trunc(options.walAutocheckpointPages)}`, "PRAGMA synchronous = NORMAL");
    }
    this.database.exec(pragmas.join(";\n"));
  }

  private prepare(sql: string): NativeStatement {
    let statement = this.statements.get(sql);
    if (statement) {
      // Refresh recency so the cache evicts the least recently used text.
      this.statements.delete(sql);
      this.statements.set(sql, statement);
      return statement;
    }
    statement = this.database.prepare(sql);
    this.statements.set(sql, statement);
    if (this.statements.size > STATEMENT_CACHE_SIZE) this.statements.delete(this.statements.keys().next().value!);
    return statement;
  }

  async all<T extends object>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    const statement = this.prepare(sql);
    // One array argument: the engine would read a lone Uint8Array as named parameters.
    if (!statement.reader) {
      statement.run(params);
      return [];
    }
    return statement.all(params) as T[];
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<{ changes: number }> {
    const statement = this.prepare(sql);
    if (statement.reader) {
      statement.all(params);
      return { changes: 0 };
    }
    return { changes: statement.run(params).changes };
  }

  async exec(sql: string): Promise<void> {
    this.database.exec(sql);
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    this.database.exec("BEGIN IMMEDIATE");
    try {
      const result = await fn(this);
      this.database.exec("COMMIT");
      return result;
    } catch (error) {
      try {
        if (this.database.inTransaction) this.database.exec("ROLLBACK");
      } catch {
        // The first failure is the one worth reporting.
      }
      throw error;
    }
  }

  close(): void {
    // Dropping the statements lets the engine release the file once they are collected.
    this.statements.clear();
    this.database.close();
  }
}
