import { existsSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { TsiftError, graphDbPath, graphDbPrefix, type GraphStore } from "@tsift/core";
import { pathArg } from "@tsift/index/graph-read";
import { loadLibsql } from "./load-libsql";

export type GraphDbBackend = "sqlite" | "libsql" | "convex-snapshot";
export const GRAPH_DB_BACKENDS: readonly GraphDbBackend[] = ["sqlite", "libsql", "convex-snapshot"];

/** What the command line sets of a `graph-db` target (the group's options): the rest comes from the process. */
export type GraphDbTargetOptions = Partial<Pick<GraphDbTarget, "scope" | "url" | "convexSnapshot">> &
  Pick<GraphDbTarget, "backend" | "authTokenEnv"> & {
    /** The project root holding .tsift/, or a path inside it; default `.`. */
    path?: string | undefined;
  };

export interface GraphDbTarget {
  root: string;
  /** `root` as suggested commands spell it (`.` when it is the working directory). */
  pathArg: string;
  scope?: string | undefined;
  backend: GraphDbBackend;
  url?: string | undefined;
  authTokenEnv: string;
  convexSnapshot?: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  /**
   * The local file to open instead of graph.db: `refresh --force` builds a replacement for a
   * damaged graph.db beside it and renames it into place when done.
   */
  file?: string | undefined;
}

/** The store a `graph-db` invocation addresses: the group's options, read from the process's cwd and environment. */
export function graphDbTarget(options: GraphDbTargetOptions, io: { readonly cwd: string; readonly env: GraphDbTarget["env"] }): GraphDbTarget {
  const root = resolve(io.cwd, options.path ?? ".");
  return {
    root,
    pathArg: pathArg(io.cwd, root),
    scope: options.scope,
    backend: options.backend,
    url: options.url,
    authTokenEnv: options.authTokenEnv,
    convexSnapshot: options.convexSnapshot,
    env: io.env,
  };
}

export interface OpenedGraphStore {
  store: GraphStore;
  /** File path or URL (never with credentials). */
  location: string;
  recovery: string | null;
}

// Where graph.db lives by default is @tsift/core's answer; commands here import it from this module.
export { graphDbPath };

export function displayPath(root: string, path: string): string {
  const rel = relative(root, path);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel.split("\\").join("/") : path;
}

/** Whether a local graph store exists at all (remote and snapshot backends always "exist"). */
export function localGraphDbExists(target: GraphDbTarget): boolean {
  if (target.backend === "convex-snapshot" || target.url) return true;
  return existsSync(graphDbPath(target.root, target.scope));
}

/**
 * Opens the store a graph-db command reads or writes. Storage adapters are imported here,
 * inside the command, so `tsift --help` never loads a native driver.
 */
export async function openGraphStore(target: GraphDbTarget, mode: { readOnly: boolean }): Promise<OpenedGraphStore> {
  if (target.backend === "convex-snapshot") {
    if (!target.convexSnapshot) {
      throw new TsiftError("usage", "--backend convex-snapshot needs --convex-snapshot <rows.json>");
    }
    if (!mode.readOnly) throw new TsiftError("read_only", "the convex-snapshot backend is read-only; write to sqlite or libsql, then run `tsift convex-sync`");
    const { ConvexSnapshotGraphStore } = await import("@tsift/core");
    const path = resolve(target.root, target.convexSnapshot);
    return { store: await ConvexSnapshotGraphStore.fromFile(path), location: displayPath(target.root, path), recovery: null };
  }
  if (target.backend === "libsql") {
    const { openLibsqlGraphStore } = await loadLibsql();
    if (target.url) {
      const authToken = target.env[target.authTokenEnv];
      const store = await openLibsqlGraphStore({ url: target.url, ...(authToken ? { authToken } : {}), readOnly: mode.readOnly });
      return { store, location: store.location, recovery: null };
    }
    const path = target.file ?? graphDbPath(target.root, target.scope);
    if (mode.readOnly && !existsSync(path)) throw missingGraphDb(target, path);
    const store = await openLibsqlGraphStore({ url: path, readOnly: mode.readOnly });
    return { store, location: displayPath(target.root, path), recovery: null };
  }
  if (target.url) throw new TsiftError("usage", "--url applies to --backend libsql only");
  const path = target.file ?? graphDbPath(target.root, target.scope);
  const sqlite = await import("@tsift/sqlite");
  // A corrupt or mismatched graph.db, met at the open or by any later statement, names its rebuild.
  const repairHint = `${graphDbPrefix(target)} refresh --force`;
  if (mode.readOnly) {
    if (!existsSync(path)) throw missingGraphDb(target, path);
    const opened = await sqlite.openSqliteGraphStoreReadOnly(path, { repairHint });
    return { store: opened, location: displayPath(target.root, path), recovery: opened.recovery };
  }
  await makeGraphDbDir(target, path);
  return { store: await sqlite.openSqliteGraphStore(path, { repairHint }), location: displayPath(target.root, path), recovery: null };
}

function missingGraphDb(target: GraphDbTarget, path: string): TsiftError {
  return new TsiftError("not_found", `no graph.db at ${displayPath(target.root, path)}`, {
    details: { path },
    hint: `tsift graph-db${target.pathArg === "." ? "" : ` --path ${target.pathArg}`}${target.scope ? ` --scope ${target.scope}` : ""} refresh (or import <rows.json>)`,
  });
}

/** The default graph.db lives in the project's private `.tsift/` (checked, created 0700); a `--file` elsewhere gets its directory. */
export async function makeGraphDbDir(target: GraphDbTarget, path: string): Promise<void> {
  const dir = join(path, "..");
  if (target.file) {
    const { mkdirSync } = await import("node:fs");
    mkdirSync(dir, { recursive: true });
    return;
  }
  const { ensureStateSubdir } = await import("@tsift/index/indexer");
  ensureStateSubdir(target.root, dir);
}
