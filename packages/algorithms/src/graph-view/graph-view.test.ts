import { describe, expect, it } from "vitest";
import type { GraphViewInput } from "./graph-view-model";
import { COMMUNITY_COLORS, layoutGraphView, UNCLUSTERED_COLOR } from "./layout-graph-view";
import { renderGraphView } from "./render-graph-view";

/** Two dense triangles joined by one edge, plus a loner: two communities and a singleton. */
function twoClusters(): GraphViewInput {
  const ids = ["a1", "a2", "a3", "b1", "b2", "b3", "lone"];
  return {
    title: "two clusters",
    nodes: ids.map((id) => ({
      id,
      label: id.toUpperCase(),
      kind: "file",
      layer: "file" as const,
      properties: { path: `${id}.ts` },
      commands: [`tsift source-read ${id}.ts`],
    })),
    edges: [
      { from: "a1", to: "a2", kind: "imports" },
      { from: "a2", to: "a3", kind: "imports" },
      { from: "a3", to: "a1", kind: "imports" },
      { from: "b1", to: "b2", kind: "calls", weight: 3 },
      { from: "b2", to: "b3", kind: "calls" },
      { from: "b3", to: "b1", kind: "calls" },
      { from: "a1", to: "b1", kind: "calls" },
      { from: "a1", to: "a2", kind: "imports" },
    ],
  };
}

describe("layoutGraphView", () => {
  it("colours communities, sizes by PageRank and merges repeated edges", () => {
    const model = layoutGraphView(twoClusters());
    const byId = new Map(model.nodes.map((node) => [node.id, node]));
    expect(model.nodes.map((node) => node.id)).toEqual(["a1", "a2", "a3", "b1", "b2", "b3", "lone"]);
    expect(new Set(["a1", "a2", "a3"].map((id) => byId.get(id)!.community)).size).toBe(1);
    expect(new Set(["b1", "b2", "b3"].map((id) => byId.get(id)!.community)).size).toBe(1);
    expect(byId.get("a1")!.community).not.toBe(byId.get("b1")!.community);
    expect(COMMUNITY_COLORS).toContain(byId.get("a1")!.color);
    expect(byId.get("lone")!.color).toBe(UNCLUSTERED_COLOR);
    // b1 receives the heavy edge and a cross-cluster one: the highest rank and the largest node.
    expect(Math.max(...model.nodes.map((node) => node.size))).toBe(byId.get("b1")!.size);
    expect(model.edges.find((edge) => edge.from === "a1" && edge.to === "a2")!.weight).toBe(2);
    expect(model.edges).toHaveLength(7);
    for (const node of model.nodes) {
      expect(node.x).toBeGreaterThanOrEqual(0);
      expect(node.x).toBeLessThanOrEqual(1000);
    }
    expect(model.layers).toEqual(["file"]);
  });

  it("places clusters apart: members are nearer their own community than the other", () => {
    const model = layoutGraphView(twoClusters());
    const at = new Map(model.nodes.map((node) => [node.id, node]));
    const distance = (a: string, b: string) => Math.hypot(at.get(a)!.x - at.get(b)!.x, at.get(a)!.y - at.get(b)!.y);
    const centroid = (ids: string[]) => ({ x: ids.reduce((s, id) => s + at.get(id)!.x, 0) / 3, y: ids.reduce((s, id) => s + at.get(id)!.y, 0) / 3 });
    const [ca, cb] = [centroid(["a1", "a2", "a3"]), centroid(["b1", "b2", "b3"])];
    for (const id of ["a2", "a3"])
      expect(Math.hypot(at.get(id)!.x - ca.x, at.get(id)!.y - ca.y)).toBeLessThan(Math.hypot(at.get(id)!.x - cb.x, at.get(id)!.y - cb.y));
    expect(distance("a2", "a3")).toBeLessThan(distance("a2", "b3"));
  });

  it("is deterministic: the same graph in another order gives the same model and byte-identical HTML", () => {
    const input = twoClusters();
    const shuffled: GraphViewInput = { ...input, nodes: [...input.nodes].reverse(), edges: [...input.edges].reverse() };
    const first = layoutGraphView(input);
    expect(layoutGraphView(shuffled)).toEqual(first);
    const html = renderGraphView(first);
    expect(renderGraphView(layoutGraphView(shuffled))).toBe(html);
  });

  it("keeps given positions and the pinned centre", () => {
    const input = twoClusters();
    const positions = new Map(input.nodes.map((node, i) => [node.id, { x: i * 10, y: 0 }]));
    const model = layoutGraphView(input, { positions });
    expect(model.nodes.map((node) => node.x)).toEqual([20, 180, 340, 500, 660, 820, 980]);
    const centred = layoutGraphView(input, { center: "b2" });
    expect(centred.nodes.find((node) => node.id === "b2")).toMatchObject({ x: 500, y: 500 });
  });

  it("rejects a repeated node and an edge to nowhere", () => {
    const input = twoClusters();
    expect(() => layoutGraphView({ ...input, nodes: [...input.nodes, input.nodes[0]!] })).toThrow(expect.objectContaining({ code: "invalid_input" }));
    expect(() => layoutGraphView({ ...input, edges: [{ from: "a1", to: "ghost", kind: "calls" }] })).toThrow(
      expect.objectContaining({ code: "invalid_input" }),
    );
  });

  it("lays out an empty graph and a single node", () => {
    expect(layoutGraphView({ title: "empty", nodes: [], edges: [] })).toMatchObject({ nodes: [], edges: [], communities: [], layers: [] });
    const one = layoutGraphView({ title: "one", nodes: [{ id: "x", label: "x", kind: "symbol", layer: "symbol" }], edges: [] });
    expect(one.nodes[0]).toMatchObject({ x: 500, y: 500, layer: "symbol" });
  });
});

describe("renderGraphView", () => {
  it("inlines sigma and graphology, loads nothing, and embeds the model as JSON", () => {
    const model = layoutGraphView({ ...twoClusters(), title: "a <b> & c" });
    const html = renderGraphView(model);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<title>a &lt;b&gt; &amp; c</title>");
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/);
    expect(html).toContain("Ee.Sigma=ue()");
    expect(html).toContain(".graphology=e()");
    const embedded = JSON.parse(/<script type="application\/json" id="tsift-graph-view">(.*?)<\/script>/s.exec(html)![1]!);
    expect(embedded).toEqual(JSON.parse(JSON.stringify(model)));
    // Every <script> opened is closed once: nothing inlined ends a script early.
    expect(html.match(/<script/g)!.length).toBe(html.match(/<\/script>/g)!.length);
    expect(html.match(/<script/g)!.length).toBe(4);
  });

  it("escapes labels that would close the embedded script", () => {
    const model = layoutGraphView({ title: "t", nodes: [{ id: "x", label: "</script><b>", kind: "symbol", layer: "symbol" }], edges: [] });
    const html = renderGraphView(model, { title: "custom" });
    expect(html).toContain("<title>custom</title>");
    expect(html.match(/<\/script>/g)!.length).toBe(4);
  });
});

describe("community colours", () => {
  it("gives every community of two or more its own colour, past the palette too", () => {
    // 20 separate pairs: 20 communities, more than the palette holds.
    const nodes = Array.from({ length: 40 }, (_, i) => ({ id: `n${String(i).padStart(2, "0")}`, label: `n${i}`, kind: "file", layer: "file" as const }));
    const edges = Array.from({ length: 20 }, (_, i) => ({ from: nodes[2 * i]!.id, to: nodes[2 * i + 1]!.id, kind: "imports" }));
    const model = layoutGraphView({ title: "pairs", nodes, edges });
    expect(model.communities).toHaveLength(20);
    const colors = model.communities.map((community) => community.color);
    expect(new Set(colors).size).toBe(20);
    expect(colors.slice(0, COMMUNITY_COLORS.length)).toEqual(COMMUNITY_COLORS);
    for (const color of colors) expect(color).toMatch(/^#[0-9a-f]{6}$/);
    expect(colors).not.toContain(UNCLUSTERED_COLOR);
  });
});
