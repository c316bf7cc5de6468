import { isTsiftError } from "@tsift/core";
import { describe, expect, it } from "vitest";
import { CANONICAL } from "../test/canonical-graph";
import type { EdgeListGraph } from "./edge-list-graph";
import { shortestPath } from "./shortest-path";

const graph = (edges: Array<[string, string]>): EdgeListGraph => ({ nodes: [], edges });
const undirected = { undirected: true, maxHops: Infinity };

describe("shortestPath — undirected (tsift path)", () => {
  it("a-b: one hop", () => {
    expect(shortestPath(graph([["a", "b"]]), "a", "b", undirected)).toEqual({ path: ["a", "b"], hops: 1, exceeded_max_hops: false });
  });

  it("a-b-c: two hops, also against the call direction", () => {
    const chain = graph([
      ["a", "b"],
      ["b", "c"],
    ]);
    expect(shortestPath(chain, "a", "c", undirected).hops).toBe(2);
    expect(shortestPath(chain, "c", "a", undirected).path).toEqual(["c", "b", "a"]);
  });

  it("triangle: the direct edge wins", () => {
    const triangle = graph([
      ["a", "b"],
      ["b", "c"],
      ["a", "c"],
    ]);
    expect(shortestPath(triangle, "a", "c", undirected)).toEqual({ path: ["a", "c"], hops: 1, exceeded_max_hops: false });
  });

  it("disconnected or unknown endpoints: no path", () => {
    const twoPairs = graph([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(shortestPath(twoPairs, "a", "d", undirected)).toEqual({ path: null, hops: null, exceeded_max_hops: false });
    expect(shortestPath(twoPairs, "a", "zzz", undirected).path).toBeNull();
  });

  it("from = to is zero hops, even for an absent node", () => {
    expect(shortestPath(graph([]), "x", "x")).toEqual({ path: ["x"], hops: 0, exceeded_max_hops: false });
  });

  it("canonical: main → bridge → shared → helper, 3 hops", () => {
    expect(shortestPath(CANONICAL, "main", "helper", undirected)).toEqual({
      path: ["main", "bridge", "shared", "helper"],
      hops: 3,
      exceeded_max_hops: false,
    });
    expect(shortestPath(CANONICAL, "helper", "gamma", undirected).path).toEqual(["helper", "shared", "bridge", "main", "alpha", "gamma"]);
    expect(shortestPath(CANONICAL, "main", "delta", undirected).path).toBeNull();
  });
});

describe("shortestPath — directed with a hop cap", () => {
  it("follows calls only forward", () => {
    expect(shortestPath(CANONICAL, "main", "helper").hops).toBe(3);
    expect(shortestPath(CANONICAL, "helper", "main").path).toBeNull();
  });

  it("refuses paths longer than maxHops and says so", () => {
    expect(shortestPath(CANONICAL, "main", "helper", { maxHops: 2 })).toEqual({ path: null, hops: null, exceeded_max_hops: true });
    expect(shortestPath(CANONICAL, "main", "helper", { maxHops: 3 }).hops).toBe(3);
  });

  it("defaults the cap to 64 hops", () => {
    const edges: Array<[string, string]> = [];
    for (let i = 0; i < 70; i++) edges.push([`n${String(i).padStart(2, "0")}`, `n${String(i + 1).padStart(2, "0")}`]);
    const chain = graph(edges);
    expect(shortestPath(chain, "n00", "n64").hops).toBe(64);
    expect(shortestPath(chain, "n00", "n65").exceeded_max_hops).toBe(true);
    expect(shortestPath(chain, "n00", "n70", { maxHops: Infinity }).hops).toBe(70);
  });

  it("rejects a negative or fractional cap", () => {
    for (const maxHops of [-1, 1.5]) {
      try {
        shortestPath(CANONICAL, "main", "helper", { maxHops });
        throw new Error("expected invalid_input");
      } catch (error) {
        expect(isTsiftError(error, "invalid_input")).toBe(true);
      }
    }
  });
});
