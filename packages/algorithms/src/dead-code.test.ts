import { describe, expect, it } from "vitest";
import { CANONICAL } from "../test/canonical-graph";
import { deadCode } from "./dead-code";
import type { EdgeListGraph } from "./edge-list-graph";

const graph = (edges: Array<[string, string]>, nodes: string[] = []): EdgeListGraph => ({ nodes, edges });
const dead = (report: ReturnType<typeof deadCode>) => report.dead_nodes.map((node) => node.name);

describe("deadCode — acceptance cases", () => {
  it("main→helper→util from main: nothing dead", () => {
    const report = deadCode(
      graph([
        ["main", "helper"],
        ["helper", "util"],
      ]),
      { entryPoints: ["main"] },
    );
    expect(report.dead_count).toBe(0);
  });

  it("main→helper, dead→dead_helper: two dead", () => {
    const report = deadCode(
      graph([
        ["main", "helper"],
        ["dead", "dead_helper"],
      ]),
      { entryPoints: ["main"] },
    );
    expect(report.dead_nodes).toEqual([
      { name: "dead_helper", reason: "orphaned_leaf", inbound_count: 1, outbound_count: 0 },
      { name: "dead", reason: "unreachable", inbound_count: 0, outbound_count: 1 },
    ]);
  });

  it("main→a, init→b, a→c, dead→d from main and init: two dead", () => {
    const report = deadCode(
      graph([
        ["main", "a"],
        ["init", "b"],
        ["a", "c"],
        ["dead", "d"],
      ]),
      { entryPoints: ["main", "init"] },
    );
    expect(dead(report).sort()).toEqual(["d", "dead"]);
  });

  it("a→b→c without entry points: all three dead", () => {
    expect(
      deadCode(
        graph([
          ["a", "b"],
          ["b", "c"],
        ]),
      ).dead_count,
    ).toBe(3);
  });

  it("empty edges: zeros, entry points echoed", () => {
    expect(deadCode(graph([]), { entryPoints: ["main", "main"] })).toEqual({
      dead_nodes: [],
      total_nodes: 1,
      total_edges: 0,
      dead_count: 0,
      dead_ratio: 0,
      entry_points: ["main"],
    });
  });

  it("classifies isolated nodes and ignores self-calls", () => {
    const report = deadCode(graph([["rec", "rec"]], ["lonely"]), { entryPoints: [] });
    expect(report.dead_nodes).toEqual([
      { name: "lonely", reason: "isolated", inbound_count: 0, outbound_count: 0 },
      { name: "rec", reason: "isolated", inbound_count: 0, outbound_count: 0 },
    ]);
  });
});

describe("deadCode — canonical fixture", () => {
  it("from main: delta and epsilon are dead, both unreachable with in 1 / out 1", () => {
    const report = deadCode(CANONICAL, { entryPoints: ["main"] });
    expect(report.dead_nodes).toEqual([
      { name: "delta", reason: "unreachable", inbound_count: 1, outbound_count: 1 },
      { name: "epsilon", reason: "unreachable", inbound_count: 1, outbound_count: 1 },
    ]);
    expect(report.total_nodes).toBe(9);
    expect(report.total_edges).toBe(12);
    expect(report.dead_ratio).toBeCloseTo(0.2222, 4);
    expect(report.entry_points).toEqual(["main"]);
  });

  it("does not mutate its input", () => {
    const copy = structuredClone(CANONICAL);
    deadCode(CANONICAL, { entryPoints: ["main", "nowhere"] });
    expect(CANONICAL).toEqual(copy);
  });
});
