/** A point in layout space. */
export interface Point {
  x: number;
  y: number;
}

/** The rectangle a layout is fitted into: `[margin, width - margin] × [margin, height - margin]`. */
export interface Box {
  width: number;
  height: number;
  margin: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Scales and translates the points into the box with one factor for both axes (so the
 * picture is not stretched), rounded to a tenth. With a centre that is among the points the
 * box is centred on it; otherwise on the points' bounding box. `rename` maps each key to the
 * id the caller wants in the result.
 */
export function fitToBox(
  points: ReadonlyMap<string, Point>,
  box: Box,
  center: string | undefined,
  rename: (key: string) => string = (key) => key,
): Map<string, Point> {
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  for (const { x, y } of points.values()) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const pivot = center !== undefined && points.has(center) ? points.get(center)! : { x: (minX + maxX) / 2, y: (minY + maxY) / 2 };
  const reachX = Math.max(maxX - pivot.x, pivot.x - minX);
  const reachY = Math.max(maxY - pivot.y, pivot.y - minY);
  const scale = Math.min(reachX > 0 ? (box.width / 2 - box.margin) / reachX : Infinity, reachY > 0 ? (box.height / 2 - box.margin) / reachY : Infinity);
  const factor = Number.isFinite(scale) ? scale : 0;
  const out = new Map<string, Point>();
  for (const [key, point] of points) {
    out.set(rename(key), { x: round1(box.width / 2 + (point.x - pivot.x) * factor), y: round1(box.height / 2 + (point.y - pivot.y) * factor) });
  }
  return out;
}
