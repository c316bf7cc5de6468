import { mkdirSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import {
  exportGraphRows,
  graphDbPrefix,
  graphDbPath,
  importGraphDbRows,
  parseGraphRows,
  readGraphDbEdge,
  readGraphDbEdges,
  readGraphDbIncident,
  readGraphDbKind,
  readGraphDbNeighborhood,
  readGraphDbNode,
  readGraphDbPath,
  readGraphRowsFile,
  type ConvexProjectionRows,
  type GraphDbEdgeData,
  type GraphDbEdgesData,
  type GraphDbImportData,
  type GraphDbKindOptions,
  type GraphDbNeighborhoodData,
  type GraphDbNeighborhoodOptions,
  type GraphDbNodeData,
  type GraphDbPageOptions,
  type GraphDbPathData,
  type GraphDbPathOptions,
  type GraphDbPlace,
  type GraphDbSubgraphData,
  type GraphRowsDocument,
  type GraphStore,
} from "@tsift/core";
import {
  compactGraphDb,
  discoverScopes,
  doctorGraphDb,
  graphDbStatus,
  indexLocation,
  pathArg,
  refreshGraphDbFile,
  selectScope,
  traverseGraphDb,
  type CompactData,
  type CompactGraphDbOptions,
  type DoctorData,
  type GraphDbFile,
  type GraphDbStatusData,
  type IndexLocation,
  type RefreshData,
  type TraverseData,
  type TraverseGraphDbOptions,
} from "@tsift/index";

/** `tsift traverse`'s options besides the start node (`refresh: false` reads graph.db as it is); every default is the command's. */
export type ProjectTraverseOptions = TraverseGraphDbOptions;

export interface ProjectGraphDbRefreshOptions {
  /** Rebuild and rewrite even when the stored watermark matches. */
  force?: boolean;
  /** Run the incremental index update first. */
  updateIndex?: boolean;
}

/**
 * The project's graph.db: the SQLite GraphStore and the graph-db use cases over it. Each
 * method returns what `tsift graph-db <subcommand> --json` prints, with the subcommand's
 * flags as options (`--cursor`, `--limit`, `--property` as `properties`, `--edge-kind` as
 * `edgeKinds`, `--depth`, `--direction`, `--max-hops` as `maxHops`). Reads answer from
 * graph.db as it is; `refresh()` first to project the current index.
 */
export interface ProjectGraphDb {
  /** The open store (after a `refresh({ force: true })` that replaced a damaged file, the new file's). */
  readonly store: GraphStore;
  /** `tsift graph-db status`. */
  status(): Promise<GraphDbStatusData>;
  /**
   * `tsift graph-db refresh`: materialize the code projection (a reuse when nothing changed)
   * under the graph writer lock, a rebuild on a worker thread; `force` replaces a damaged
   * graph.db with one built beside it (`replaced` says why and where the old file went).
   */
  refresh(options?: ProjectGraphDbRefreshOptions): Promise<RefreshData>;
  /**
   * `tsift graph-db compact`: the plan, or with `apply` a WAL checkpoint and VACUUM under the
   * graph writer lock; tombstones are deleted only with `pruneTombstones` and
   * `confirmedConvexReconciled` (else `usage`).
   */
  compact(options?: CompactGraphDbOptions): Promise<CompactData>;
  /** `tsift graph-db doctor`: validate the store without refreshing it. */
  doctor(): Promise<DoctorData>;
  /** `tsift graph-db node <id>`: `{ node: null }` when the id is unknown (the CLI's exit 3). */
  node(id: string): Promise<GraphDbNodeData>;
  /** `tsift graph-db edge <key>`: `{ edge: null }` when the key is unknown (the CLI's exit 3). */
  edge(id: string): Promise<GraphDbEdgeData>;
  /** `tsift graph-db edges`: edges by kind and property, paged by key. */
  edges(options?: GraphDbPageOptions): Promise<GraphDbEdgesData>;
  /** `tsift graph-db incident <id>`: edges into and out of a node. */
  incident(id: string, options?: GraphDbPageOptions): Promise<GraphDbEdgesData>;
  /** `tsift graph-db kind <kind>`: nodes of one kind, paged by id, with the edges among them. */
  kind(kind: string, options?: GraphDbKindOptions): Promise<GraphDbSubgraphData>;
  /** `tsift graph-db neighborhood <id>`: nodes within `depth` hops, their depths and a ranked preview; `not_found` for an unknown id. */
  neighborhood(id: string, options?: GraphDbNeighborhoodOptions): Promise<GraphDbNeighborhoodData>;
  /** `tsift graph-db path <from> <to>`: the shortest directed path, or `path: null`. */
  path(from: string, to: string, options?: GraphDbPathOptions): Promise<GraphDbPathData>;
  /** `tsift graph-db export` (to stdout): every row as a `tsift-graph-rows/v1` document. */
  export(): Promise<GraphRowsDocument>;
  /**
   * `tsift graph-db import <file>`: replaces the graph with the rows of a rows file (a path
   * relative to the project root) or of an in-memory document (tsift rows or a Convex
   * snapshot); a broken document fails closed before anything is written.
   */
  import(rows: string | GraphRowsDocument | ConvexProjectionRows): Promise<GraphDbImportData>;
  close(): Promise<void>;
}

/** Where one project's (or scope's) index and graph.db are, and how suggested commands name them. */
export interface GraphPlace {
  root: string;
  cwd: string;
  scope?: string | undefined;
  /** Receives one-line notes (a first index built for a traverse, a slice's warnings). */
  onNote?: ((note: string) => void) | undefined;
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

/** graph.db as @tsift/index's file refresh takes it: SQLite, rebuilt on its worker thread (which opens the file by the adapter's URL). */
function sqliteFile(at: ResolvedGraphPlace): GraphDbFile {
  const repairHint = `${graphDbPrefix(at.place)} refresh --force`;
  return {
    path: at.path,
    open: async (file) => (await sqlite()).openSqliteGraphStore(file, { repairHint }),
    worker: () => ({ module: import.meta.resolve("@tsift/sqlite"), export: "openSqliteGraphStore", args: [{ repairHint }] }),
  };
}

const lockPathOf = (at: ResolvedGraphPlace) => join(dirname(at.path), "graph.write.lock");

async function refreshIn(at: ResolvedGraphPlace, options: ProjectGraphDbRefreshOptions): Promise<RefreshData> {
  return (await refreshGraphDbFile(sqliteFile(at), at.index, { place: at.place, location: at.place.display, lockPath: lockPathOf(at), ...options })).data;
}

/** Opens (creating when needed) the SQLite graph.db of a project or scope. */
export async function openProjectGraphDb(where: GraphPlace): Promise<ProjectGraphDb> {
  const at = resolvePlace(where);
  mkdirSync(dirname(at.path), { recursive: true });
  const open = async () => (await sqlite()).openSqliteGraphStore(at.path);
  let store = await open();
  const opened = { location: at.place.display, recovery: null };
  const scope = where.scope ?? "root";
  return {
    get store() {
      return store;
    },
    status: () => graphDbStatus(store, at.index, at.place, { opened }),
    // The refresh opens graph.db itself (a rebuild runs on @tsift/index's worker thread); this
    // connection sees its commit, or is reopened on the file that replaced a damaged one.
    refresh: async (options = {}) => {
      const data = await refreshIn(at, options);
      if (data.replaced) {
        await store.close();
        store = await open();
      }
      return data;
    },
    compact: async (options = {}) => (await compactGraphDb(store, { ...options, place: at.place, location: at.place.display, lockPath: lockPathOf(at) })).data,
    doctor: () => doctorGraphDb(store, at.index, at.place, opened),
    node: (id) => readGraphDbNode(store, id),
    edge: (id) => readGraphDbEdge(store, id),
    edges: (options = {}) => readGraphDbEdges(store, options),
    incident: (id, options = {}) => readGraphDbIncident(store, id, options),
    kind: (kind, options = {}) => readGraphDbKind(store, kind, options),
    neighborhood: (id, options = {}) => readGraphDbNeighborhood(store, id, options),
    path: (from, to, options = {}) => readGraphDbPath(store, from, to, options),
    export: () => exportGraphRows(store, scope),
    import: async (rows) => {
      const parsed = typeof rows === "string" ? await readGraphRowsFile(resolve(where.root, rows)) : parseGraphRows(rows);
      return importGraphDbRows(store, parsed, { scope, location: at.place.display });
    },
    close: () => store.close(),
  };
}

/**
 * `tsift traverse [node] --format json`: @tsift/index's `traverseGraphDb` over the SQLite
 * graph.db, as the command runs it: the projection refreshed first (index update, then a
 * rebuild or a watermark reuse) unless `refresh` is false, then the overview,
 * neighbourhood or path slice. Its notes (a first index, the slice's warnings) go to `onNote`.
 */
export async function traverseProject(where: GraphPlace, node: string | undefined, options: ProjectTraverseOptions = {}): Promise<TraverseData> {
  const at = resolvePlace(where);
  const { openSqliteGraphStoreReadOnly } = await sqlite();
  const { data, notes } = await traverseGraphDb(
    {
      root: where.root,
      index: at.index,
      place: at.place,
      file: sqliteFile(at),
      lockPath: lockPathOf(at),
      openReadOnly: (path) => openSqliteGraphStoreReadOnly(path),
    },
    node,
    options,
  );
  for (const note of notes) where.onNote?.(note);
  return data;
}
