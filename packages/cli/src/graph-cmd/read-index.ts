import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { TsiftError, isTsiftError } from "@tsift/core";
import type Database from "better-sqlite3";
import {
  CONFIG_RELATIVE_PATH,
  defaultConfig,
  discoverScopes,
  indexLocation,
  indexFreshness,
  loadConfig,
  openIndexReader,
  resolveProjectRoot,
  selectScope,
  type IndexLocation,
  type TsiftConfig,
  type WorkspaceScope,
} from "@tsift/index/graph-read";
import type { CliIo } from "../io";
import { pathArg } from "../path-arg";
import type { CommandPlace } from "../symbol-ref";

export interface ReadTarget {
  root: string;
  scope: WorkspaceScope | null;
  location: IndexLocation;
  place: CommandPlace;
}

/**
 * The one index a read command uses: the project (the nearest ancestor owning `.tsift/`,
 * so a nested path reuses the project's index) and the scope (`--scope`, or the
 * workspace scope the path lies in). A workspace root that has only scope indexes fails
 * closed naming them. (`index-targets.ts` does this and more for `tsift index`; this one
 * loads only the read side of @tsift/index.)
 */
export function resolveReadTarget(io: CliIo, flags: ReadIndexFlags): ReadTarget {
  const project = resolveProjectRoot(resolve(io.cwd, flags.path ?? "."));
  const root = project.root;
  const scope = flags.scope !== undefined ? selectScope(discoverScopes(root), flags.scope) : project.scope;
  const location = indexLocation(root, scope);
  if (!scope && !existsSync(location.dbPath)) {
    const indexed = discoverScopes(root).filter((candidate) => existsSync(indexLocation(root, candidate).dbPath));
    if (indexed.length > 0) {
      throw new TsiftError("index_missing", `${root} has only workspace scope indexes; pick one with --scope <scope>. Indexed scopes: ${indexed.map((candidate) => candidate.id).join(", ")}`, {
        details: { root, scopes: indexed.map((candidate) => candidate.id) },
      });
    }
  }
  return { root, scope, location, place: { pathArg: pathArg(io.cwd, root), scope: scope?.id ?? null } };
}

/**
 * Most projects have no `.tsift/config.toml`; then the defaults are taken without
 * `loadConfig`'s asynchronous read, whose first use starts libuv's thread pool. Anything
 * but a plain "not there" (a permission error…) still goes through `loadConfig`, which
 * reports it.
 */
function hasConfigFile(root: string): boolean {
  try {
    return statSync(join(root, CONFIG_RELATIVE_PATH), { throwIfNoEntry: false }) !== undefined;
  } catch {
    return true;
  }
}

/** An index opened for a read command, fresh (or as fresh as a lock race allows). */
export interface ReadIndex {
  root: string;
  location: IndexLocation;
  scope: WorkspaceScope | null;
  config: TsiftConfig;
  db: Database.Database;
  /** How suggested commands spell the project and scope. */
  place: CommandPlace;
  /** Files an automatic incremental update re-indexed before the query (0 when it was fresh). */
  refreshed: number;
  /** One-line stderr notes: config warnings, a lost lock race, a snapshot read. */
  notes: string[];
  close(): Promise<void>;
}

export interface ReadIndexFlags {
  /** `--path` or the trailing positional; default `.`. */
  path?: string | undefined;
  scope?: string | undefined;
}

/**
 * Resolves the project (the nearest ancestor owning `.tsift/`, so a nested path reuses
 * the project's index) and the scope (`--scope`, or the workspace scope the path lies
 * in), brings a missing or stale index up to date with an incremental `updateIndex`
 * (a stat walk decides; an index written by an older schema counts as stale), and opens
 * it read-only. When another tsift holds the writer lock the refresh is skipped with one
 * stderr note and the current index is read (a snapshot copy while the writer has the
 * file); a missing index cannot be read, so that is `lock_held`.
 */
export async function openReadIndex(io: CliIo, flags: ReadIndexFlags): Promise<ReadIndex> {
  const { root, scope, location, place } = resolveReadTarget(io, flags);
  const config = hasConfigFile(root) ? await loadConfig(root) : defaultConfig();
  const notes = config.warnings.map((warning) => `warning: ${warning}`);

  let refreshed = 0;
  let connection = existsSync(location.dbPath) ? openIndexReader(location) : null;
  const freshness = connection ? await indexFreshness(location, { connection, exclude: config.index.exclude, maxFileBytes: config.index.maxFileBytes }) : null;
  const stale = freshness && freshness.state !== "missing" ? { files: freshness.stale_files, schema_outdated: freshness.schema_outdated } : { files: -1, schema_outdated: true };
  if (freshness?.state !== "fresh") {
    await connection?.close();
    connection = null;
    try {
      const { updateIndex } = await import("@tsift/index/indexer");
      const summary = await updateIndex(location, { maxFileBytes: config.index.maxFileBytes, exclude: config.index.exclude });
      refreshed = summary.new + summary.modified + summary.deleted;
    } catch (error) {
      if (!isTsiftError(error, "lock_held") || stale.files < 0) throw error;
      const what = stale.schema_outdated ? "written by an older tsift" : `${stale.files} stale file${stale.files === 1 ? "" : "s"}`;
      notes.push(`note: another tsift writer holds ${location.lockPath}; read the current index (${what}) without refreshing it. Re-run after it finishes for fresh results.`);
    }
    connection = openIndexReader(location);
  }
  const open = connection!;
  if (open.recovery) notes.push(`note: the index is being written; read a snapshot copy (${open.recovery})`);
  return { root, location, scope, config, db: open.database, place, refreshed, notes, close: () => open.close() };
}
