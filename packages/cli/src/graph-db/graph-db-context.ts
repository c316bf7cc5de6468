import { join } from "node:path";
import { TsiftError, graphDbPrefix as prefixOf, localGraphDbPrefix, tsiftCommand as commandOf, type GraphDbPlace } from "@tsift/core";
import type { IndexLocation } from "@tsift/index/code-graph";
import { displayPath, graphDbPath, makeGraphDbDir, type GraphDbTarget } from "./open-graph-store";

/** The target as @tsift/index's graph-db reports name it. */
export function graphDbPlace(target: GraphDbTarget): GraphDbPlace {
  return { pathArg: target.pathArg, scope: target.scope, backend: target.backend, localFile: isLocalFileBackend(target), display: graphDbDisplay(target) };
}

/** The command prefix suggested commands use: the project and backend as the user typed them. */
export function graphDbPrefix(target: GraphDbTarget): string {
  return prefixOf(target);
}

/** The same prefix for the local (SQLite) store, e.g. for drift's next commands. */
export function localPrefix(target: GraphDbTarget): string {
  return localGraphDbPrefix(target);
}

/** `tsift <command> [path]` with the project and scope (`index` spells the scope `--submodule`). */
export function tsiftCommand(target: GraphDbTarget, command: string): string {
  return commandOf(target, command);
}

/** The index whose code projection this graph.db holds: the root's, or the scope's. */
export async function indexLocationFor(target: GraphDbTarget): Promise<IndexLocation> {
  const { discoverScopes, indexLocation, selectScope } = await import("@tsift/index/code-graph");
  if (!target.scope) return indexLocation(target.root);
  return indexLocation(target.root, selectScope(discoverScopes(target.root), target.scope));
}

/** Whether this backend stores its rows in a local file under `.tsift/` (the projection target). */
export function isLocalFileBackend(target: GraphDbTarget): boolean {
  return target.backend !== "convex-snapshot" && !target.url;
}

/** `graph.write.lock` beside graph.db: what `tsift locks` inspects. */
export function graphWriteLockPath(target: GraphDbTarget): string {
  return join(graphDbPath(target.root, target.scope), "..", "graph.write.lock");
}

/**
 * Holds the graph writer lock for `body` when the store is a local file; remote stores order
 * their own writes. `body` learns whether a stale lock was taken over (`warning`), to report it.
 */
export async function withGraphWriteLock<T>(target: GraphDbTarget, body: (lock: { warning: string | null }) => Promise<T>): Promise<T> {
  if (!isLocalFileBackend(target)) return body({ warning: null });
  const { acquireWriterLock } = await import("@tsift/sqlite");
  const path = graphWriteLockPath(target);
  await makeGraphDbDir(target, path);
  const lock = acquireWriterLock(path, { what: "graph" });
  try {
    return await body({ warning: lock.warning });
  } finally {
    lock.release();
  }
}

/** The file the suggested commands should name for a local graph.db. */
export function graphDbDisplay(target: GraphDbTarget): string {
  return displayPath(target.root, graphDbPath(target.root, target.scope));
}

/** A refresh needs an index to project; without one the error names `tsift index`. */
export function requireIndexHint(target: GraphDbTarget): TsiftError {
  return new TsiftError("index_missing", `no code index under ${target.pathArg} to project into graph.db`, { hint: tsiftCommand(target, "index") });
}
