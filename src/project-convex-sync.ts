import { existsSync } from "node:fs";
import { relative, sep } from "node:path";
import { graphDbPath } from "@tsift/core";
import {
  convexSync,
  discoverScopes,
  indexLocation,
  loadLocalProjection,
  pathArg,
  selectScope,
  type ConvexSyncData,
  type ConvexSyncOptions,
  type LocalGraphStore,
} from "@tsift/index";
import { openProjectGraphDb, type GraphPlace } from "./project-graph";

/** `tsift convex-sync`'s options; `snapshot` and `out` are relative to the project root. */
export type ProjectConvexSyncOptions = ConvexSyncOptions;

// The project's SQLite graph.db as the sync reads it: refreshed in this thread, then opened read-only.
function localStore(where: GraphPlace): LocalGraphStore {
  const path = graphDbPath(where.root, where.scope);
  return {
    index: indexLocation(where.root, where.scope ? selectScope(discoverScopes(where.root), where.scope) : null),
    scope: where.scope,
    display: relative(where.root, path).split(sep).join("/"),
    exists: () => existsSync(path),
    async refresh() {
      const db = await openProjectGraphDb(where);
      try {
        return (await db.refresh()).mode;
      } finally {
        await db.close();
      }
    },
    // The SQLite adapter loads on first use, so importing `tsift` never loads a native driver.
    open: async () => (await import("@tsift/sqlite")).openSqliteGraphStoreReadOnly(path),
  };
}

/** `tsift convex-sync` for a project (or scope): the sync plan of its local graph.db, applied when asked. */
export function convexSyncProject(where: GraphPlace, options: ProjectConvexSyncOptions = {}): Promise<ConvexSyncData> {
  const source = { root: where.root, pathArg: pathArg(where.cwd, where.root), scope: where.scope };
  return convexSync({ ...source, local: () => loadLocalProjection(localStore(where)) }, options);
}
