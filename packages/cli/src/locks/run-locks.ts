import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { TSIFT_DIR, discoverScopes, resolveProjectRoot, selectScope, indexLocation } from "@tsift/index/indexer";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { pathArg } from "../path-arg";
import { indexTargets } from "../status/index-status";
import { databaseLocks, type DatabaseLocks } from "./database-files";
import { locksOutput, type LocksData } from "./locks-output";

export interface LocksFlags {
  path?: string | undefined;
  scope?: string | undefined;
}

/** graph.db lives beside index.db; its writer lock is `<stem>.write.lock`. */
function graphDatabase(dir: string, scope: string | null, write: string): DatabaseLocks | null {
  const dbPath = join(dir, "graph.db");
  return existsSync(dbPath) ? databaseLocks("graph", scope, dbPath, join(dir, "graph.write.lock"), write) : null;
}

/**
 * `tsift locks`: for each index (every workspace scope, or the one `--scope` names)
 * and each graph.db next to one, the writer lock holder, the WAL/SHM/journal sidecars
 * and the command to run next. Inspects files only: it never opens a database.
 */
export async function runLocks(io: CliIo, flags: LocksFlags): Promise<CommandResult<LocksData>> {
  const { root } = resolveProjectRoot(resolve(io.cwd, flags.path ?? "."));
  const place = pathArg(io.cwd, root);
  const locations = flags.scope !== undefined ? [indexLocation(root, selectScope(discoverScopes(root), flags.scope))] : (await indexTargets(root)).locations;
  const databases: DatabaseLocks[] = [];
  for (const location of locations) {
    const write = location.scope ? `tsift index --submodule ${location.scope}${place === "." ? "" : ` ${place}`}` : `tsift index ${place}`;
    databases.push(databaseLocks("index", location.scope, location.dbPath, location.lockPath, write));
    const graph = graphDatabase(join(location.dbPath, ".."), location.scope, `tsift graph-db${place === "." ? "" : ` --path ${place}`}${location.scope ? ` --scope ${location.scope}` : ""} import <rows.json>`);
    if (graph) databases.push(graph);
  }
  if (flags.scope === undefined && !locations.some((location) => location.scope === null)) {
    // A workspace can also hold a root-level graph.db.
    const graph = graphDatabase(join(root, TSIFT_DIR), null, `tsift graph-db${place === "." ? "" : ` --path ${place}`} import <rows.json>`);
    if (graph) databases.push(graph);
  }
  const data: LocksData = { databases, next: databases.find((entry) => entry.next !== null)?.next ?? null };
  return commandResult(data, locksOutput, { root });
}
