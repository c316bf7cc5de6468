import type { GraphStore } from "./graph-store";
import type { GraphEdge, GraphProjection } from "./graph-types";

/** Kind of the node that carries a projection's version, content hash and watermark. */
export const PROJECTION_META_KIND = "projection_meta";

/** The `projection_version` property of the projection's `projection_meta` node, if any. */
export function projectionVersionOf(projection: GraphProjection): string | undefined {
  for (const node of projection.nodes) {
    if (node.kind === PROJECTION_META_KIND && node.properties?.projection_version) return node.properties.projection_version;
  }
  return undefined;
}

/**
 * Writes a projection through the ordinary upsert API, nodes before edges, so stores
 * that check edge endpoints (and Convex mutations) never see a dangling edge.
 */
export async function upsertProjectionInto(store: GraphStore, projection: GraphProjection): Promise<GraphEdge[]> {
  await store.upsertNodes(projection.nodes);
  return store.upsertEdges(projection.edges);
}
