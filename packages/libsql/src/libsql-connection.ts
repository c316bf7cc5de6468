import { existsSync } from "node:fs";
import { SQLITE_GRAPH_WAL_AUTOCHECKPOINT_PAGES, TsiftError, type SqlConnection, type SqlExecutor, type SqlValue } from "@tsift/core";
import type { LibsqlDriver } from "./internal/libsql-driver";
import { LocalLibsqlDriver } from "./internal/local-libsql-driver";
import { RemoteLibsqlDriver } from "./internal/remote-libsql-driver";
import { toTsiftError, type ErrorContext } from "./internal/to-tsift-error";
import { resolveLibsqlTarget, type LibsqlMode, type LibsqlTarget } from "./libsql-target";

export interface LibsqlConnectionOptions {
  /** A file path, a `file:` URL, `:memory:`, or a `libsql:`, `https:`, `http:`, `wss:` or `ws:` URL. */
  url: string;
  /** Remote mode: the server's token. Never shown in `location` or in error messages. */
  authToken?: string;
  /** Refuse writes; a local file must already exist. Default false. */
  readOnly?: boolean;
  /** Local mode: how long a statement waits for another writer's lock; default 5000 ms. */
  busyTimeoutMs?: number;
  /** Local mode: WAL pages before an automatic checkpoint; default tsift's graph setting. */
  walAutocheckpointPages?: number;
}

type Args = readonly SqlValue[];

/** What a transaction body sees: driver errors mapped, and no use after the transaction ends. */
class TransactionScope implements SqlExecutor {
  private active = true;

  constructor(
    private readonly tx: SqlExecutor,
    private readonly fail: (error: unknown) => TsiftError,
  ) {}

  end(): void {
    this.active = false;
  }

  private check(): void {
    if (!this.active) throw new TsiftError("internal", "a libSQL transaction executor was used after its transaction ended");
  }

  async all<T extends object>(sql: string, params: Args = []): Promise<T[]> {
    this.check();
    try {
      return await this.tx.all<T>(sql, params);
    } catch (error) {
      throw this.fail(error);
    }
  }

  async run(sql: string, params: Args = []): Promise<{ changes: number }> {
    this.check();
    try {
      return await this.tx.run(sql, params);
    } catch (error) {
      throw this.fail(error);
    }
  }

  async exec(sql: string): Promise<void> {
    this.check();
    try {
      await this.tx.exec(sql);
    } catch (error) {
      throw this.fail(error);
    }
  }
}

/**
 * A libSQL database behind the async SqlConnection surface. Local files (paths, `file:`
 * URLs, `:memory:`) run on the libsql engine with cached prepared statements; remote
 * servers go through @libsql/client with interactive transactions. Driver failures come
 * out as TsiftErrors whose messages never carry the auth token.
 */
export class LibsqlConnection implements SqlConnection {
  readonly backend: "libsql" | "libsql-remote";
  readonly location: string;
  readonly readOnly: boolean;
  readonly mode: LibsqlMode;
  /** Local mode: the database file (absent for remote and in-memory databases). */
  readonly path: string | undefined;
  /** A libSQL server refuses TEMP tables: they would be bound to one of its connections. */
  readonly supportsTempTables: boolean;
  private closed = false;
  private inTransaction = false;

  private constructor(
    private readonly driver: LibsqlDriver,
    target: LibsqlTarget,
    readOnly: boolean,
    private readonly secret: string | undefined,
  ) {
    this.mode = target.mode;
    this.backend = target.mode === "remote" ? "libsql-remote" : "libsql";
    this.location = target.location;
    this.path = target.path;
    this.supportsTempTables = target.mode === "local";
    this.readOnly = readOnly;
  }

  /** Opens a local file (creating it when writable) or a client for a remote server. */
  static async open(options: LibsqlConnectionOptions): Promise<LibsqlConnection> {
    const target = resolveLibsqlTarget(options.url);
    const readOnly = options.readOnly ?? false;
    const context: ErrorContext = { location: target.location, remote: target.mode === "remote", readOnly, phase: "open", secret: options.authToken };
    if (target.mode === "local" && readOnly && target.path !== undefined && !existsSync(target.path)) {
      throw new TsiftError("not_found", `cannot open ${target.location}: the file does not exist`, { details: { location: target.location } });
    }
    let driver: LibsqlDriver;
    try {
      driver =
        target.mode === "remote"
          ? RemoteLibsqlDriver.open(target.url, options.authToken)
          : LocalLibsqlDriver.open({
              file: target.path ?? ":memory:",
              readOnly,
              busyTimeoutMs: options.busyTimeoutMs ?? 5000,
              walAutocheckpointPages: options.walAutocheckpointPages ?? SQLITE_GRAPH_WAL_AUTOCHECKPOINT_PAGES,
            });
    } catch (error) {
      throw toTsiftError(error, context);
    }
    return new LibsqlConnection(driver, target, readOnly, options.authToken);
  }

  private fail(error: unknown): TsiftError {
    const context: ErrorContext = { location: this.location, remote: this.mode === "remote", readOnly: this.readOnly, phase: "statement", secret: this.secret };
    return toTsiftError(error, context);
  }

  private ensureOpen(): void {
    if (this.closed) throw new TsiftError("invalid_input", `libSQL connection ${this.location} is closed`);
  }

  async all<T extends object>(sql: string, params: Args = []): Promise<T[]> {
    this.ensureOpen();
    try {
      return await this.driver.all<T>(sql, params);
    } catch (error) {
      throw this.fail(error);
    }
  }

  async run(sql: string, params: Args = []): Promise<{ changes: number }> {
    this.ensureOpen();
    try {
      return await this.driver.run(sql, params);
    } catch (error) {
      throw this.fail(error);
    }
  }

  async exec(sql: string): Promise<void> {
    this.ensureOpen();
    try {
      await this.driver.exec(sql);
    } catch (error) {
      throw this.fail(error);
    }
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    this.ensureOpen();
    if (this.readOnly) throw new TsiftError("read_only", `libSQL store ${this.location} was opened read-only`);
    if (this.inTransaction) throw new TsiftError("internal", `libSQL connection ${this.location} is already in a transaction; transactions do not nest`);
    this.inTransaction = true;
    try {
      return await this.driver.transaction(async (tx) => {
        const scope = new TransactionScope(tx, (error) => this.fail(error));
        try {
          return await fn(scope);
        } finally {
          scope.end();
        }
      });
    } catch (error) {
      throw this.fail(error);
    } finally {
      this.inTransaction = false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.driver.close();
  }
}

/** Opens a libSQL connection: local (path, `file:` URL, `:memory:`) or remote (`libsql:`, `http(s):`, `ws(s):`). */
export function openLibsqlConnection(options: LibsqlConnectionOptions): Promise<LibsqlConnection> {
  return LibsqlConnection.open(options);
}
