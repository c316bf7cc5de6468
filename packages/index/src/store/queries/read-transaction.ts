import type Database from "better-sqlite3";

/**
 * Runs `read` inside one deferred read transaction, so every statement it runs sees one
 * snapshot of index.db even while a writer commits between them (WAL mode: the snapshot
 * starts at the transaction's first read). Without it a use case that ranks rows and
 * then reads them by id can find an id the writer deleted in between.
 *
 * `read` may be async: the transaction stays open until its promise settles, so a use
 * case can await a lazily imported module between its reads. The connection must not be
 * shared with another use case meanwhile; every read use case opens its own. Inside an
 * open transaction (a use case calling a query that wraps itself too) `read` simply runs
 * in the outer snapshot.
 */
export function readTransaction<T>(db: Database.Database, read: () => T): T {
  if (db.inTransaction) return read();
  db.exec("BEGIN DEFERRED");
  let result: T;
  try {
    result = read();
  } catch (error) {
    end(db);
    throw error;
  }
  if (result instanceof Promise) {
    return result.then(
      (value: unknown) => {
        end(db);
        return value;
      },
      (error: unknown) => {
        end(db);
        throw error;
      },
    ) as T;
  }
  end(db);
  return result;
}

/** A read transaction changed nothing: ending it either way is the same; COMMIT releases the snapshot. */
function end(db: Database.Database): void {
  if (db.open && db.inTransaction) db.exec("COMMIT");
}
