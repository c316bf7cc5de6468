import { existsSync } from "node:fs";
import { TsiftError, type ConvexProjectionMetadata, type GraphProjection } from "@tsift/core";
import { graphDbDisplay, indexLocationFor } from "./graph-db-context";
import { refreshTarget } from "./graph-db-refresh";
import { localGraphDbExists, openGraphStore, type GraphDbTarget } from "./open-graph-store";

export interface LocalProjection {
  projection: GraphProjection;
  /** The projection as Convex records it (`snapshotMeta`): compared against a snapshot's. */
  meta: ConvexProjectionMetadata;
  /** `cold_source_graph_rebuild`, `cached_source_watermark_reuse`, or `not_refreshed` (no index: graph.db as it is). */
  refresh: string;
}

/**
 * The local SQLite correctness store's rows, refreshed from the code index first when
 * the project has one (a reuse when nothing changed), so a Convex comparison or sync
 * plan is made against the projection as the source stands now.
 */
export async function loadLocalProjection(target: GraphDbTarget): Promise<LocalProjection> {
  const local: GraphDbTarget = { ...target, backend: target.backend === "libsql" ? "libsql" : "sqlite", convexSnapshot: undefined };
  let refresh = "not_refreshed";
  if (existsSync((await indexLocationFor(local)).dbPath)) refresh = (await refreshTarget(local)).data.mode;
  else if (!localGraphDbExists(local)) {
    throw new TsiftError("not_found", `no local graph store at ${graphDbDisplay(local)} and no code index to build one`, {
      hint: "tsift index, then tsift graph-db refresh",
    });
  }
  const { convexProjectionOf } = await import("@tsift/core");
  const opened = await openGraphStore(local, { readOnly: true });
  try {
    return { ...(await convexProjectionOf(opened.store, target.scope ?? "root")), refresh };
  } finally {
    await opened.store.close();
  }
}
