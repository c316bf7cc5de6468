import type { SqlExecutor } from "@tsift/core";

/**
 * One way of reaching a libSQL database (the local engine or a remote client). Drivers
 * throw the driver's own errors; LibsqlConnection maps them to TsiftError in one place.
 */
export interface LibsqlDriver extends SqlExecutor {
  /** Runs `fn` inside one write transaction; rolls back and rethrows when it throws. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  close(): void;
}
