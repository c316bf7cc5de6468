import { isTsiftError } from "@tsift/core";
import { DirectedGraph } from "graphology";
import { describe, expect, it } from "vitest";
import { DEFAULT_LAYOUT_BOX, forceLayout } from "./force-layout";

const ring = (n: number) => ({
  nodes: Array.from({ length: n }, (_, i) => `n${i}`),
  edges: Array.from({ length: n }, (_, i) => [`n${i}`, `n${(i + 1) % n}`] as const),
});
const star = { nodes: ["hub", "a", "b", "c", "d", "e"], edges: ["a", "b", "c", "d", "e"].map((leaf) => ["hub", leaf] as const) };

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (isTsiftError(error)) return error.code;
  }
  return undefined;
}

describe("forceLayout", () => {
  it("places every node inside the box, and the same graph the same way whatever the row order", () => {
    const graph = ring(8);
    const first = forceLayout(graph);
    expect([...first.keys()].sort()).toEqual([...graph.nodes].sort());
    const { width, height, margin } = DEFAULT_LAYOUT_BOX;
    for (const { x, y } of first.values()) {
      expect(x).toBeGreaterThanOrEqual(margin);
      expect(x).toBeLessThanOrEqual(width - margin);
      expect(y).toBeGreaterThanOrEqual(margin);
      expect(y).toBeLessThanOrEqual(height - margin);
    }
    const shuffled = { nodes: [...graph.nodes].reverse(), edges: [...graph.edges].reverse().map(([a, b]) => [b, a] as const) };
    expect(forceLayout(shuffled)).toEqual(first);
  });

  it("spreads nodes apart and keeps neighbours closer than non-neighbours", () => {
    const points = forceLayout(star, { center: "hub" });
    const distance = (a: string, b: string) => Math.hypot(points.get(a)!.x - points.get(b)!.x, points.get(a)!.y - points.get(b)!.y);
    const leaves = ["a", "b", "c", "d", "e"];
    for (const leaf of leaves) expect(distance("hub", leaf)).toBeGreaterThan(20);
    const spokes = leaves.map((leaf) => distance("hub", leaf));
    const widest = Math.max(...leaves.flatMap((a) => leaves.map((b) => distance(a, b))));
    expect(Math.max(...spokes)).toBeLessThan(widest);
  });

  it("draws the centre node at the centre of the box and honours starting positions", () => {
    const box = { width: 400, height: 300, margin: 20 };
    expect(forceLayout(star, { center: "hub", box }).get("hub")).toEqual({ x: 200, y: 150 });
    // No iterations: the starting positions, fitted into the box.
    const initial = new Map([
      ["a", { x: 0, y: 0 }],
      ["b", { x: 10, y: 0 }],
    ]);
    expect(forceLayout({ nodes: ["a", "b"], edges: [] }, { iterations: 0, initial, box })).toEqual(
      new Map([
        ["a", { x: 20, y: 150 }],
        ["b", { x: 380, y: 150 }],
      ]),
    );
  });

  it("handles a single node, self-loops, prototype-named ids and graphology input without modifying it", () => {
    expect(forceLayout({ nodes: ["only"], edges: [["only", "only"]] })).toEqual(new Map([["only", { x: 500, y: 350 }]]));
    const named = forceLayout({
      nodes: [],
      edges: [
        ["constructor", "toString"],
        ["toString", "__proto__"],
      ],
    });
    expect([...named.keys()].sort()).toEqual(["__proto__", "constructor", "toString"]);
    const graph = new DirectedGraph();
    graph.addNode("x", { x: 3 });
    graph.mergeEdge("x", "y");
    graph.mergeEdge("y", "z");
    const laid = forceLayout(graph);
    expect(laid.size).toBe(3);
    expect(graph.getNodeAttributes("x")).toEqual({ x: 3 });
    expect(graph.hasNodeAttribute("y", "x")).toBe(false);
  });

  it("rejects bad options", () => {
    expect(codeOf(() => forceLayout(star, { iterations: -1 }))).toBe("invalid_input");
    expect(codeOf(() => forceLayout(star, { center: "nowhere" }))).toBe("invalid_input");
    expect(codeOf(() => forceLayout(star, { box: { width: 100, height: 100, margin: 50 } }))).toBe("invalid_input");
  });
});
