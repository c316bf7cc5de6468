import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  extractSummaries,
  openReadIndex,
  projectStatus,
  readExplanation,
  readFileSummaries,
  readSummaryStats,
  readSymbolSummary,
  summariesLocation,
  type ExtractSummariesOptions,
} from "../src/index";
import { git, holdLockInChild, tempTree } from "./helpers";
import { startSummaryServer, type SummaryServer } from "./summary-server";

const SOURCE = [
  "export function parse(text: string) {",
  "  return text.split(',');",
  "}",
  "",
  "export class Cache {",
  "  peek(key: string) {",
  "    return key;",
  "  }",
  "}",
  "",
  "export function render(n: number) {",
  "  return String(n);",
  "}",
  "",
  "export const LIMIT = 3;",
  "",
].join("\n");

let server: SummaryServer;
beforeEach(async () => {
  server = await startSummaryServer();
});
afterEach(async () => {
  server.releaseHeld();
  await server.close();
});

const env = () => ({ ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: server.url });

async function withIndex<T>(root: string, use: (open: () => ReturnType<typeof openReadIndex>) => Promise<T>): Promise<T> {
  const index = await openReadIndex({ cwd: root, path: root });
  try {
    return await use(async () => index);
  } finally {
    await index.close();
  }
}

const extract = (root: string, options: ExtractSummariesOptions = {}) => withIndex(root, (open) => extractSummaries(open, { env: env(), ...options }));

function cacheBytes(root: string): string {
  const { dbPath } = summariesLocation(root);
  return existsSync(dbPath) ? readFileSync(dbPath).toString("base64") : "";
}

describe("summarize --extract", () => {
  it("batches symbols into Messages API requests with the key, version and model, and stores one row per symbol", async () => {
    const root = tempTree({ "src/a.ts": SOURCE, "src/b.ts": "export function other() {\n  return 1;\n}\n" });
    const report = await extract(root, { batchSize: 2 });
    // parse, Cache, Cache.peek, render, other — LIMIT is a constant and is not summarized.
    expect(report).toMatchObject({
      files: 2,
      symbols: 5,
      summarized: 5,
      reused: 0,
      requests: 3,
      model: "claude-haiku-4-5-20251001",
      tokens_input: 500,
      tokens_output: 100,
    });
    expect(server.requests.map((request) => [request.method, request.url])).toEqual([
      ["POST", "/v1/messages"],
      ["POST", "/v1/messages"],
      ["POST", "/v1/messages"],
    ]);
    const first = server.requests[0]!;
    expect(first.headers["x-api-key"]).toBe("test-key");
    expect(first.headers["anthropic-version"]).toBe("2023-06-01");
    expect(first.body.model).toBe("claude-haiku-4-5-20251001");
    expect(first.body.messages[0]!.content).toContain("export function parse(text: string)");

    const summary = await withIndex(root, (open) => readSymbolSummary(open, { symbol: "Cache.peek" }));
    expect(summary).toMatchObject({
      file: "src/a.ts",
      symbol: "Cache.peek",
      kind: "method",
      state: "current",
      summary: "Summary of Cache.peek.",
      concepts: ["test", "Cache.peek"],
    });

    // Nothing changed: nothing is sent again.
    const again = await extract(root);
    expect(again).toMatchObject({ summarized: 0, reused: 5, requests: 0 });
    expect(server.requests).toHaveLength(3);
  });

  it("--stats counts the tokens the extract reported: a batch's spend shared over its rows adds up exactly", async () => {
    const root = tempTree({ "src/a.ts": SOURCE, "src/b.ts": "export function other() {\n  return 1;\n}\n" });
    // Uneven spend: 101 input and 7 output tokens a request, over 3 symbols, then 2.
    server.usage = () => ({ input_tokens: 101, output_tokens: 7 });
    const report = await extract(root, { batchSize: 3 });
    const spent = server.answered.reduce((sum, usage) => ({ input: sum.input + usage.input_tokens, output: sum.output + usage.output_tokens }), {
      input: 0,
      output: 0,
    });
    expect(spent).toEqual({ input: 202, output: 14 });
    expect({ input: report.tokens_input, output: report.tokens_output }).toEqual(spent);
    const stats = readSummaryStats(root);
    expect({ input: stats.tokens_input, output: stats.tokens_output }).toEqual(spent);
  });

  it("reads the model and the key variable from [summarize] in the config", async () => {
    const root = tempTree({
      "src/a.ts": "export function one() {\n  return 1;\n}\n",
      ".tsift/config.toml": '[summarize]\nmodel = "claude-test-model"\napi_key_env = "MY_KEY"\n',
    });
    await expect(extract(root, { env: { ANTHROPIC_BASE_URL: server.url } })).rejects.toMatchObject({
      code: "invalid_input",
      message: expect.stringContaining("MY_KEY"),
    });
    expect(server.requests).toHaveLength(0);
    expect(existsSync(summariesLocation(root).dbPath)).toBe(false);
    // A first extract the provider refuses leaves no (empty) cache behind either.
    server.mode = "500";
    await expect(extract(root, { env: { MY_KEY: "k2", ANTHROPIC_BASE_URL: server.url } })).rejects.toMatchObject({ code: "backend_error" });
    expect(existsSync(summariesLocation(root).dbPath)).toBe(false);
    server.mode = "ok";
    await extract(root, { env: { MY_KEY: "k2", ANTHROPIC_BASE_URL: server.url } });
    expect(server.requests[1]!.headers["x-api-key"]).toBe("k2");
    expect(server.requests[1]!.body.model).toBe("claude-test-model");
  });

  for (const [mode, message] of [
    ["429", /rate limited \(429\), retry after 7s: Number of request tokens/],
    ["500", /HTTP 500: Internal server error/],
    ["not-json", /malformed: HTTP 200 with a body that is not JSON/],
    ["text-not-json", /malformed: the text is not JSON/],
    ["missing-id", /malformed: no answer for 1 of/],
  ] as const) {
    it(`fails closed on ${mode} and leaves the cache exactly as it was`, async () => {
      const root = tempTree({ "src/a.ts": SOURCE });
      await extract(root);
      const before = cacheBytes(root);
      writeFileSync(join(root, "src/a.ts"), SOURCE.replace("text.split(',')", "text.split(';')").replace("String(n)", "`${n}`"));
      server.mode = mode;
      const failure = extract(root, { batchSize: 1 });
      await expect(failure).rejects.toMatchObject({ code: "backend_error", message });
      if (mode === "429" || mode === "500") await expect(failure).rejects.toMatchObject({ details: { status: Number(mode) } });
      expect(cacheBytes(root)).toBe(before);
      const parse = await withIndex(root, (open) => readSymbolSummary(open, { symbol: "parse" }));
      expect(parse.state).toBe("stale");
    });
  }

  it("marks an edited symbol stale (still readable), re-extracts only what changed, and counts the file stale until then", async () => {
    const root = tempTree({ "src/a.ts": SOURCE });
    await extract(root);
    expect(readSummaryStats(root)).toMatchObject({ summaries: 4, cached_files: 1, stale_files: 0 });
    writeFileSync(join(root, "src/a.ts"), SOURCE.replace("return key;", "return key.trim();"));

    const file = await withIndex(root, (open) => readFileSummaries(open, { file: "src/a.ts", cwd: root }));
    // Cache.peek changed, and so did its class Cache, whose lines hold it.
    expect(file.counts).toEqual({ current: 2, stale: 2, missing: 0 });
    expect(file.symbols.find((symbol) => symbol.symbol === "Cache.peek")).toMatchObject({ state: "stale", summary: "Summary of Cache.peek." });
    expect(readSummaryStats(root)).toMatchObject({ stale_files: 1 });

    const sent = server.requests.length;
    const report = await extract(root);
    expect(report).toMatchObject({ summarized: 2, reused: 2, pruned: 2 });
    expect(server.requests.length).toBe(sent + 1);
    expect(server.requests.at(-1)!.body.messages[0]!.content).toContain("key.trim()");
    expect(readSummaryStats(root)).toMatchObject({ summaries: 4, stale_files: 0 });
  });

  it("--diff extracts only files git reports changed or untracked", async () => {
    const root = tempTree({ "src/a.ts": SOURCE, "src/b.ts": "export function b() {\n  return 1;\n}\n" }, { git: true });
    git(root, "add", "-A");
    git(root, "commit", "-qm", "init");
    writeFileSync(join(root, "src/c.ts"), "export function c() {\n  return 2;\n}\n");
    writeFileSync(join(root, "src/b.ts"), "export function b() {\n  return 3;\n}\n");
    const report = await extract(root, { diff: true });
    expect(report).toMatchObject({ diff: true, files: 2, summarized: 2 });
    const sent = server.requests.flatMap((request) => [...request.body.messages[0]!.content.matchAll(/name="([^"]+)"/g)].map((match) => match[1]));
    expect(sent.sort()).toEqual(["b", "c"]);
  });

  it("a second extractor fails fast with lock_held and spends nothing", async () => {
    const root = tempTree({ "src/a.ts": SOURCE });
    const held = await holdLockInChild(summariesLocation(root).lockPath);
    try {
      await expect(extract(root)).rejects.toMatchObject({ code: "lock_held", message: expect.stringContaining(`pid ${held.pid}`) });
      expect(server.requests).toHaveLength(0);
    } finally {
      await held.release();
    }

    // Two extractors at once in one process: the first waits on the API while holding the lock.
    server.mode = "hold";
    const first = extract(root);
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(extract(root)).rejects.toMatchObject({ code: "lock_held" });
    server.releaseHeld();
    await expect(first).resolves.toMatchObject({ summarized: 4 });
    expect(server.requests).toHaveLength(1);
  });
});

describe("summarize reads", () => {
  it("fail closed with index_missing when there is no cache, and never create it", async () => {
    const root = tempTree({ "src/a.ts": SOURCE });
    await expect(withIndex(root, (open) => readSymbolSummary(open, { symbol: "parse" }))).rejects.toMatchObject({
      code: "index_missing",
      hint: "tsift summarize --extract",
    });
    await expect(withIndex(root, (open) => readFileSummaries(open, { file: "src/a.ts", cwd: root }))).rejects.toMatchObject({ code: "index_missing" });
    expect(() => readSummaryStats(root)).toThrow(expect.objectContaining({ code: "index_missing" }));
    expect(existsSync(summariesLocation(root).dbPath)).toBe(false);
  });

  it("reports a symbol never summarized as missing and a deleted file as a stale cached file", async () => {
    const root = tempTree({ "src/a.ts": "export function one() {\n  return 1;\n}\n", "src/gone.ts": "export function gone() {\n  return 0;\n}\n" });
    await extract(root);
    writeFileSync(join(root, "src/a.ts"), "export function one() {\n  return 1;\n}\nexport function two() {\n  return 2;\n}\n");
    const two = await withIndex(root, (open) => readSymbolSummary(open, { symbol: "two" }));
    expect(two).toMatchObject({ symbol: "two", state: "missing" });
    expect(two.summary).toBeUndefined();
    const { rmSync } = await import("node:fs");
    rmSync(join(root, "src/gone.ts"));
    expect(readSummaryStats(root)).toMatchObject({ cached_files: 2, stale_files: 2 });
    // A full extract prunes the rows of the deleted file.
    const report = await extract(root);
    expect(report).toMatchObject({ summarized: 1, pruned: 1 });
    expect(readSummaryStats(root)).toMatchObject({ summaries: 2, cached_files: 1, stale_files: 0 });
  });
});

describe("summaries in status and explain", () => {
  it("status reports symbol coverage once summaries.db exists; explain shows up to two current snippets, the symbol's own first", async () => {
    const root = tempTree({ "src/a.ts": SOURCE, "src/b.ts": "export function other() {\n  return parse('x');\n}\nimport { parse } from './a';\n" });
    const before = await projectStatus({ cwd: root, path: root });
    expect(before.summaries).toMatchObject({ state: "unavailable" });
    const explain = (symbol: string) => withIndex(root, (open) => readExplanation(open, { symbol }));
    expect((await explain("render")).summaries).toBeUndefined();

    await extract(root, { target: join(root, "src/a.ts") });
    const status = await projectStatus({ cwd: root, path: root });
    // Four of the five summarizable symbols (src/b.ts's `other` is not extracted yet).
    expect(status.summaries).toEqual({
      state: "available",
      summarized_symbols: 4,
      indexed_symbols: 5,
      cached_files: 1,
      total_indexed_files: 2,
      coverage_pct: 80,
    });

    expect((await explain("render")).summaries).toEqual({
      state: "current",
      snippets: [
        { symbol: "render", kind: "function", summary: "Summary of render." },
        { symbol: "parse", kind: "function", summary: "Summary of parse." },
      ],
    });
    expect((await explain("other")).summaries).toEqual({ state: "missing", snippets: [] });
    writeFileSync(join(root, "src/a.ts"), SOURCE.replace("String(n)", "`${n}`"));
    const edited = await explain("render");
    expect(edited.summaries?.state).toBe("stale");
    expect(edited.summaries?.snippets.map((snippet) => snippet.symbol)).toEqual(["parse", "Cache"]);
  });
});
