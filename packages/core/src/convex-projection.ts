import type { ConvexProjectionMetadata } from "./convex-snapshot";
import type { GraphStore } from "./graph-store";
import type { GraphProjection } from "./graph-types";
import { exportGraphRows } from "./graph-rows";

/**
 * A store's rows for one projection scope as Convex compares and syncs them: every node
 * and edge, and the projection's metadata as Convex records it (`snapshotMeta`), so a
 * drift check or sync plan is made against exactly what the store holds.
 */
export async function convexProjectionOf(store: GraphStore, scope: string): Promise<{ projection: GraphProjection; meta: ConvexProjectionMetadata }> {
  const document = await exportGraphRows(store, scope);
  const meta: ConvexProjectionMetadata = { scope, projectionMetaId: `projection_meta:${scope}` };
  if (document.projection?.projection_version) meta.projectionVersion = document.projection.projection_version;
  if (document.projection?.content_hash) meta.projectionHash = document.projection.content_hash;
  if (document.projection?.source_watermark) meta.sourceWatermark = document.projection.source_watermark;
  return { projection: { nodes: document.nodes, edges: document.edges }, meta };
}
