import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bumpMtime, holdIndexLock, project, tsift, write } from "./index-helpers";

const FILES = {
  "src/retry.ts": [
    "/** Retries an operation with exponential backoff; the delay doubles each attempt. */",
    "export async function retryWithBackoff(operation: () => Promise<number>, attempts = 5): Promise<number> {",
    "  for (let i = 0; i < attempts; i++) {",
    "    try {",
    "      return await operation();",
    "    } catch {",
    "      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** i));",
    "    }",
    "  }",
    "  throw new Error('gave up');",
    "}",
    "",
  ].join("\n"),
  "src/users.ts":
    "export function getUserName(id: string): string {\n  return id.toUpperCase();\n}\n\nexport function setUserName(id: string): void {\n  void id;\n}\n",
  "lib/cache.py": "def get_user_name(user_id):\n    return CACHE.get(user_id)\n\n\ndef main():\n    print(get_user_name(1))\n",
};

describe("tsift search (in-process)", () => {
  it("builds a missing index, then returns the hybrid answer, AST-ranked symbols and chunk hits", async () => {
    const root = project(FILES);
    const result = await tsift(root, ["search", "retry with exponential backoff", "--json"]);
    expect(result.code).toBe(0);
    const data = result.json();
    expect(data).toMatchObject({ query: "retry with exponential backoff", strategy: "hybrid", strategy_source: "auto", freshness: { state: "refreshed" } });
    expect(data.encoder).toMatch(/^model2vec:tsift-code-v1:[0-9a-f]{12}$/);
    expect(data.results[0]).toMatchObject({ path: "src/retry.ts", symbol: "retryWithBackoff", why: expect.stringMatching(/^bm25\+model\b/) });
    expect(data.symbols[0]).toMatchObject({ name: "retryWithBackoff", file: "src/retry.ts", line: 2, match_type: "partial_tags" });
    expect(data.hits[0]).toMatchObject({ rank: 1, path: "src/retry.ts", source: "hybrid" });
    // BM25 alone stays one flag away.
    const lexical = (await tsift(root, ["search", "retry with exponential backoff", "--strategy", "lexical", "--json"])).json();
    expect(lexical).toMatchObject({ strategy: "lexical", strategy_source: "flag" });
    expect(lexical.hits[0]).toMatchObject({ rank: 1, path: "src/retry.ts", start_line: 1, confidence: "High", source: "bm25" });
    expect(lexical.results[0].why).toBe("bm25+name");
    expect(existsSync(join(root, ".tsift/index.db"))).toBe(true);
    // Second run: fresh, nothing refreshed, same answer.
    const again = (await tsift(root, ["search", "retry with exponential backoff", "--json"])).json();
    expect(again.freshness).toEqual({ state: "fresh" });
    expect(again.hits).toEqual(data.hits);
  });

  it("routes an identifier-like query to exact search and collapses repeated lines per file", async () => {
    const root = project(FILES);
    const data = (await tsift(root, ["search", "get_user_name", "--json"])).json();
    expect(data).toMatchObject({ strategy: "exact", strategy_source: "auto", freshness: { state: "unchecked" } });
    expect(data.hits).toEqual([expect.objectContaining({ path: "lib/cache.py", line: 1, match_count: 2, lines: [1, 6], confidence: "High" })]);
    expect(existsSync(join(root, ".tsift/index.db"))).toBe(false);
    const human = await tsift(root, ["search", "get_user_name"]);
    expect(human.out).toContain("lib/cache.py:1  High");
    expect(human.out).toContain("(2 in file; also 6)");
  });

  it("runs hybrid and semantic search, embedding lazily on first use", async () => {
    const root = project(FILES);
    const first = (await tsift(root, ["search", "how does the retry delay grow", "--strategy", "hybrid", "--json"])).json();
    expect(first).toMatchObject({
      strategy: "hybrid",
      alpha: 0.6,
      encoder: expect.stringMatching(/^model2vec:tsift-code-v1:/),
      embedded: { stored: expect.any(Number), transient: 0 },
    });
    expect(first.hits[0].path).toBe("src/retry.ts");
    const second = (await tsift(root, ["search", "how does the retry delay grow", "--strategy", "hybrid", "--json"])).json();
    expect(second.embedded).toBeUndefined();
    const semantic = (await tsift(root, ["search", "user name", "--strategy", "semantic", "--alpha", "0.3", "--json"])).json();
    expect(semantic.strategy).toBe("semantic");
    expect(semantic.hits.map((hit: { path: string }) => hit.path)).toEqual(expect.arrayContaining(["src/users.ts", "lib/cache.py"]));
    // The model-free encoder stays selectable by its id.
    const hashed = (await tsift(root, ["search", "how does the retry delay grow", "--model", "tsift-hash-v1", "--json"])).json();
    expect(hashed).toMatchObject({ strategy: "hybrid", encoder: "tsift-hash-v1" });
    expect(hashed.results[0].path).toBe("src/retry.ts");
  });

  it("filters by a nested --path, --lang and --kind", async () => {
    const root = project(FILES);
    const nested = (await tsift(root, ["search", "user name", "--path", "lib", "--json"])).json();
    expect(nested.filters.path).toBe("lib");
    expect([...nested.hits, ...nested.symbols].every((row: { path?: string; file?: string }) => (row.path ?? row.file)!.startsWith("lib/"))).toBe(true);
    const python = (await tsift(root, ["search", "user name", "--lang", "python", "--json"])).json();
    expect(python.hits.every((hit: { language: string }) => hit.language === "python")).toBe(true);
    const kinds = (await tsift(root, ["search", "user name", "--kind", "function", "--json"])).json();
    expect(kinds.symbols.every((symbol: { kind: string }) => symbol.kind === "function")).toBe(true);
  });

  it("previews one ranked list with sfam-/shit- handles, expand commands and an envelope", async () => {
    const root = project(FILES);
    const preview = (await tsift(root, ["search", "user name", "--budget", "small", "--json"])).json();
    expect(preview.ranked.length).toBeLessThanOrEqual(3);
    expect(preview.symbols).toBeUndefined();
    expect(preview.results).toBeUndefined();
    expect(preview.budget).toEqual({ preset: "small", max_items: 3, max_bytes: 120 });
    for (const item of preview.ranked) {
      expect(item.handle).toMatch(item.source === "symbol" ? /^sfam-[0-9a-f]{12}$/ : /^shit-[0-9a-f]{12}$/);
      expect(item.expand).toMatch(/^tsift (source-read|symbols) /);
    }
    const family = preview.ranked.find((item: { tag_alias?: string }) => item.tag_alias === "get/user/name");
    expect(family).toMatchObject({ match_count: 2, file_count: 2, expand: expect.stringMatching(/^tsift symbols (getUserName|get_user_name)$/) });
    const again = (await tsift(root, ["search", "user name", "--budget", "small", "--json"])).json();
    expect(again.ranked.map((item: { handle: string }) => item.handle)).toEqual(preview.ranked.map((item: { handle: string }) => item.handle));
    const envelope = (await tsift(root, ["--envelope", "search", "user name"])).json();
    expect(envelope).toMatchObject({ tool: "search", view: "preview", report: { ranked: expect.any(Array) } });
    expect(envelope.follow_up).toEqual(envelope.report.ranked.map((item: { expand: string }) => item.expand));
  });

  it("adds a scale_guard with narrowing commands when hits are too many", async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 120; i++) many[`pkg/m${i}.ts`] = `export const widget${i} = "widget";\n`;
    const root = project(many);
    const preview = (await tsift(root, ["--envelope", "search", "widget", "--budget", "normal"])).json();
    expect(preview.report.scale_guard).toMatchObject({
      level: "high-hit",
      narrow_commands: expect.arrayContaining(["tsift search widget --path pkg", "tsift search widget --exact"]),
    });
    expect(preview.follow_up[0]).toBe(preview.report.scale_guard.narrow_commands[0]);
  });

  it("prints human, compact and tabular forms", async () => {
    const root = project(FILES);
    // A prose query is answered with one ranked list; an identifier keeps symbols first, then hits.
    const human = (await tsift(root, ["search", "retry backoff"])).out;
    expect(human).toMatch(
      /^results \(\d+, hybrid; symbols and hits ranked together\):\n {2}src\/retry\.ts:\d+ {2}(High|Medium|Low) [\d.]+ {2}function retryWithBackoff {2}\[bm25\+model[a-z+]*\]/,
    );
    const identifier = (await tsift(root, ["search", "retryWithBackoff", "--strategy", "lexical"])).out;
    expect(identifier).toMatch(/^symbols \(\d+\):\n {2}src\/retry\.ts:2-11 {2}function {2}retryWithBackoff/);
    expect(identifier).toContain("hits (");
    expect((await tsift(root, ["--compact", "search", "retry backoff"])).out).toMatch(
      /^results\[\d+\]:\n {2}src\/retry\.ts:\d+ retryWithBackoff [\d.]+ bm25\+model/,
    );
    expect((await tsift(root, ["--compact", "search", "retryWithBackoff", "--strategy", "lexical"])).out).toMatch(/^syms\[\d+\]:/);
    expect((await tsift(root, ["--tabular", "search", "retry backoff"])).out).toMatch(/^match_type\tkind\tname\tfile\tline\tscore\n/);
  });

  it("fails closed with --no-autoindex on a missing or stale index (exit 4, the command to run)", async () => {
    const root = project(FILES);
    const missing = await tsift(root, ["search", "retry backoff", "--no-autoindex"]);
    expect(missing.code).toBe(4);
    expect(missing.err).toContain("index is missing");
    expect(missing.err).toContain("Run `tsift index .`");
    expect((await tsift(root, ["index"])).code).toBe(0);
    write(root, { "src/retry.ts": `${FILES["src/retry.ts"]}// touched\n` });
    bumpMtime(join(root, "src/retry.ts"));
    const stale = await tsift(root, ["search", "retry backoff", "--no-autoindex"]);
    expect(stale.code).toBe(4);
    expect(stale.err).toContain("index is stale (1 file)");
    expect(stale.err).toContain("--no-autoindex");
    const refreshed = (await tsift(root, ["search", "retry backoff", "--json"])).json();
    expect(refreshed.freshness).toEqual({ state: "refreshed", refreshed_files: 1 });
  });

  it("degrades when another writer holds the lock: snapshot when stale, exact live search when missing", async () => {
    const root = project(FILES);
    const lock = await holdIndexLock(join(root, ".tsift/index.lock"));
    try {
      const missing = await tsift(root, ["search", "retry backoff", "--json"]);
      expect(missing.code).toBe(0);
      expect(missing.json()).toMatchObject({ strategy: "exact", strategy_source: "degraded", freshness: { state: "missing_exact" } });
      expect(missing.err.trim().split("\n")).toHaveLength(1);
      expect(missing.err).toContain("answered with an exact live-file search");
    } finally {
      await lock.release();
    }
    expect((await tsift(root, ["index"])).code).toBe(0);
    write(root, { "src/users.ts": `${FILES["src/users.ts"]}// touched\n` });
    bumpMtime(join(root, "src/users.ts"));
    const again = await holdIndexLock(join(root, ".tsift/index.lock"));
    try {
      const stale = await tsift(root, ["search", "retry backoff", "--json"]);
      expect(stale.code).toBe(0);
      expect(stale.json()).toMatchObject({ strategy: "hybrid", freshness: { state: "stale_snapshot" } });
      expect(stale.err).toContain("searched the current index snapshot (index is stale (1 file))");
    } finally {
      await again.release();
    }
  });

  it("rejects bad flags with exit 2", async () => {
    const root = project(FILES);
    expect((await tsift(root, ["search", "x", "--exact", "--strategy", "hybrid"])).code).toBe(2);
    expect((await tsift(root, ["search", "x", "--limit", "-1"])).code).toBe(2);
    expect((await tsift(root, ["search", "x", "--alpha", "2"])).code).toBe(2);
    expect((await tsift(root, ["search", "x", "--scope", "a", "--federated"])).code).toBe(2);
  });
});

describe("tsift related", () => {
  it("finds chunks similar to file:line or a search handle", async () => {
    const root = project({ ...FILES, "lib/store.py": "def load_user_name(user_id):\n    return STORE.get(user_id)\n" });
    const related = await tsift(root, ["related", "lib/cache.py:1", "--json"]);
    expect(related.code).toBe(0);
    const data = related.json();
    expect(data.source).toMatchObject({ path: "lib/cache.py", language: "python" });
    expect(data.hits[0]).toMatchObject({ path: "lib/store.py", language: "python", expand: expect.stringMatching(/^tsift source-read lib\/store\.py/) });
    const preview = (await tsift(root, ["search", "user name", "--budget", "deep", "--json"])).json();
    const hit = preview.ranked.find((item: { source: string }) => item.source === "hit");
    const byHandle = (await tsift(root, ["related", hit.handle, "--json"])).json();
    expect(byHandle.source.path).toBe(hit.file);
    expect((await tsift(root, ["related", "nope.ts:3"])).code).toBe(3);
  });
});
