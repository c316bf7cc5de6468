import { createClient, type Client, type InValue, type Transaction } from "@libsql/client";
import type { SqlExecutor, SqlValue } from "@tsift/core";
import type { LibsqlDriver } from "./libsql-driver";

function args(params: readonly SqlValue[]): InValue[] {
  // SqlValue is a subset of InValue; the copy keeps the caller's array out of the client.
  return params.slice();
}

/** The statements of one interactive transaction, all on its server-side stream. */
class TransactionExecutor implements SqlExecutor {
  constructor(private readonly tx: Transaction) {}

  async all<T extends object>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return (await this.tx.execute({ sql, args: args(params) })).rows as unknown as T[];
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<{ changes: number }> {
    return { changes: (await this.tx.execute({ sql, args: args(params) })).rowsAffected };
  }

  async exec(sql: string): Promise<void> {
    await this.tx.executeMultiple(sql);
  }
}

/**
 * A remote libSQL server through @libsql/client (HTTP or WebSocket). Each statement
 * outside a transaction is one request; a transaction is an interactive
 * `transaction("write")`, the only way to keep one server-side transaction open across
 * the reads and writes of a refresh.
 */
export class RemoteLibsqlDriver implements LibsqlDriver {
  private constructor(private readonly client: Client) {}

  /** Creates the client; nothing is sent until the first statement. */
  static open(url: string, authToken: string | undefined): RemoteLibsqlDriver {
    // Counts, depths and timestamps are far below 2^53; numbers keep results plain.
    return new RemoteLibsqlDriver(createClient(authToken === undefined ? { url, intMode: "number" } : { url, authToken, intMode: "number" }));
  }

  async all<T extends object>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return (await this.client.execute({ sql, args: args(params) })).rows as unknown as T[];
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<{ changes: number }> {
    return { changes: (await this.client.execute({ sql, args: args(params) })).rowsAffected };
  }

  async exec(sql: string): Promise<void> {
    await this.client.executeMultiple(sql);
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const tx = await this.client.transaction("write");
    try {
      const result = await fn(new TransactionExecutor(tx));
      await tx.commit();
      return result;
    } catch (error) {
      try {
        await tx.rollback();
      } catch {
        // A dropped stream leaves no server-side transaction to roll back.
      }
      throw error;
    } finally {
      tx.close();
    }
  }

  close(): void {
    this.client.close();
  }
}
