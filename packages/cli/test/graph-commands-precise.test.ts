import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureCopy, names } from "./graph-helpers";
import { tsift } from "./index-helpers";

/**
 * fixtures/precise-callers through the CLI: two methods named `get`, two functions named
 * `format`, aliased and namespace imports, calls on Map and express receivers. Joining
 * calls to definitions by name would list the wrong callers for each of these.
 */
let fixture: ReturnType<typeof fixtureCopy>;
let root: string;
beforeAll(() => {
  fixture = fixtureCopy("precise-callers");
  root = fixture.root;
});
afterAll(() => fixture.remove());

const callers = async (symbol: string) => {
  const result = await tsift(root, ["graph", symbol, "--callers", "--json", "--limit", "0"]);
  expect(result.code, result.err).toBe(0);
  return result.json().callers.map((edge: Record<string, unknown>) => `${edge.caller_file}:${edge.call_site_line} ${edge.caller_name}`);
};

describe("precise callers through tsift graph", () => {
  it("Store.get and Cache.get each have only their own callers", async () => {
    expect(await callers("Store.get")).toEqual(["src/store.ts:13 Store.getOr"]);
    expect(await callers("Cache.get")).toEqual(["src/cache.ts:12 Cache.peek"]);
    // `this.store.getOr()`: the field is `Store.open()`, and `open(): Store`.
    expect(await callers("Store.getOr")).toEqual(["src/cache.ts:8 Cache.get"]);
  });

  it("Map#set and Map#get on `this.data` are not Store.set / Store.get", async () => {
    expect(await callers("Store.set")).toEqual([]);
    const callees = (await tsift(root, ["graph", "Store.set", "--callees", "--json"])).json().callees;
    expect(callees).toEqual([expect.objectContaining({ callee_name: "this.data.set", callee_handle: null, resolution: "unresolved" })]);
  });

  it("the two `format` functions keep their own callers (direct, aliased and namespace imports)", async () => {
    expect(await callers("src/text.ts:1")).toEqual(["src/app.ts:8 main", "src/app.ts:13 report"]);
    expect(await callers("src/dates.ts:1")).toEqual(["src/app.ts:8 main", "src/dates.ts:6 stamp"]);
  });

  it("an ambiguous name exits 2 and lists each definition with the command to rerun", async () => {
    const text = await tsift(root, ["graph", "get"]);
    expect(text.code).toBe(2);
    // Most central first: Store.getOr calls Store.get, nothing calls Cache.get.
    expect(text.out).toMatch(
      /^`get` is ambiguous: 2 definitions, most central \(PageRank\) first\n {2}gsym-[0-9a-f]{12} {2}method Store\.get {2}src\/store\.ts:8/,
    );
    expect(text.out).toMatch(/\npick one by its handle: tsift graph gsym-[0-9a-f]{12}\n$/);
    expect(text.err).toMatch(/^tsift: error\[usage\]: `get` names 2 definitions \(next: tsift graph gsym-[0-9a-f]{12}, or another handle listed\)\n$/);
    const json = await tsift(root, ["graph", "get", "--callers", "--json"]);
    expect(json.code).toBe(2);
    expect(json.json()).toMatchObject({ symbol: "get", status: "ambiguous", total: 2, truncated: false });
    expect(json.json().candidates.map((candidate: { name: string; expand: string }) => [candidate.name, candidate.expand])).toEqual([
      ["Store.get", expect.stringMatching(/^tsift graph gsym-[0-9a-f]{12} --callers$/)],
      ["Cache.get", expect.stringMatching(/^tsift graph gsym-[0-9a-f]{12} --callers$/)],
    ]);
    const chosen = json.json().candidates[1].handle as string;
    expect((await tsift(root, ["graph", chosen, "--json"])).json().symbol).toBe("Cache.get");
  });

  it("explain Store.get does not mix in the other get", async () => {
    const explained = (await tsift(root, ["explain", "Store.get", "--json"])).json();
    expect(explained.definitions.map((definition: Record<string, unknown>) => [definition.qualified_name, definition.file, definition.line])).toEqual([
      ["Store.get", "src/store.ts", 8],
    ]);
    expect(explained.callers.map((edge: { caller_name: string }) => edge.caller_name)).toEqual(["Store.getOr"]);
    expect(names(explained.community.members)).toEqual(expect.arrayContaining(["Store.get", "Store.getOr"]));
  });

  it("path and analyze follow the resolved calls", async () => {
    const path = (await tsift(root, ["path", "main", "Store.get", "--json"])).json();
    expect(names(path.path)).toEqual(["main", "Cache.peek", "Cache.get", "Store.getOr", "Store.get"]);
    const report = (await tsift(root, ["analyze", "--json", "--limit", "0"])).json();
    expect(report.dead_code.dead_nodes.map((node: Record<string, unknown>) => [node.name, node.reason])).toEqual([
      ["legacy", "isolated"],
      ["report", "unreachable"],
    ]);
  });
});
