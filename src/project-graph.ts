import { existsSync, mkdirSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { TsiftError, graphDbPath, traverseGraph, type GraphDbPlace, type GraphStore, type TraverseGraphOptions } from "@tsift/core";
import {
  discoverScopes,
  doctorGraphDb,
  graphDbStatus,
  indexLocation,
  pathArg,
  refreshGraphDb,
  selectScope,
  traverseReport,
  type DoctorData,
  type GraphDbStatusData,
  type IndexLocation,
  type RefreshData,
  type TraverseData,
} from "@tsift/index";

/** `tsift traverse`'s options besides the start node; every default is the CLI's. */
export interface ProjectTraverseOptions extends Omit<TraverseGraphOptions, "node"> {
  /** Update the index and graph.db first (default true); false reads graph.db as it is. */
  refresh?: boolean;
}

export interface ProjectGraphDbRefreshOptions {
  /** Rebuild and rewrite even when the stored watermark matches. */
  force?: boolean;
  /** Run the incremental index update first. */
  updateIndex?: boolean;
}

/** The project's graph.db: the SQLite GraphStore and the graph-db use cases over it. */
export interface ProjectGraphDb {
  readonly store: GraphStore;
  /** `tsift graph-db status`. */
  status(): Promise<GraphDbStatusData>;
  /** `tsift graph-db refresh`: materialize the code projection (a reuse when nothing changed). */
  refresh(options?: ProjectGraphDbRefreshOptions): Promise<RefreshData>;
  /** `tsift graph-db doctor`: validate the store without refreshing it. */
  doctor(): Promise<DoctorData>;
  close(): Promise<void>;
}

/** Where one project's (or scope's) index and graph.db are, and how suggested commands name them. */
export interface GraphPlace {
  root: string;
  cwd: string;
  scope?: string | undefined;
}

interface ResolvedGraphPlace {
  index: IndexLocation;
  path: string;
  place: GraphDbPlace;
}

function resolvePlace({ root, cwd, scope }: GraphPlace): ResolvedGraphPlace {
  const path = graphDbPath(root, scope);
  const index = indexLocation(root, scope ? selectScope(discoverScopes(root), scope) : null);
  const display = relative(root, path).split(sep).join("/");
  return { index, path, place: { pathArg: pathArg(cwd, root), scope, backend: "sqlite", localFile: true, display } };
}

// The SQLite adapter loads on first use, so importing `tsift` never loads a native driver.
const sqlite = () => import("@tsift/sqlite");

async function refreshIn(store: GraphStore, at: ResolvedGraphPlace, options: ProjectGraphDbRefreshOptions): Promise<RefreshData> {
  const lockPath = join(dirname(at.path), "graph.write.lock");
  return (await refreshGraphDb(store, at.index, { place: at.place, location: at.place.display, lockPath, ...options })).data;
}

/** Opens (creating when needed) the SQLite graph.db of a project or scope. */
export async function openProjectGraphDb(where: GraphPlace): Promise<ProjectGraphDb> {
  const at = resolvePlace(where);
  mkdirSync(dirname(at.path), { recursive: true });
  const store = await (await sqlite()).openSqliteGraphStore(at.path);
  const opened = { location: at.place.display, recovery: null };
  return {
    store,
    status: () => graphDbStatus(store, at.index, at.place, { opened }),
    refresh: (options = {}) => refreshIn(store, at, options),
    doctor: () => doctorGraphDb(store, at.index, at.place, opened),
    close: () => store.close(),
  };
}

/**
 * `tsift traverse [node] --format json`: the projection refreshed first (index update,
 * then a rebuild or a watermark reuse) unless `refresh` is false, then the overview,
 * neighbourhood or path slice from graph.db.
 */
export async function traverseProject(where: GraphPlace, node: string | undefined, options: ProjectTraverseOptions = {}): Promise<TraverseData> {
  if (options.to && !node) throw new TsiftError("usage", "--to needs a start node: tsift traverse <node> --to <target>");
  const at = resolvePlace(where);
  const { openSqliteGraphStore, openSqliteGraphStoreReadOnly } = await sqlite();
  let refresh = "not_refreshed";
  if (options.refresh !== false && existsSync(at.index.dbPath)) {
    mkdirSync(dirname(at.path), { recursive: true });
    const writable = await openSqliteGraphStore(at.path);
    try {
      refresh = (await refreshIn(writable, at, { updateIndex: true })).mode;
    } finally {
      await writable.close();
    }
  } else if (!existsSync(at.path)) {
    const spelled = at.place.pathArg;
    throw new TsiftError("index_missing", `no code index and no graph.db under ${spelled}`, { hint: `tsift index${spelled === "." ? "" : ` ${spelled}`}` });
  }
  const store = await openSqliteGraphStoreReadOnly(at.path);
  try {
    const result = await traverseGraph(store, { ...options, ...(node !== undefined ? { node } : {}) });
    return traverseReport(result, { node, to: options.to, refresh, pathArg: at.place.pathArg });
  } finally {
    await store.close();
  }
}
