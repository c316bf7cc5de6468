import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { TsiftError, graphDbPrefix, type GraphDbPlace, type GraphStore, type TraverseGraphOptions } from "@tsift/core";
import type { IndexLocation } from "../../walk/index-location";
import { ensureStateSubdir } from "../../store/state-dir";
import { refreshGraphDbFile, type GraphDbFile } from "./refresh-graph-db-file";
import { traverseIndexed } from "./traverse-indexed";
import { traverseReport, type TraverseData } from "./traverse-report";

/** `tsift traverse`'s options besides the start node; every default is the command's. */
export interface TraverseGraphDbOptions extends Omit<TraverseGraphOptions, "node"> {
  /** Update the index and graph.db first (default true); false reads graph.db as it is. */
  refresh?: boolean;
}

/** Where a traverse reads: the project, its index, its local graph.db and how to open it. */
export interface TraverseGraphDbPlace {
  /** The project root (its config decides a first-use index). */
  root: string;
  index: IndexLocation;
  /** How reports and suggested commands name the graph.db. */
  place: GraphDbPlace;
  /** The graph.db file, and how to open it for the refresh. */
  file: GraphDbFile;
  /** `graph.write.lock` beside graph.db, held for the refresh. */
  lockPath: string;
  /** Opens graph.db read-only for the slice. */
  openReadOnly(path: string): Promise<GraphStore>;
}

/**
 * `tsift traverse [node]`: a bounded slice of the code graph. No node: the most
 * import-connected files. A node: its scored neighbourhood. A node and `to`: the shortest
 * path. Unless `refresh` is false, the projection is refreshed first (the index's
 * incremental update, then a watermark reuse when nothing changed), and a project with
 * neither index nor graph.db is indexed under the first-use policy, so the slice answers
 * for the source as it is now. `notes` are the one-line notes a caller shows (the first
 * index, the slice's warnings).
 */
export async function traverseGraphDb(
  at: TraverseGraphDbPlace,
  node: string | undefined,
  options: TraverseGraphDbOptions = {},
): Promise<{ data: TraverseData; notes: string[] }> {
  if (options.to && !node) throw new TsiftError("usage", "--to needs a start node: tsift traverse <node> --to <target>");
  const { refresh: refreshFirst = true, ...slice } = options;
  const notes: string[] = [];
  const pathArg = at.place.pathArg;
  if (refreshFirst && !existsSync(at.index.dbPath) && !existsSync(at.file.path)) {
    // Nothing to read yet: the first-use policy every read command follows, then the projection.
    const [{ indexOnFirstUse }, { loadConfig }] = await Promise.all([import("../../store/first-use-index"), import("../../walk/config/load-config")]);
    notes.push((await indexOnFirstUse(at.index, await loadConfig(at.root), { pathArg, scope: at.index.scope })).note);
  }
  let refresh = "not_refreshed";
  if (refreshFirst && existsSync(at.index.dbPath)) {
    // graph.db's directory is private state: made (0700, never through a link) before the lock beside it.
    ensureStateSubdir(at.root, dirname(at.lockPath));
    const refreshed = await refreshGraphDbFile(at.file, at.index, { place: at.place, location: at.place.display, lockPath: at.lockPath, updateIndex: true });
    refresh = refreshed.data.mode;
  } else if (!existsSync(at.file.path)) {
    // Without a refresh only graph.db is read: with an index present, what is missing is its projection.
    if (existsSync(at.index.dbPath))
      throw new TsiftError("index_missing", `no graph.db under ${pathArg} to read with --no-refresh; the code index has not been projected`, {
        hint: `${graphDbPrefix(at.place)} refresh`,
      });
    throw new TsiftError("index_missing", `no code index and no graph.db under ${pathArg}`, { hint: `tsift index${pathArg === "." ? "" : ` ${pathArg}`}` });
  }
  const store = await at.openReadOnly(at.file.path);
  try {
    const result = await traverseIndexed(store, at.index, { ...slice, ...(node !== undefined ? { node } : {}) });
    const data = traverseReport(result, { node, to: options.to, refresh, pathArg });
    notes.push(...data.warnings.map((warning) => `warning: ${warning}`));
    return { data, notes };
  } finally {
    await store.close();
  }
}
