import { describe, expect, it } from "vitest";
import { CANONICAL } from "../test/canonical-graph";
import type { EdgeListGraph } from "./edge-list-graph";
import { inferEntryPoints } from "./infer-entry-points";

const graph = (edges: Array<[string, string]>, nodes: string[] = []): EdgeListGraph => ({ nodes, edges });

describe("inferEntryPoints", () => {
  it("canonical: main is the only entry point", () => {
    expect(inferEntryPoints(CANONICAL)).toEqual({ entry_points: ["main"], reasons: { main: ["main_like"] } });
  });

  it("main/run/start/init by unqualified name, configurable", () => {
    const g = graph([
      ["App.run", "helper"],
      ["init", "setup"],
    ]);
    const candidates = [
      { node: "App.run", name: "run", parent: "App" },
      { node: "init", name: "init" },
    ];
    expect(inferEntryPoints(g, { candidates }).entry_points).toEqual(["App.run", "init"]);
    expect(inferEntryPoints(g, { candidates, names: ["init"] }).entry_points).toEqual(["init"]);
  });

  it("exports, tests, route handlers and top-level calls", () => {
    const g = graph(
      [
        ["api", "core"],
        ["test_parse", "parse"],
        ["it_works", "parse"],
        ["handler", "core"],
      ],
      ["script_target", "tested", "mod_test_fn", "kotlin_test", "orphan", "dispatched", "Proto.[Symbol.iterator]", "Point.__eq__", "Store.fmt", "toString"],
    );
    const report = inferEntryPoints(g, {
      candidates: [
        { node: "api", name: "api", exported: true },
        { node: "test_parse", name: "test_parse", file: "src/parse.rs" },
        { node: "it_works", name: "it_works", file: "src/parse.rs", parent: "tests" },
        { node: "tested", name: "tested", file: "src/parse.test.ts" },
        { node: "mod_test_fn", name: "check", file: "tests/integration.rs" },
        { node: "kotlin_test", name: "parsesInput", signature: "@Test fun parsesInput()" },
        { node: "handler", name: "handler", route_handler: true },
        { node: "script_target", name: "script_target", module_scope_call: true },
        { node: "orphan", name: "orphan", file: "src/lib.rs" },
        { node: "outside", name: "outside", route_handler: true },
        { node: "dispatched", name: "render", possible_call: true },
        { node: "Proto.[Symbol.iterator]", name: "[Symbol.iterator]", kind: "method", parent: "Proto" },
        { node: "Point.__eq__", name: "__eq__", kind: "method", parent: "Point" },
        { node: "Store.fmt", name: "fmt", kind: "method", parent: "Store", protocol: true },
        { node: "toString", name: "toString", kind: "function" },
      ],
      // The callers' language conventions (JS test files, Rust integration tests, JUnit's @Test).
      testFiles: [/\.test\.ts$/, /(^|\/)tests\//],
      testMarkers: [/@Test\b/],
    });
    expect(report.entry_points).toEqual([
      "Point.__eq__",
      "Proto.[Symbol.iterator]",
      "Store.fmt",
      "api",
      "dispatched",
      "handler",
      "it_works",
      "kotlin_test",
      "mod_test_fn",
      "outside",
      "script_target",
      "test_parse",
      "tested",
    ]);
    expect(report.reasons["Store.fmt"]).toEqual(["protocol"]);
    // A free function named toString is an ordinary function.
    expect(Object.hasOwn(report.reasons, "toString")).toBe(false);
    expect(report.reasons.dispatched).toEqual(["possible_call"]);
    expect(report.reasons.api).toEqual(["exported"]);
    expect(report.reasons.handler).toEqual(["route_handler"]);
    expect(report.reasons.script_target).toEqual(["module_scope_call"]);
    expect(report.reasons.test_parse).toEqual(["test"]);
  });

  it("takes test files and markers only from the conventions it is given", () => {
    const g = graph([["api", "core"]], ["tested", "kotlin_test"]);
    const candidates = [
      { node: "api", name: "api", exported: true },
      { node: "tested", name: "tested", file: "src/parse.test.ts" },
      { node: "kotlin_test", name: "parsesInput", signature: "@Test fun parsesInput()" },
    ];
    expect(inferEntryPoints(g, { candidates }).entry_points).toEqual(["api"]);
    expect(inferEntryPoints(g, { candidates, testFiles: [/\.test\.ts$/], testMarkers: [/@Test\b/] }).entry_points).toEqual(["api", "kotlin_test", "tested"]);
  });

  it("falls back to roots, then the first node", () => {
    expect(
      inferEntryPoints(
        graph([
          ["b", "c"],
          ["a", "c"],
          ["x", "x"],
        ]),
      ),
    ).toEqual({ entry_points: ["a", "b"], reasons: { a: ["root"], b: ["root"] } });
    expect(
      inferEntryPoints(
        graph([
          ["q", "p"],
          ["p", "q"],
        ]),
      ),
    ).toEqual({ entry_points: ["p"], reasons: { p: ["first_node"] } });
    expect(inferEntryPoints(graph([["a", "b"]]), { fallback: false }).entry_points).toEqual([]);
    expect(inferEntryPoints(graph([])).entry_points).toEqual([]);
  });
});
