import type Database from "better-sqlite3";
import { TsiftError, isTsiftError } from "@tsift/core/light";

/** Where a failure happened and what fixes it, for the errors a connection raises. */
export interface SqliteFailureContext {
  path: string;
  /** The command that rebuilds the file (e.g. `tsift index --rebuild`); shown as `next:`. */
  repairHint?: string | undefined;
  /** Told of every corruption a statement meets (a writer then does not record the file sound). */
  onCorruption?: (() => void) | undefined;
}

function sqliteCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

/** SQLite's own word that the file is damaged or is not a database at all. */
export function isSqliteCorruption(error: unknown): boolean {
  const code = sqliteCode(error);
  return code.startsWith("SQLITE_CORRUPT") || code === "SQLITE_NOTADB";
}

/**
 * An I/O error from SQLite (`SQLITE_IOERR_*`, "disk I/O error"), on `error` or any error in
 * its `cause` chain. Most are transient for a reader: a WAL file deleted or truncated under
 * it by a checkpoint or a cleanup reads as one until the next open, so a read retries once
 * before anything suggests a rebuild.
 */
export function isSqliteIoError(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current !== null && current !== undefined && depth < 5; depth++) {
    if (sqliteCode(current).startsWith("SQLITE_IOERR") || /\bdisk I\/O error\b/u.test((current as Error).message ?? "")) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A table or column the code expects is not there: the file was written by something
 * else, or damaged by hand. SQLite reports it as a generic SQLITE_ERROR, so the message
 * is the only signal.
 */
function isMissingSchema(error: unknown): boolean {
  return sqliteCode(error) === "SQLITE_ERROR" && /^no such (table|column)\b/u.test((error as Error).message ?? "");
}

/**
 * Maps a failure of a statement on the file at `context.path` onto tsift's codes:
 * corruption is `corrupt_data`, a missing table or column `schema_mismatch`, both with
 * the repair command as hint. Anything else (busy, constraint, tsift's own errors) is
 * returned unchanged, so callers that branch on SQLite codes keep working.
 */
export function classifySqliteFailure(error: unknown, context: SqliteFailureContext): unknown {
  if (isTsiftError(error)) return error;
  const hint = context.repairHint === undefined ? {} : { hint: context.repairHint };
  if (isSqliteCorruption(error)) {
    context.onCorruption?.();
    return new TsiftError("corrupt_data", `${context.path} is corrupt: ${(error as Error).message}`, {
      cause: error,
      details: { path: context.path, sqlite_code: sqliteCode(error) },
      ...hint,
    });
  }
  if (isMissingSchema(error)) {
    return new TsiftError("schema_mismatch", `${context.path} does not have the expected schema: ${(error as Error).message}`, {
      cause: error,
      details: { path: context.path },
      ...hint,
    });
  }
  return error;
}

type AnyFunction = (...args: unknown[]) => unknown;

/** `fn` with its failures classified; `target` is its receiver (the caller's `this` when undefined). */
function guarded<F extends AnyFunction>(fn: F, target: object | undefined, context: SqliteFailureContext): F {
  return function (this: unknown, ...args: unknown[]) {
    try {
      return fn.apply(target ?? this, args);
    } catch (error) {
      throw classifySqliteFailure(error, context);
    }
  } as F;
}

function guardIterator(iterator: IterableIterator<unknown>, context: SqliteFailureContext): IterableIterator<unknown> {
  const wrapped: IterableIterator<unknown> = {
    next: guarded(iterator.next as AnyFunction, iterator, context) as IterableIterator<unknown>["next"],
    return: (value?: unknown) => iterator.return?.(value) ?? { done: true, value },
    [Symbol.iterator]: () => wrapped,
  };
  return wrapped;
}

function guardStatement(statement: Database.Statement, context: SqliteFailureContext): Database.Statement {
  const own = statement as unknown as Record<string, AnyFunction>;
  for (const name of ["run", "get", "all"] as const) own[name] = guarded(own[name]!, statement, context);
  const iterate = own.iterate!;
  own.iterate = (...args: unknown[]) => {
    try {
      return guardIterator(iterate.apply(statement, args) as IterableIterator<unknown>, context);
    } catch (error) {
      throw classifySqliteFailure(error, context);
    }
  };
  return statement;
}

/**
 * Makes every statement `database` runs report corruption and schema damage as a
 * TsiftError naming the file and its repair command. A damaged page is only found when
 * a query reaches it, so this is the one place that sees it for every caller, rather
 * than each command catching SQLite's own error. `prepare`, `exec`, `pragma` and the
 * statements `prepare` returns are wrapped per instance; the cost is one closure call
 * per statement execution.
 */
export function guardSqliteFailures(database: Database.Database, context: SqliteFailureContext): Database.Database {
  const own = database as unknown as Record<string, AnyFunction>;
  const prepare = own.prepare!;
  own.prepare = (...args: unknown[]) => {
    try {
      return guardStatement(prepare.apply(database, args) as Database.Statement, context);
    } catch (error) {
      throw classifySqliteFailure(error, context);
    }
  };
  for (const name of ["exec", "pragma"] as const) own[name] = guarded(own[name]!, database, context);
  const transaction = own.transaction!;
  own.transaction = (...args: unknown[]) => {
    const run = transaction.apply(database, args) as AnyFunction & Record<string, AnyFunction>;
    const wrapped = guarded(run, undefined, context) as AnyFunction & Record<string, AnyFunction>;
    for (const variant of ["default", "deferred", "immediate", "exclusive"]) {
      if (typeof run[variant] === "function") wrapped[variant] = guarded(run[variant], run, context);
    }
    return wrapped;
  };
  return database;
}
