import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeCallGraph, callersOf, calleesOf, explainSymbol, loadCallGraph, resolveSymbolArgument, shortestCallPath, type GraphSymbol } from "../src/index";
import { indexFixture, type IndexedFixture } from "./graph-fixture";

/**
 * fixtures/precise-callers: two methods named `get`, two functions named `format`, aliased and
 * namespace imports, and calls on Map/express receivers. Joining calls to definitions by name
 * gets most of these wrong; the resolved targets in index.db must not.
 */
let fixture: IndexedFixture;
beforeAll(async () => {
  fixture = await indexFixture("precise-callers");
});
afterAll(async () => {
  await fixture.close();
});

function symbol(argument: string): GraphSymbol {
  const resolution = resolveSymbolArgument(fixture.db, argument);
  if (resolution.status !== "resolved") throw new Error(`${argument}: ${resolution.status}`);
  return resolution.symbol;
}

const callerNames = (target: GraphSymbol) => callersOf(fixture.db, target, { limit: 0 }).edges.map((edge) => `${edge.caller_file}:${edge.caller_name}`);

describe("precise callers — same-named methods", () => {
  it("Store.get is called only by Store.getOr, Cache.get only by Cache.peek", () => {
    expect(callerNames(symbol("Store.get"))).toEqual(["src/store.ts:Store.getOr"]);
    expect(callerNames(symbol("Cache.get"))).toEqual(["src/cache.ts:Cache.peek"]);
  });

  it("a name-only join would be wrong here", () => {
    const byName = fixture.db.prepare("SELECT DISTINCT coalesce(caller_name, '<module>') FROM calls WHERE callee_name = 'get' ORDER BY 1").pluck().all();
    // Map#get (this.data, this.entries) and express's app.get would all count as callers of both methods.
    expect(byName).toEqual(["<module>", "Cache.get", "Cache.peek", "Store.get", "Store.getOr"]);
  });

  it("`get` is ambiguous and lists both candidates; Class.method picks one", () => {
    const resolution = resolveSymbolArgument(fixture.db, "get");
    expect(resolution.status).toBe("ambiguous");
    expect(resolution.status === "ambiguous" && resolution.candidates.map((candidate) => candidate.qualified_name)).toEqual(["Cache.get", "Store.get"]);
    expect(symbol("Store.get")).toMatchObject({ file: "src/store.ts", line: 8, kind: "method", parent: "Store" });
    expect(symbol("src/cache.ts:8").qualified_name).toBe("Cache.get");
  });

  it("calls on other receivers stay unresolved callees instead of guessed edges; typed fields resolve", () => {
    const callees = calleesOf(fixture.db, symbol("Store.get")).edges;
    // `this.data` is a Map (`= new Map()`): no indexed `get` is its `get`.
    expect(callees).toEqual([expect.objectContaining({ callee_name: "this.data.get", callee_handle: null, resolution: "unresolved", call_site_line: 9 })]);
    expect(calleesOf(fixture.db, symbol("Store.get"), { includeUnresolved: false }).total).toBe(0);
    // `this.store = Store.open()`, and `open(): Store`.
    expect(calleesOf(fixture.db, symbol("Cache.get")).edges.map((edge) => [edge.callee_name, edge.resolution])).toEqual([
      ["this.entries.get", "unresolved"],
      ["Store.getOr", "typed"],
    ]);
  });

  it("an external receiver's method is not the unique indexed one (Map#set is not Store.set)", () => {
    expect(callerNames(symbol("Store.set"))).toEqual([]);
    expect(calleesOf(fixture.db, symbol("Store.set")).edges.map((edge) => [edge.callee_name, edge.resolution])).toEqual([["this.data.set", "unresolved"]]);
  });
});

describe("precise callers — same-named functions and imports", () => {
  it("text.ts format: the direct import and the namespace import", () => {
    expect(callerNames(symbol("src/text.ts:1"))).toEqual(["src/app.ts:main", "src/app.ts:report"]);
  });

  it("dates.ts format: the aliased import and the same-file call", () => {
    const callers = callersOf(fixture.db, symbol("src/dates.ts:1")).edges;
    expect(callers.map((edge) => [edge.caller_file, edge.caller_name, edge.call_site_line, edge.resolution])).toEqual([
      ["src/app.ts", "main", 8, "import"],
      ["src/dates.ts", "stamp", 6, "same_file"],
    ]);
  });

  it("top-level code is the `<module>` caller", () => {
    const callers = callersOf(fixture.db, symbol("main")).edges;
    expect(callers).toEqual([
      expect.objectContaining({ caller_file: "src/app.ts", caller_name: "<module>", caller_line: null, caller_handle: null, call_site_line: 20 }),
    ]);
  });

  it("explain Store.get does not mix in the other get", () => {
    const explained = explainSymbol(fixture.db, symbol("Store.get"));
    expect(explained.definitions.map((definition) => [definition.qualified_name, definition.file, definition.line, definition.signature])).toEqual([
      ["Store.get", "src/store.ts", 8, "get(key: string): string | undefined"],
    ]);
    expect(explained.callers.map((edge) => edge.caller_name)).toEqual(["Store.getOr"]);
    expect(explained.community!.members.map((member) => member.name)).toEqual(expect.arrayContaining(["Store.get", "Store.getOr"]));
    expect(explained.pagerank).not.toBeNull();
  });

  it("path from main to Store.get goes through the resolved calls", () => {
    const path = shortestCallPath(fixture.db, symbol("main"), symbol("Store.get"));
    expect(path.path!.map((step) => step.name)).toEqual(["main", "Cache.peek", "Cache.get", "Store.getOr", "Store.get"]);
    expect(path.hops).toBe(4);
  });
});

describe("precise callers — analyze", () => {
  it("dead code from inferred entry points: exports, main, the route handler", () => {
    const report = analyzeCallGraph(fixture.db, { limit: 0 });
    const reasons = Object.fromEntries(report.entry_point_details.map((entry) => [entry.name, entry.reasons]));
    expect(reasons).toMatchObject({
      main: ["main_like", "module_scope_call"],
      Store: ["exported"],
      // Method calls name `get`, `peek` and `open`: an override or another class's method may run.
      "Store.get": ["exported", "possible_call"],
      "Cache.peek": ["exported", "possible_call"],
      "Store.open": ["exported", "module_scope_call", "possible_call"],
      health: ["route_handler"],
    });
    expect(reasons.report).toBeUndefined();
    expect(report.dead_code.dead_nodes.map((node) => [node.name, node.reason])).toEqual([
      ["legacy", "isolated"],
      ["report", "unreachable"],
    ]);
    // Same-named functions keep apart in name lists.
    expect(report.health.scores.map((score) => score.name)).toContain("format (src/dates.ts:1)");
    expect(report.health.scores.map((score) => score.name)).toContain("format (src/text.ts:1)");
    expect(report.coupling.total_modules).toBe(1);
  });

  it("the algorithm graph holds only resolved edges", () => {
    const { graph, symbols } = loadCallGraph(fixture.db);
    const names = (key: string) => symbols.get(key)!.qualified_name;
    const edges = graph.edges.map(([from, to]) => `${names(from)}->${names(to)}`);
    expect(edges).toContain("Store.getOr->Store.get");
    expect(edges).toContain("Cache.peek->Cache.get");
    expect(edges.filter((edge) => edge.endsWith("->Store.get"))).toEqual(["Store.getOr->Store.get"]);
  });
});
