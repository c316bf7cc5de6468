import { describe, expect, it } from "vitest";
import { project, spawnBuilt, tsift } from "./index-helpers";
import { commit, gitIn, repo } from "./history-helpers";

const CACHE_V1 = "export class Cache {\n  peek(key: string) {\n    return key;\n  }\n}\n";
const CACHE_V2 = "export class Cache {\n  peek(key: string) {\n    return key.trim();\n  }\n}\n";

function sample(): string {
  const root = repo();
  commit(root, "feat(cache): add a cache\n\nKeeps recent lookups.\n\ntags: caching, +perf", {
    "src/store/cache.ts": CACHE_V1,
    "src/store/keys.ts": "export const k = 1;\n",
  });
  commit(root, "fix(cache): trim keys before a peek\n\ntags: -perf", { "src/store/cache.ts": CACHE_V2 });
  commit(root, "refactor: move the cache", {}, [["src/store/cache.ts", "src/memo/cache.ts"]]);
  commit(root, "docs: readme", { "README.md": "# demo\n", "src/store/keys.ts": null });
  return root;
}

describe("tsift history", () => {
  it("index builds history.db, then updates it incrementally", async () => {
    const root = sample();
    const first = await tsift(root, ["history", "index", "--json"]);
    expect(first.code).toBe(0);
    expect(first.json()).toMatchObject({ db_path: ".tsift/history.db", mode: "full", rebuilt: "missing", commits_added: 4, commits_total: 4, branch: "main" });
    commit(root, "feat: more", { "src/memo/extra.ts": "export const e = 1;\n" });
    const text = await tsift(root, ["history", "index"]);
    expect(text.out).toMatch(
      /^history \.tsift\/history\.db: incremental, 1 commits added, 5 total; 5 artifacts \(3 alive\); HEAD [0-9a-f]{12} on main; \d+ ms\n$/,
    );
    expect((await tsift(root, ["history", "index", "--rebuild", "--json"])).json()).toMatchObject({ mode: "full", rebuilt: "requested", commits_total: 5 });
  });

  it("search ranks commits by BM25 and reads a missing history on first use", async () => {
    const root = sample();
    const result = await tsift(root, ["history", "search", "trim peek", "--json"]);
    expect(result.code).toBe(0);
    expect(result.err).toMatch(/note: indexed the git history in \.tsift\/history\.db \(4 commits added/);
    expect(result.json().results.map((hit: { subject: string }) => hit.subject)).toEqual(["fix(cache): trim keys before a peek"]);
    const text = await tsift(root, ["history", "search", "cache", "--limit", "1"]);
    expect(text.out).toMatch(/^[0-9a-f]{12} 2024-01-01 .*\n\(\+\d+ more\)\n$/);
    expect((await tsift(root, ["history", "search", "caching", "--type", "feat", "--json"])).json().total).toBe(1);
    expect((await tsift(root, ["history", "search", "nothing-like-this"])).out).toBe("no commit matches `nothing-like-this`\n");
  });

  it("--no-autoindex exits 4 with the command to run", async () => {
    const root = sample();
    const missing = await tsift(root, ["history", "search", "cache", "--no-autoindex"]);
    expect(missing.code).toBe(4);
    expect(missing.err).toMatch(/^tsift: error\[index_missing\]: no history index at .*\(next: tsift history index\)\n$/);
    await tsift(root, ["history", "index"]);
    commit(root, "feat: newer", { "x.ts": "1\n" });
    expect((await tsift(root, ["history", "artifacts", "--no-autoindex"])).code).toBe(4);
  });

  it("provenance of a path the history does not hold says so, never that no symbol matches", async () => {
    const root = sample();
    const never = await tsift(root, ["history", "provenance", "src/never/there.ts"]);
    expect(never.code).toBe(3);
    expect(never.err).toBe(
      "tsift: error[not_found]: src/never/there.ts has no history: it is neither in the working tree nor in the repository's git history (next: tsift history artifacts)\n",
    );
    const outside = await tsift(root, ["history", "provenance", "../elsewhere/file.ts"]);
    expect(outside.code).toBe(3);
    expect(outside.err).toMatch(
      /^tsift: error\[not_found\]: \.\.\/elsewhere\/file\.ts is outside the repository at .*: history provenance reads the history of one of its files \(next: tsift history artifacts\)\n$/,
    );
    // A symbol still reads as one: `file:name` has a separator too.
    expect((await tsift(root, ["history", "provenance", "src/memo/cache.ts:peek", "--json"])).json()).toMatchObject({ kind: "symbol" });
  });

  it("provenance follows a file through renames and a symbol's lines with git log -L", async () => {
    const root = sample();
    const file = (await tsift(root, ["history", "provenance", "src/memo/cache.ts", "--json"])).json();
    expect(file).toMatchObject({ kind: "path", path: "src/memo/cache.ts", renamed_from: ["src/store/cache.ts"], total: 3 });
    expect(file.commits.map((c: { subject: string; status: string }) => [c.subject, c.status])).toEqual([
      ["refactor: move the cache", "R"],
      ["fix(cache): trim keys before a peek", "M"],
      ["feat(cache): add a cache", "A"],
    ]);
    const text = await tsift(root, ["history", "provenance", "src/memo/cache.ts", "--limit", "1"]);
    expect(text.out).toMatch(
      /^src\/memo\/cache\.ts \(earlier: src\/store\/cache\.ts\): 3 commits\n[0-9a-f]{12} 2024-01-01 R  refactor: move the cache\n\(\+2 more\)\n$/,
    );

    const symbol = (await tsift(root, ["history", "provenance", "Cache.peek", "--json"])).json();
    expect(symbol).toMatchObject({ kind: "symbol", path: "src/memo/cache.ts", lines: { start: 2, end: 4 } });
    // The move kept the lines: only the commits that changed them.
    expect(symbol.commits.map((c: { subject: string }) => c.subject)).toEqual(["fix(cache): trim keys before a peek", "feat(cache): add a cache"]);
  });

  it("tags and artifacts show the replayed tag state", async () => {
    const root = sample();
    const tags = (await tsift(root, ["history", "tags", "--json"])).json();
    expect(tags.tags).toEqual([
      { tag: "caching", artifacts: 3, alive: 1 },
      { tag: "store", artifacts: 2, alive: 0 },
      { tag: "memo", artifacts: 1, alive: 1 },
      // keys.ts kept `perf`: the `-perf` commit did not touch it.
      { tag: "perf", artifacts: 1, alive: 0 },
    ]);
    expect((await tsift(root, ["history", "tags", "--file", "src/memo/cache.ts"])).out).toBe("src/memo/cache.ts: caching (explicit), memo (folder)\n");
    const alive = await tsift(root, ["history", "artifacts", "--alive"]);
    expect(alive.out).toMatch(
      /^README\.md {2}alive {2}1 commit, last [0-9a-f]{12} 2024-01-01\nsrc\/memo\/cache\.ts {2}alive {2}\[caching, memo\] {2}1 commit, last/,
    );
    const tagged = (await tsift(root, ["history", "artifacts", "--tag", "caching", "--json"])).json();
    expect(tagged.artifacts.map((a: { path: string; alive: boolean }) => [a.path, a.alive])).toEqual([
      ["src/memo/cache.ts", true],
      ["src/store/cache.ts", false],
      ["src/store/keys.ts", false],
    ]);
  });

  it("says what is wrong outside a git repository and in an empty one", async () => {
    const plain = project({ "a.ts": "1\n" });
    const outside = await tsift(plain, ["history", "index"]);
    expect(outside.code).toBe(3);
    expect(outside.err).toMatch(/error\[not_found\]: .* is not inside a git work tree .*\(next: run it inside a git repository/);
    const empty = repo();
    const none = await tsift(empty, ["history", "index"]);
    expect(none.code).toBe(0);
    expect(none.out).toMatch(/0 commits added, 0 total; 0 artifacts \(0 alive\); HEAD none; \d+ ms\nnote: the repository has no commits yet/);
    expect((await tsift(empty, ["history", "search", "x"])).out).toBe("no commit matches `x`\n");
    gitIn(empty, ["status"]);
  });
});

describe("tsift explain with a history index", () => {
  it("shows the top co-changed files of the symbol's file once history.db exists", async () => {
    const root = sample();
    commit(root, "fix: peek and keys", { "src/memo/cache.ts": CACHE_V1, "src/memo/keys.ts": "export const k = 2;\n" });
    const before = await tsift(root, ["explain", "Cache.peek"]);
    expect(before.code).toBe(0);
    expect(before.out).not.toMatch(/co-changed/);
    await tsift(root, ["history", "index"]);
    const after = await tsift(root, ["explain", "Cache.peek"]);
    expect(after.out).toMatch(/\nco-changed with src\/memo\/cache\.ts: src\/memo\/keys\.ts \(1\/2\)\n$/);
    expect((await tsift(root, ["explain", "Cache.peek", "--json"])).json().co_changed).toEqual({
      path: "src/memo/cache.ts",
      commits: 2,
      files: [{ path: "src/memo/keys.ts", count: 1, support: 0.5, jaccard: 0.5 }],
    });
  });
});

describe("the built binary", () => {
  it("runs history and cochange end to end, with exit codes", () => {
    const root = sample();
    const built = spawnBuilt(root, ["history", "index", "--json"]);
    expect(built.code).toBe(0);
    expect(JSON.parse(built.out)).toMatchObject({ mode: "full", commits_total: 4 });
    const cochange = spawnBuilt(root, ["cochange", "src/memo/cache.ts", "--json"]);
    expect(cochange.code).toBe(0);
    expect(JSON.parse(cochange.out)).toMatchObject({ path: "src/memo/cache.ts", commits: 1, files: [] });
    const missing = spawnBuilt(root, ["history", "provenance", "NoSuchThing"]);
    expect(missing.code).toBe(3);
    const outside = spawnBuilt(project({ "a.ts": "1\n" }), ["history", "search", "x"]);
    expect(outside.code).toBe(3);
    expect(outside.err).toMatch(/not inside a git work tree/);
  });
});
