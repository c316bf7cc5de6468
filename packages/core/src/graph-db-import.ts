import type { ParsedGraphRows } from "./graph-rows";
import type { GraphStore } from "./graph-store";
import type { ProjectionRefreshReport } from "./graph-types";

/** `graph-db import`: where the rows came from and went, and the refresh report of the replacement. */
export interface GraphDbImportData extends ProjectionRefreshReport {
  operation: "import";
  /** "tsift-graph-rows/v1" or "convex-snapshot". */
  source_format: string;
  backend: string;
  /** The store as reports name it (a root-relative file, or a URL without credentials). */
  location: string;
}

export interface GraphDbImportOptions {
  /** The projection scope the rows replace; default "root". */
  scope?: string | undefined;
  location: string;
}

/**
 * Replaces the whole graph with parsed rows (`parseGraphRows` / `readGraphRowsFile`) in one
 * transaction, keeping the projection version and source watermark the rows carry so a
 * later refresh can tell whether they are current.
 */
export async function importGraphDbRows(store: GraphStore, rows: ParsedGraphRows, options: GraphDbImportOptions): Promise<GraphDbImportData> {
  const report = await store.replaceProjection(rows.projection, {
    scope: options.scope ?? "root",
    ...(rows.metadata.projection_version ? { projectionVersion: rows.metadata.projection_version } : {}),
    ...(rows.metadata.source_watermark ? { sourceWatermark: rows.metadata.source_watermark } : {}),
  });
  return { operation: "import", source_format: rows.format, backend: store.backend, location: options.location, ...report };
}
