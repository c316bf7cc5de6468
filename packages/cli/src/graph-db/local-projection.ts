import type { LocalProjection } from "@tsift/index/code-graph";
import { graphDbDisplay, indexLocationFor } from "./graph-db-context";
import { refreshTarget } from "./graph-db-refresh";
import { localGraphDbExists, openGraphStore, type GraphDbTarget } from "./open-graph-store";

export type { LocalProjection };

/**
 * The local SQLite correctness store's rows, refreshed from the code index first when
 * the project has one (a reuse when nothing changed): @tsift/index's `loadLocalProjection`
 * over this target's store, refreshed on the CLI's worker thread.
 */
export async function loadLocalProjection(target: GraphDbTarget): Promise<LocalProjection> {
  const local: GraphDbTarget = { ...target, backend: target.backend === "libsql" ? "libsql" : "sqlite", convexSnapshot: undefined };
  const { loadLocalProjection: load } = await import("@tsift/index/code-graph");
  return load({
    index: await indexLocationFor(local),
    scope: target.scope,
    display: graphDbDisplay(local),
    exists: () => localGraphDbExists(local),
    refresh: async () => (await refreshTarget(local)).data.mode,
    open: async () => (await openGraphStore(local, { readOnly: true })).store,
  });
}
