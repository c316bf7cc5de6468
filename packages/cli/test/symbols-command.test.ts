import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { holdSqliteLock, project, spawnBuilt, tsift } from "./index-helpers";

const TREE = {
  "src/store.ts":
    "export class Store {\n  get(key: string) { return key; }\n  getAll() { return []; }\n}\nexport function getStore() { return new Store(); }\n",
  "src/cache.ts": "export class Cache {\n  get(key: string) { return key; }\n}\n",
  "src/util.ts": "export function get() {}\nexport function GET() {}\nexport function gte() {}\n",
  "tools/get_tool.py": "def get():\n    pass\n\ndef get_tool():\n    pass\n",
};

describe("tsift symbols", () => {
  it("ranks exact, case-insensitive, prefix, then fuzzy matches, and caps with (+N more)", async () => {
    const root = project(TREE);
    await tsift(root, ["index", "-q"]);
    const result = await tsift(root, ["symbols", "get", "--json", "--limit", "0"]);
    expect(result.code).toBe(0);
    const rows = result.json().symbols as { name: string; file: string; line: number; match: string; parent: string | null }[];
    expect(rows.map((row) => `${row.match} ${row.parent ? `${row.parent}.` : ""}${row.name} ${row.file}:${row.line}`)).toEqual([
      "exact Cache.get src/cache.ts:2",
      "exact Store.get src/store.ts:2",
      "exact get src/util.ts:1",
      "exact get tools/get_tool.py:1",
      "case_insensitive GET src/util.ts:2",
      "prefix Store.getAll src/store.ts:3",
      "prefix getStore src/store.ts:5",
      "prefix get_tool tools/get_tool.py:4",
      "fuzzy gte src/util.ts:3",
    ]);
    const capped = await tsift(root, ["symbols", "get", "--limit", "3"]);
    expect(capped.out.trim().split("\n")).toEqual([
      "src/cache.ts:2  method  Cache.get  get(key: string)",
      "src/store.ts:2  method  Store.get  get(key: string)",
      "src/util.ts:1  function  get  export function get()",
      // Eight exact, case-insensitive and prefix rows fill the limit: the fuzzy `gte` is not looked for.
      "(+5 or more)",
    ]);
    expect((await tsift(root, ["symbols", "get", "--limit", "3", "--json"])).json()).toMatchObject({
      query: "get",
      total: 8,
      truncated: true,
      total_at_least: true,
    });
    expect((await tsift(root, ["symbols", "get", "--limit", "8", "--json"])).json()).toMatchObject({ total: 9, truncated: true });
  });

  it("filters by kind, file and language and resolves Class.method", async () => {
    const root = project(TREE);
    await tsift(root, ["index", "-q"]);
    const names = async (...argv: string[]) =>
      (await tsift(root, ["symbols", ...argv, "--json"])).json().symbols.map((s: { name: string; file: string }) => `${s.name}@${s.file}`);
    expect(await names("get", "--kind", "method")).toEqual(["get@src/cache.ts", "get@src/store.ts", "getAll@src/store.ts"]);
    expect(await names("get", "--lang", "python")).toEqual(["get@tools/get_tool.py", "get_tool@tools/get_tool.py"]);
    expect(await names("get", "--file", "src/util.ts")).toEqual(["get@src/util.ts", "GET@src/util.ts", "gte@src/util.ts"]);
    expect(await names("Store.get")).toEqual(["get@src/store.ts", "getAll@src/store.ts"]);
    expect(await names("--file", "tools")).toEqual(["get@tools/get_tool.py", "get_tool@tools/get_tool.py"]);
  });

  it("indexes a small project on first use (one note) and exits 2 for a bad --limit", async () => {
    const root = project(TREE);
    expect((await tsift(root, ["symbols", "get", "--limit", "-1"])).code).toBe(2);
    const first = await tsift(root, ["symbols", "get"]);
    expect(first.code).toBe(0);
    expect(first.err).toMatch(/^note: no index yet: indexed \d+ files into \.tsift\/index\.db first\n$/);
    expect(first.out).toContain("get");
    const none = await tsift(root, ["symbols", "nothing-like-this"]);
    expect(none.code).toBe(0);
    expect(none.err).toBe("");
  });

  it("prints 'no symbols found' for no match", async () => {
    const root = project(TREE);
    await tsift(root, ["index", "-q"]);
    expect(await tsift(root, ["symbols", "zzzqqq"])).toMatchObject({ code: 0, out: "no symbols found\n" });
  });

  it("reads a snapshot copy while another process holds an exclusive SQLite lock on index.db", async () => {
    const root = project(TREE);
    await tsift(root, ["index", "-q"]);
    const holder = await holdSqliteLock(join(root, ".tsift/index.db"));
    try {
      const result = await tsift(root, ["symbols", "Store", "--json", "--limit", "1"]);
      expect(result.code).toBe(0);
      expect(result.json()).toMatchObject({ symbols: [{ name: "Store", kind: "class" }], recovery: "snapshot_fallback_wal" });
      expect(result.err).toContain("snapshot");
      expect((await tsift(root, ["index", "--check", "--exit-code"])).code).toBe(0);
    } finally {
      await holder.release();
    }
  });

  it("works through the built binary", () => {
    const root = project(TREE);
    expect(spawnBuilt(root, ["index", "--json", "-q"])).toMatchObject({ code: 0, out: '{"total_tracked":4,"new":4,"modified":0,"deleted":0,"unchanged":0}\n' });
    const result = spawnBuilt(root, ["symbols", "Cache", "--json"]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out).symbols[0]).toEqual({
      name: "Cache",
      kind: "class",
      language: "typescript",
      file: "src/cache.ts",
      line: 1,
      end_line: 3,
      signature: "export class Cache",
      parent: null,
      visibility: "public",
      match: "exact",
    });
  });
});
