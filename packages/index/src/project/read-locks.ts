import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { indexLocation, TSIFT_DIR } from "../walk/index-location";
import { resolveProjectRoot } from "../walk/resolve-project-root";
import { discoverScopes, selectScope } from "../walk/workspace-scopes";
import { pathArg, rootRelative } from "../walk/command-place";
import { databaseLocks, type DatabaseLocks } from "./database-locks";
import { projectCwd, type ProjectOptions } from "../walk/project-options";
import { statusTargets } from "./status-index";

/** `tsift locks` data: every database's locking, and the first thing to do about it. */
export interface LocksReport {
  databases: DatabaseLocks[];
  next: string | null;
}

/** graph.db lives beside index.db; its writer lock is `<stem>.write.lock`. */
function graphDatabase(dir: string, scope: string | null, write: string): DatabaseLocks | null {
  const dbPath = join(dir, "graph.db");
  return existsSync(dbPath) ? databaseLocks("graph", scope, dbPath, join(dir, "graph.write.lock"), write) : null;
}

/**
 * `tsift locks`: for each index (every workspace scope, or the one `scope` names) and each
 * graph.db next to one, the writer lock holder, the WAL/SHM/journal sidecars and the
 * command to run next. Inspects files only: it never opens a database. Paths are relative
 * to the project root.
 */
export async function readLocks(options: ProjectOptions = {}): Promise<LocksReport> {
  const cwd = projectCwd(options);
  const { root } = resolveProjectRoot(resolve(cwd, options.path ?? "."));
  const place = pathArg(cwd, root);
  const locations =
    options.scope !== undefined ? [indexLocation(root, selectScope(discoverScopes(root), options.scope))] : (await statusTargets(root)).locations;
  const databases: DatabaseLocks[] = [];
  for (const location of locations) {
    const write = location.scope ? `tsift index --submodule ${location.scope}${place === "." ? "" : ` ${place}`}` : `tsift index ${place}`;
    databases.push(databaseLocks("index", location.scope, location.dbPath, location.lockPath, write));
    const graph = graphDatabase(
      join(location.dbPath, ".."),
      location.scope,
      `tsift graph-db${place === "." ? "" : ` --path ${place}`}${location.scope ? ` --scope ${location.scope}` : ""} import <rows.json>`,
    );
    if (graph) databases.push(graph);
  }
  if (options.scope === undefined && !locations.some((location) => location.scope === null)) {
    // A workspace can also hold a root-level graph.db.
    const graph = graphDatabase(join(root, TSIFT_DIR), null, `tsift graph-db${place === "." ? "" : ` --path ${place}`} import <rows.json>`);
    if (graph) databases.push(graph);
  }
  const shown = databases.map((entry) => ({
    ...entry,
    db_path: rootRelative(root, entry.db_path),
    lock: { ...entry.lock, lock_path: rootRelative(root, entry.lock.lock_path) },
  }));
  return { databases: shown, next: databases.find((entry) => entry.next !== null)?.next ?? null };
}
