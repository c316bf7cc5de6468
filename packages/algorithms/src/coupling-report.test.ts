import { DirectedGraph } from "graphology";
import { describe, expect, it } from "vitest";
import { CANONICAL } from "../test/canonical-graph";
import { couplingReport } from "./coupling-report";
import type { EdgeListGraph } from "./edge-list-graph";

const graph = (edges: Array<[string, string]>, nodes: string[] = []): EdgeListGraph => ({ nodes, edges });
const modules = (map: Record<string, string>) => ({ moduleOf: (node: string) => map[node] ?? null });

describe("couplingReport — acceptance cases", () => {
  it("one module: no coupling", () => {
    const report = couplingReport(graph([["a", "b"]]), modules({ a: "core", b: "core" }));
    expect(report.modules).toEqual([
      { module: "core", fan_out: 0, fan_in: 0, instability: 0, afferent_coupling: 0, efferent_coupling: 0, dependents: [], dependencies: [] },
    ]);
  });

  it("a→b across modules", () => {
    const report = couplingReport(graph([["a", "b"]]), modules({ a: "mod_a", b: "mod_b" }));
    const row = (name: string) => report.modules.find((module) => module.module === name)!;
    expect(row("mod_a").fan_out).toBe(1);
    expect(row("mod_b").fan_in).toBe(1);
    expect(row("mod_a").dependencies).toEqual(["mod_b"]);
    expect(row("mod_b").dependents).toEqual(["mod_a"]);
  });

  it("a→b, a→c, d→a: core has fan-out 1, fan-in 1, instability 0.5", () => {
    const report = couplingReport(
      graph([
        ["a", "b"],
        ["a", "c"],
        ["d", "a"],
      ]),
      modules({ a: "core", b: "util", c: "util", d: "cli" }),
    );
    const core = report.modules.find((module) => module.module === "core")!;
    expect([core.fan_out, core.fan_in, core.instability]).toEqual([1, 1, 0.5]);
    expect(report.modules.map((module) => module.module)).toEqual(["cli", "core", "util"]);
  });

  it("a hub calling 20 modules is highly coupled", () => {
    const edges: Array<[string, string]> = [];
    const map: Record<string, string> = { hub: "hub" };
    for (let i = 0; i < 20; i++) {
      edges.push(["hub", `t${i}`]);
      map[`t${i}`] = `m${i}`;
    }
    const report = couplingReport(graph(edges), modules(map));
    expect(report.highly_coupled).toEqual(["hub"]);
    expect(report.max_fan_out).toBe(20);
    expect(report.modules[0]!.module).toBe("hub");
  });

  it("nodes without a module are skipped", () => {
    const report = couplingReport(graph([["a", "ext"]]), modules({ a: "core" }));
    expect(report.total_modules).toBe(1);
    expect(report.modules[0]!.fan_out).toBe(0);
  });

  it("reads the `module` node attribute by default", () => {
    const g = new DirectedGraph();
    g.addNode("a", { module: "x" });
    g.addNode("b", { module: "y" });
    g.addEdge("a", "b");
    expect(couplingReport(g).modules.map((module) => [module.module, module.fan_out, module.fan_in])).toEqual([
      ["x", 1, 0],
      ["y", 0, 1],
    ]);
  });

  it("canonical: one directory, one module, no coupling", () => {
    const report = couplingReport(CANONICAL, { moduleOf: () => "." });
    expect(report.total_modules).toBe(1);
    expect([report.modules[0]!.fan_out, report.modules[0]!.fan_in]).toEqual([0, 0]);
    expect(report.highly_coupled).toEqual([]);
    expect(report.total_edges).toBe(12);
  });
});
