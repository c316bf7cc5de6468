import type { SqliteConnection } from "@tsift/sqlite";
import type { IndexLocation } from "../../walk/index-location";

/** A warm index's open connection lent to one read, with the lines that read prints. */
export interface WarmBorrow {
  /** Shared with every other read: its `close` does nothing. */
  connection: SqliteConnection;
  /** Notes for stderr, e.g. that another writer holds the lock and the last snapshot is served. */
  notes: string[];
}

/** What the registry holds per index.db: something that can lend its connection, or decline (null). */
export interface WarmSource {
  borrow(): Promise<WarmBorrow | null>;
}

// Keyed on globalThis so every entry bundle of this package (and a second copy of it in
// one process) consults the same registry.
const KEY = Symbol.for("tsift.warm-index.registry");
type Registry = Map<string, WarmSource>;

function registry(): Registry {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  return (holder[KEY] ??= new Map());
}

export function registerWarmSource(dbPath: string, source: WarmSource): void {
  registry().set(dbPath, source);
}

/** Removes the source only if it is still the one registered (a newer warm index may have replaced it). */
export function unregisterWarmSource(dbPath: string, source: WarmSource): void {
  if (registry().get(dbPath) === source) registry().delete(dbPath);
}

/**
 * The warm connection for this index, once its pending changes are applied; null when no
 * warm index follows it in this process, or when the warm index cannot answer (no index
 * yet, a watcher failure): the caller then takes the cold path, which decides as usual.
 */
export async function borrowWarmIndex(location: IndexLocation): Promise<WarmBorrow | null> {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  const source = holder[KEY]?.get(location.dbPath);
  return source ? source.borrow() : null;
}

/**
 * A view of a shared connection whose `close` does nothing: a read command closes what it
 * opened, and the warm index must outlive it. Everything else reads through to the connection.
 */
export function sharedConnection(connection: SqliteConnection): SqliteConnection {
  return Object.create(connection, { close: { value: async () => {} } }) as SqliteConnection;
}

/**
 * Whether a warm index in this process answers for this index.db right now: every change
 * its watcher saw is applied and no other writer holds the lock. A reader that opens the
 * file itself (search) takes that as "fresh" and skips the stat walk.
 */
export async function warmIndexIsFresh(location: IndexLocation): Promise<boolean> {
  const borrowed = await borrowWarmIndex(location);
  return borrowed !== null && borrowed.notes.length === 0;
}
