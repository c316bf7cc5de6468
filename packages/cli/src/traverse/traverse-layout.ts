import type { GraphEdge } from "@tsift/core";
import type { SliceNode, TraverseMode } from "./traverse-slice";

export interface Point {
  x: number;
  y: number;
}

export const VIEW_WIDTH = 1000;
export const VIEW_HEIGHT = 700;
const MARGIN = 60;
const ITERATIONS = 160;

/**
 * Node positions for the SVG, computed here rather than in the browser so the file is
 * static and two runs over the same slice draw the same picture: rings by depth (a line
 * for a path), then Fruchterman–Reingold with a cooling step and no randomness.
 */
export function layoutSlice(mode: TraverseMode, nodes: readonly SliceNode[], edges: readonly GraphEdge[]): Map<string, Point> {
  const positions = new Map<string, Point>();
  const cx = VIEW_WIDTH / 2;
  const cy = VIEW_HEIGHT / 2;
  if (mode === "path") {
    const ordered = [...nodes].sort((a, b) => (a.depth ?? 0) - (b.depth ?? 0));
    const step = ordered.length > 1 ? (VIEW_WIDTH - 2 * MARGIN) / (ordered.length - 1) : 0;
    ordered.forEach((node, i) => positions.set(node.id, { x: MARGIN + i * step, y: cy + (i % 2 === 0 ? -40 : 40) }));
    return positions;
  }
  const rings = new Map<number, SliceNode[]>();
  for (const node of nodes) {
    const ring = mode === "overview" ? 1 : (node.depth ?? 1);
    (rings.get(ring) ?? rings.set(ring, []).get(ring)!).push(node);
  }
  const maxRing = Math.max(1, ...rings.keys());
  for (const [ring, members] of rings) {
    const radius = ring === 0 ? 0 : (Math.min(VIEW_WIDTH, VIEW_HEIGHT) / 2 - MARGIN) * (ring / maxRing);
    members.forEach((node, i) => {
      const angle = (2 * Math.PI * i) / members.length + ring * 0.5;
      positions.set(node.id, { x: cx + radius * Math.cos(angle), y: cy + radius * Math.sin(angle) });
    });
  }
  if (nodes.length < 3) return positions;

  const ids = nodes.map((node) => node.id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const xs = Float64Array.from(ids, (id) => positions.get(id)!.x);
  const ys = Float64Array.from(ids, (id) => positions.get(id)!.y);
  const links = edges.flatMap((edge) => (index.has(edge.from_id) && index.has(edge.to_id) && edge.from_id !== edge.to_id ? [[index.get(edge.from_id)!, index.get(edge.to_id)!] as const] : []));
  const k = Math.sqrt(((VIEW_WIDTH - 2 * MARGIN) * (VIEW_HEIGHT - 2 * MARGIN)) / nodes.length) * 0.8;
  const pinned = mode === "neighborhood" ? nodes.findIndex((node) => node.depth === 0) : -1;
  let temperature = VIEW_WIDTH / 10;
  const dx = new Float64Array(nodes.length);
  const dy = new Float64Array(nodes.length);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    dx.fill(0);
    dy.fill(0);
    for (let i = 0; i < nodes.length; i++) {
      for (let j = i + 1; j < nodes.length; j++) {
        let ddx = xs[i]! - xs[j]!;
        let ddy = ys[i]! - ys[j]!;
        let distance = Math.hypot(ddx, ddy);
        if (distance < 0.01) {
          // Coincident nodes: separate them along a fixed, index-derived direction.
          ddx = Math.cos(i + j);
          ddy = Math.sin(i + j);
          distance = 0.01;
        }
        const force = (k * k) / distance;
        dx[i]! += (ddx / distance) * force;
        dy[i]! += (ddy / distance) * force;
        dx[j]! -= (ddx / distance) * force;
        dy[j]! -= (ddy / distance) * force;
      }
    }
    for (const [a, b] of links) {
      const ddx = xs[a]! - xs[b]!;
      const ddy = ys[a]! - ys[b]!;
      const distance = Math.max(0.01, Math.hypot(ddx, ddy));
      const force = (distance * distance) / k;
      dx[a]! -= (ddx / distance) * force;
      dy[a]! -= (ddy / distance) * force;
      dx[b]! += (ddx / distance) * force;
      dy[b]! += (ddy / distance) * force;
    }
    for (let i = 0; i < nodes.length; i++) {
      if (i === pinned) continue;
      const length = Math.max(0.01, Math.hypot(dx[i]!, dy[i]!));
      xs[i] = Math.min(VIEW_WIDTH - MARGIN, Math.max(MARGIN, xs[i]! + (dx[i]! / length) * Math.min(length, temperature)));
      ys[i] = Math.min(VIEW_HEIGHT - MARGIN, Math.max(MARGIN, ys[i]! + (dy[i]! / length) * Math.min(length, temperature)));
    }
    temperature *= 0.96;
  }
  ids.forEach((id, i) => positions.set(id, { x: Math.round(xs[i]! * 10) / 10, y: Math.round(ys[i]! * 10) / 10 }));
  return positions;
}
