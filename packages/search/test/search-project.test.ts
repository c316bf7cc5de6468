import { appendFileSync, mkdtempSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isTsiftError } from "@tsift/core";
import { runReadOnly } from "@tsift/index/indexer";
import { relatedProject, searchProject } from "../src/index";
import { FIXTURE, indexedProject, writeTree } from "./fixture";

const env = { PATH: "", TSIFT_EXACT_BACKEND: "scan" };

describe("searchProject", () => {
  it("searches a fresh index and reports the data the CLI renders", async () => {
    const { root } = await indexedProject();
    const result = await searchProject({ query: "retry with backoff", cwd: root, env });
    expect(result.root).toBe(root);
    expect(result.pathArg).toBe(".");
    expect(result.scope).toBeNull();
    // A description of behaviour gets the hybrid answer by default.
    expect(result.data.strategy).toBe("hybrid");
    expect(result.data.strategy_source).toBe("auto");
    expect(result.data.freshness).toEqual({ state: "fresh" });
    expect(result.data.hits[0]?.path).toBe("src/retry.ts");
    expect(result.data.results?.[0]?.symbol).toBe("retryWithBackoff");
    expect(result.data.symbols.map((symbol) => symbol.name)).toContain("retryWithBackoff");
    expect(result.data.filters).toEqual({ path: null, lang: [], kind: [] });
  });

  it("refreshes a stale index first, and fails closed without autoindex", async () => {
    const { root } = await indexedProject();
    appendFileSync(join(root, "src/users.ts"), "\nexport function purgeInactiveAccounts(): void {}\n");
    await expect(searchProject({ query: "purge inactive accounts", cwd: root, env, autoindex: false })).rejects.toSatisfy((error) =>
      isTsiftError(error, "index_stale"),
    );
    const result = await searchProject({ query: "purge inactive accounts", cwd: root, env });
    expect(result.data.freshness).toEqual({ state: "refreshed", refreshed_files: 1 });
    expect(result.data.symbols[0]?.name).toBe("purgeInactiveAccounts");
  });

  it("a read-only caller (the MCP server) answers from a stale index as it is, with a note, and writes nothing", async () => {
    const { root } = await indexedProject();
    appendFileSync(join(root, "src/users.ts"), "\nexport function purgeInactiveAccounts(): void {}\n");
    const before = statSync(join(root, ".tsift", "index.db")).mtimeMs;
    const result = await runReadOnly("tsift mcp", () => searchProject({ query: "retry with backoff", cwd: root, env }));
    expect(result.data.hits[0]?.path).toBe("src/retry.ts");
    expect(result.notes.join("\n")).toMatch(/searched the index as it is .*run `tsift index/su);
    expect(statSync(join(root, ".tsift", "index.db")).mtimeMs).toBe(before);
  });

  it("narrows to a nested path and promotes an identifier to exact search without an index", async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-search-project-")));
    writeTree(root, FIXTURE);
    writeFileSync(join(root, ".gitignore"), ".tsift/\n");
    const exact = await searchProject({ query: "getUserName", cwd: root, path: "src", env });
    expect(exact.data.strategy).toBe("exact");
    expect(exact.data.strategy_source).toBe("auto");
    expect(exact.data.freshness).toEqual({ state: "unchecked" });
    expect(exact.data.filters.path).toBe("src");
    expect(exact.data.hits.every((hit) => hit.path.startsWith("src/"))).toBe(true);
  });

  it("rejects an empty query and conflicting options with usage errors", async () => {
    for (const options of [{ query: "  " }, { query: "x", exact: true, strategy: "hybrid" as const }, { query: "x", scope: "a", federated: true }]) {
      await expect(searchProject({ ...options, cwd: tmpdir(), env })).rejects.toSatisfy((error) => isTsiftError(error, "usage"));
    }
  });
});

describe("relatedProject", () => {
  it("lists chunks similar to a file:line, without the source chunk", async () => {
    const { root } = await indexedProject();
    const result = await relatedProject({ target: "tools/cache.py:1", cwd: root, limit: 3 });
    expect(result.data.source).toMatchObject({ path: "tools/cache.py", start_line: 1, symbol: "get_user_name" });
    expect(result.data.encoder).toMatch(/^model2vec:tsift-code-v1:[0-9a-f]{12}$/);
    expect(result.data.hits.length).toBeGreaterThan(0);
    expect(result.data.hits.length).toBeLessThanOrEqual(3);
    expect(result.data.hits.some((hit) => hit.path === "tools/cache.py" && hit.start_line === 1)).toBe(false);
    await expect(relatedProject({ target: "nowhere", cwd: root })).rejects.toSatisfy((error) => isTsiftError(error, "usage"));
  });
});
