import type { GraphEdge } from "@tsift/core";
import type { SliceNode, TraverseMode } from "./traverse-slice";

export interface Point {
  x: number;
  y: number;
}

export const VIEW_WIDTH = 1000;
export const VIEW_HEIGHT = 700;
const MARGIN = 60;

/**
 * Node positions for the SVG, computed here rather than in the browser so the file is
 * static and two runs over the same slice draw the same picture. A path is a line in
 * hop order; other slices start on rings by depth (the target alone in the middle and
 * pinned there) and settle under @tsift/algorithms' force layout, which has no
 * randomness. Loaded lazily: only `--format html` pays for graphology.
 */
export async function layoutSlice(mode: TraverseMode, nodes: readonly SliceNode[], edges: readonly GraphEdge[]): Promise<Map<string, Point>> {
  const cy = VIEW_HEIGHT / 2;
  if (mode === "path") {
    const positions = new Map<string, Point>();
    const ordered = [...nodes].sort((a, b) => (a.depth ?? 0) - (b.depth ?? 0));
    const step = ordered.length > 1 ? (VIEW_WIDTH - 2 * MARGIN) / (ordered.length - 1) : 0;
    ordered.forEach((node, i) => positions.set(node.id, { x: MARGIN + i * step, y: cy + (i % 2 === 0 ? -40 : 40) }));
    return positions;
  }
  const initial = new Map<string, Point>();
  const rings = new Map<number, SliceNode[]>();
  for (const node of nodes) {
    const ring = mode === "overview" ? 1 : (node.depth ?? 1);
    (rings.get(ring) ?? rings.set(ring, []).get(ring)!).push(node);
  }
  for (const [ring, members] of rings) {
    members.forEach((node, i) => {
      const angle = (2 * Math.PI * i) / members.length + ring * 0.5;
      initial.set(node.id, { x: ring * Math.cos(angle), y: ring * Math.sin(angle) });
    });
  }
  const center = mode === "neighborhood" ? nodes.find((node) => node.depth === 0)?.id : undefined;
  const { forceLayout } = await import("@tsift/algorithms");
  const ids = nodes.map((node) => node.id);
  const known = new Set(ids);
  // Edges to nodes outside the slice are not drawn, so they must not pull the layout.
  const links = edges.filter((edge) => known.has(edge.from_id) && known.has(edge.to_id)).map((edge) => [edge.from_id, edge.to_id] as const);
  return forceLayout(
    { nodes: ids, edges: links },
    { initial, box: { width: VIEW_WIDTH, height: VIEW_HEIGHT, margin: MARGIN }, ...(center === undefined ? {} : { center }) },
  );
}
