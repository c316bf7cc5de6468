import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { indexLocation } from "../../walk/index-location";
import { openIndexWriter } from "../../store/open-index";
import { fuzzyScore, querySymbols } from "./query-symbols";
type Seed = [name: string, kind: string, file: string, line: number, parent?: string | null, visibility?: string | null];

function seeded(rows: Seed[]) {
  const root = mkdtempSync(join(tmpdir(), "tsift-symbols-"));
  const writer = openIndexWriter(indexLocation(root));
  const close = writer.close;
  writer.close = () => {
    close();
    rmSync(root, { recursive: true, force: true });
  };
  const insert = writer.db.prepare(
    "INSERT INTO symbols (file, name, kind, language, signature, line, end_line, parent, qualified_name, visibility) VALUES (?, ?, ?, 'typescript', ?, ?, ?, ?, ?, ?)",
  );
  const insertFile = writer.db.prepare(
    "INSERT OR IGNORE INTO files (path, language, size, mtime_ns, content_hash, indexed_at) VALUES (?, 'typescript', 1, 1, 'h', '2026-01-01')",
  );
  for (const [name, kind, file, line, parent = null, visibility = "public"] of rows) {
    insertFile.run(file);
    insert.run(file, name, kind, `sig ${name}`, line, line + 2, parent, parent ? `${parent}.${name}` : name, visibility);
  }
  return writer;
}

const SEEDS: Seed[] = [
  ["getUser", "function", "src/b.ts", 10],
  ["getUser", "function", "src/a.ts", 5],
  ["getuser", "function", "src/c.ts", 1],
  ["GETUSER", "const", "src/c.ts", 9, null, "module"],
  ["getUserName", "function", "src/a.ts", 20],
  ["getUserById", "method", "src/store.ts", 3, "Store"],
  ["gtUser", "function", "src/d.ts", 1],
  ["fetchAllUsers", "function", "src/e.ts", 1],
  ["get", "method", "src/store.ts", 8, "Store"],
  ["get", "method", "src/cache.ts", 4, "Cache"],
  ["get", "function", "src/util.ts", 1],
  ["Store", "class", "src/store.ts", 1],
  ["unrelated", "function", "src/z.py", 1],
];

const names = (result: { symbols: { name: string; file: string; line: number }[] }) => result.symbols.map((s) => `${s.name}@${s.file}:${s.line}`);

describe("querySymbols", () => {
  let writer: ReturnType<typeof seeded>;
  beforeAll(() => {
    writer = seeded(SEEDS);
  });
  afterAll(() => writer.close());

  it("ranks exact, then case-insensitive, then prefix, then fuzzy, ending in file and line", () => {
    const result = querySymbols(writer.db, { name: "getUser", limit: 0 });
    expect(names(result)).toEqual([
      "getUser@src/a.ts:5",
      "getUser@src/b.ts:10",
      "getuser@src/c.ts:1",
      "GETUSER@src/c.ts:9",
      "getUserById@src/store.ts:3",
      "getUserName@src/a.ts:20",
      "gtUser@src/d.ts:1",
    ]);
    expect(result.symbols.map((s) => s.match)).toEqual(["exact", "exact", "case_insensitive", "case_insensitive", "prefix", "prefix", "fuzzy"]);
    expect(result).toMatchObject({ total: 7, truncated: false });
    expect(result.symbols[0]).toEqual({
      name: "getUser",
      kind: "function",
      language: "typescript",
      file: "src/a.ts",
      line: 5,
      end_line: 7,
      signature: "sig getUser",
      parent: null,
      visibility: "public",
      match: "exact",
    });
  });

  it("caps with limit and reports the total", () => {
    expect(querySymbols(writer.db, { name: "getUser", limit: 7 })).toMatchObject({ total: 7, truncated: false });
    const result = querySymbols(writer.db, { name: "gtUser", limit: 2 });
    // One exact row, under the limit: the fuzzy tier is read, so the total is exact.
    expect(result).toMatchObject({ total: 7, truncated: true });
    expect(result).not.toHaveProperty("total_at_least");
    expect(result.symbols).toHaveLength(2);
    expect(querySymbols(writer.db, { name: "user" }).symbols.map((s) => s.name)).toContain("fetchAllUsers");
  });

  it("skips the fuzzy tier when better tiers alone exceed the limit, and says the total is a lower bound", () => {
    for (const name of ["getUser", "get", "GetUser", "Store.get", "user"]) {
      const all = querySymbols(writer.db, { name, limit: 0 });
      expect(all.total_at_least, name).toBeUndefined();
      const better = all.symbols.filter((symbol) => symbol.match !== "fuzzy").length;
      for (const limit of [1, 2, 3, 5]) {
        const capped = querySymbols(writer.db, { name, limit });
        expect(capped.symbols, `${name} limit ${limit}`).toEqual(all.symbols.slice(0, limit));
        expect(capped.truncated, `${name} limit ${limit}`).toBe(all.total > limit);
        if (better > limit) expect(capped, `${name} limit ${limit}`).toMatchObject({ total: better, total_at_least: true });
        else {
          expect(capped.total, `${name} limit ${limit}`).toBe(all.total);
          expect(capped.total_at_least).toBeUndefined();
        }
      }
    }
    // getUser: 6 exact, case-insensitive and prefix rows, then gtUser (fuzzy).
    expect(querySymbols(writer.db, { name: "getUser", limit: 5 })).toMatchObject({ total: 6, truncated: true, total_at_least: true });
    expect(querySymbols(writer.db, { name: "getUser", limit: 6 })).toMatchObject({ total: 7, truncated: true });
    expect(querySymbols(writer.db, { name: "getUser", limit: 6 })).not.toHaveProperty("total_at_least");
  });

  it("sees symbols written after an earlier query, by this connection or another", () => {
    expect(querySymbols(writer.db, { name: "freshlyAdded" }).total).toBe(0);
    writer.db
      .prepare(
        "INSERT INTO symbols (file, name, kind, language, signature, line, end_line, qualified_name, visibility) VALUES ('src/z.ts', 'freshlyAddedThing', 'function', 'typescript', 's', 1, 2, 'freshlyAddedThing', 'public')",
      )
      .run();
    expect(querySymbols(writer.db, { name: "freshlyAdded", limit: 0 }).symbols.map((symbol) => symbol.name)).toEqual(["freshlyAddedThing"]);
    expect(querySymbols(writer.db, { name: "frshlyAddedThing" }).symbols.map((symbol) => symbol.match)).toEqual(["fuzzy"]);
    writer.db.prepare("DELETE FROM symbols WHERE name = 'freshlyAddedThing'").run();
    expect(querySymbols(writer.db, { name: "frshlyAddedThing" }).total).toBe(0);
  });

  it("looks up qualified Class.method names", () => {
    const qualified = querySymbols(writer.db, { name: "Store.get" });
    expect(names(qualified)).toEqual(["get@src/store.ts:8", "getUserById@src/store.ts:3"]);
    expect(qualified.symbols.map((s) => s.match)).toEqual(["exact", "prefix"]);
    expect(names(querySymbols(writer.db, { name: "store.GET" }))[0]).toBe("get@src/store.ts:8");
    expect(names(querySymbols(writer.db, { name: "Store::get" }))[0]).toBe("get@src/store.ts:8");
  });

  it("filters by kind, file and language, and lists everything without a name", () => {
    expect(names(querySymbols(writer.db, { name: "get", kind: "method" }))).toEqual(["get@src/cache.ts:4", "get@src/store.ts:8", "getUserById@src/store.ts:3"]);
    expect(names(querySymbols(writer.db, { name: "get", file: "src/util.ts" }))).toEqual(["get@src/util.ts:1"]);
    expect(querySymbols(writer.db, { file: "src/*.py" }).symbols.map((s) => s.name)).toEqual(["unrelated"]);
    expect(querySymbols(writer.db, { language: "python" }).total).toBe(0);
    const all = querySymbols(writer.db, {});
    expect(all).toMatchObject({ total: 13, truncated: false });
    expect(all.symbols[0]).not.toHaveProperty("match");
    expect(names(all).slice(0, 2)).toEqual(["getUser@src/a.ts:5", "getUserName@src/a.ts:20"]);
  });

  it("reads --file as the gitignore-style patterns of [index] exclude", () => {
    const tree = seeded([
      ["rootFn", "function", "main.ts", 1],
      ["aFn", "function", "src/a.ts", 1],
      ["bFn", "function", "src/b.ts", 1],
      ["deepFn", "function", "src/deep/c.ts", 1],
      ["deepTest", "function", "src/deep/c.test.ts", 1],
      ["libFn", "function", "pkg/lib/d.ts", 1],
      ["pyFn", "function", "tools/e.py", 1],
      ["pageFn", "function", "app/[id]/page.tsx", 1],
      ["iFn", "function", "app/i/page.tsx", 1],
    ]);
    try {
      const files = (file: string) => [...new Set(querySymbols(tree.db, { file, limit: 0 }).symbols.map((s) => s.file))].sort();
      // `**/` also matches at the root; `*` stays inside one directory.
      expect(files("**/*.ts")).toEqual(["main.ts", "pkg/lib/d.ts", "src/a.ts", "src/b.ts", "src/deep/c.test.ts", "src/deep/c.ts"]);
      expect(files("src/*.ts")).toEqual(["src/a.ts", "src/b.ts"]);
      expect(files("src/**")).toEqual(["src/a.ts", "src/b.ts", "src/deep/c.test.ts", "src/deep/c.ts"]);
      expect(files("src/**/*.test.ts")).toEqual(["src/deep/c.test.ts"]);
      // A slash-free name matches at any depth, a directory everything under it.
      expect(files("lib")).toEqual(["pkg/lib/d.ts"]);
      expect(files("*.py")).toEqual(["tools/e.py"]);
      expect(files("/main.ts")).toEqual(["main.ts"]);
      expect(files("src/deep/")).toEqual(["src/deep/c.test.ts", "src/deep/c.ts"]);
      expect(files("./src/deep")).toEqual(["src/deep/c.test.ts", "src/deep/c.ts"]);
      expect(files("src/[ab].ts")).toEqual(["src/a.ts", "src/b.ts"]);
      // A path naming a file exactly finds it, although `[id]` is a character class.
      expect(files("app/[id]/page.tsx")).toEqual(["app/[id]/page.tsx"]);
      expect(files("app/[a-j]/page.tsx")).toEqual(["app/i/page.tsx"]);
      expect(files("src/{a,b}.ts")).toEqual([]);
      expect(files(".")).toHaveLength(9);
    } finally {
      tree.close();
    }
  });

  it("uses the name indexes for exact, case-insensitive and prefix lookups", () => {
    const plan = (sql: string) => (writer.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail).join("; ");
    expect(plan("SELECT * FROM symbols WHERE name = 'x'")).toMatch(/idx_symbols_name/);
    expect(plan("SELECT * FROM symbols WHERE lower(name) = 'x'")).toMatch(/idx_symbols_name_lower/);
    expect(plan("SELECT * FROM symbols WHERE lower(name) >= 'x' AND lower(name) < 'y'")).toMatch(/idx_symbols_name_lower/);
    expect(plan("SELECT * FROM symbols WHERE qualified_name = 'x'")).toMatch(/idx_symbols_qualified_name/);
    expect(plan("SELECT * FROM calls WHERE callee_name = 'x'")).toMatch(/idx_calls_callee_name/);
    expect(plan("SELECT * FROM calls WHERE resolved_symbol_id = 1")).toMatch(/idx_calls_resolved/);
  });
});

describe("fuzzyScore", () => {
  it("prefers substrings, then subsequences, then near misses", () => {
    expect(fuzzyScore("user", "fetchallusers")).toBe(0);
    expect(fuzzyScore("gusr", "getuser")).toBe(1);
    expect(fuzzyScore("getuzer", "getuser")).toBe(3);
    expect(fuzzyScore("getusre", "getuser")).toBe(3);
    expect(fuzzyScore("abc", "xyz")).toBeNull();
  });
});
