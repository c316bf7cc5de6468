import { existsSync } from "node:fs";
import { TsiftError, convexProjectionOf, type ConvexProjectionMetadata, type GraphProjection, type GraphStore } from "@tsift/core";
import type { IndexLocation } from "../walk/index-location";

export interface LocalProjection {
  projection: GraphProjection;
  /** The projection as Convex records it (`snapshotMeta`): compared against a snapshot's. */
  meta: ConvexProjectionMetadata;
  /** `cold_source_graph_rebuild`, `cached_source_watermark_reuse`, or `not_refreshed` (no index: graph.db as it is). */
  refresh: string;
}

/**
 * The local graph store a Convex comparison reads, as its owner opens it: this package
 * never picks a graph backend, so the caller (the CLI, the `tsift` facade) supplies how
 * to refresh and open it.
 */
export interface LocalGraphStore {
  /** The index whose code projection the store holds. */
  index: IndexLocation;
  /** The projection scope; undefined for the project's own store (`root`). */
  scope?: string | undefined;
  /** The store as the not-found error names it. */
  display: string;
  /** Whether the store exists already (it is not created without an index to project). */
  exists(): boolean;
  /** Materializes the index's projection into the store; returns the refresh mode. */
  refresh(): Promise<string>;
  /** Opens the store read-only; the caller closes it. */
  open(): Promise<GraphStore>;
}

/**
 * The local store's rows, refreshed from the code index first when the project has one
 * (a reuse when nothing changed), so a Convex comparison or sync plan is made against the
 * projection as the source stands now. Without an index the store is read as it is.
 */
export async function loadLocalProjection(local: LocalGraphStore): Promise<LocalProjection> {
  let refresh = "not_refreshed";
  if (existsSync(local.index.dbPath)) refresh = await local.refresh();
  else if (!local.exists()) {
    throw new TsiftError("not_found", `no local graph store at ${local.display} and no code index to build one`, {
      hint: "tsift index, then tsift graph-db refresh",
    });
  }
  const store = await local.open();
  try {
    return { ...(await convexProjectionOf(store, local.scope ?? "root")), refresh };
  } finally {
    await store.close();
  }
}
