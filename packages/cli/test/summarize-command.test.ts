import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "../src/cli";
import { bufferedIo } from "../src/io";
import { startSummaryServer, type SummaryServer } from "./summarize-server";
import { builtBin } from "./helpers";
import { project } from "./index-helpers";

const SOURCE = "export function parse(text: string) {\n  return text.split(',');\n}\n\nexport class Cache {\n  peek(key: string) {\n    return key;\n  }\n}\n";

let server: SummaryServer;
beforeEach(async () => {
  server = await startSummaryServer();
});
afterEach(async () => {
  server.releaseHeld();
  await server.close();
});

/** The CLI in-process (the local API server keeps answering while it awaits). */
async function tsift(cwd: string, ...argv: string[]) {
  const io = bufferedIo({ cwd, env: { ANTHROPIC_API_KEY: "cli-key", ANTHROPIC_BASE_URL: server.url } });
  const code = await main(argv, io);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { code, out: io.out, err: io.err, json: () => JSON.parse(io.out) as Record<string, any> };
}

/** The built binary as a real process, awaited without blocking this process's server. */
function spawnBin(cwd: string, argv: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [builtBin, ...argv], {
    cwd,
    env: { ...process.env, ANTHROPIC_API_KEY: "bin-key", ANTHROPIC_BASE_URL: server.url },
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, out, err })));
}

describe("tsift summarize", () => {
  it("reads fail closed with exit 4 and a next: hint, and never create the cache", async () => {
    const root = project({ "src/a.ts": SOURCE });
    for (const argv of [["parse"], ["--file", "src/a.ts"], ["--stats"], ["--stats", "--json"]]) {
      const result = await tsift(root, "summarize", ...argv);
      expect(result.code).toBe(4);
      expect(result.err).toContain("next: tsift summarize --extract");
    }
    expect(existsSync(join(root, ".tsift/summaries.db"))).toBe(false);
    expect(existsSync(join(root, ".tsift/index.db"))).toBe(false);
    expect(server.requests).toHaveLength(0);
  });

  it("--extract fills the cache through the Messages API; symbol, --file and --stats read it", async () => {
    const root = project({ "src/a.ts": SOURCE });
    const extract = await tsift(root, "summarize", "--extract", "src", "--json");
    expect(extract.code).toBe(0);
    expect(extract.json()).toMatchObject({ scope: "src", files: 1, symbols: 3, summarized: 3, reused: 0, requests: 1, tokens_input: 300, tokens_output: 60 });
    expect(server.requests[0]!.headers["x-api-key"]).toBe("cli-key");

    const symbol = await tsift(root, "summarize", "Cache.peek");
    expect(symbol.code).toBe(0);
    expect(symbol.out).toBe("Cache.peek (method, src/a.ts:6): current\n  Summary of Cache.peek.\n  concepts: test, Cache.peek\n");

    writeFileSync(join(root, "src/a.ts"), SOURCE.replace("text.split(',')", "text.split(';')"));
    const file = await tsift(root, "summarize", "--file", "src/a.ts", "--json");
    expect(file.json()).toMatchObject({ file: "src/a.ts", counts: { current: 2, stale: 1, missing: 0 } });
    expect(file.json().symbols.map((entry: { symbol: string; state: string }) => [entry.symbol, entry.state])).toEqual([
      ["parse", "stale"],
      ["Cache", "current"],
      ["Cache.peek", "current"],
    ]);
    const stale = await tsift(root, "summarize", "parse");
    expect(stale.out).toContain("parse (function, src/a.ts:1): stale\n  Summary of parse.");
    expect(stale.out).toContain("next: tsift summarize --extract src/a.ts");

    const stats = await tsift(root, "summarize", "--stats", "--json");
    expect(stats.json()).toMatchObject({ summaries: 3, cached_files: 1, stale_files: 1, tokens_input: 300, tokens_output: 60 });

    const diff = await tsift(root, "summarize", "--extract", "--diff");
    // Not a git repository: --diff has nothing to compare against.
    expect(diff.code).toBe(2);
    expect(diff.err).toContain("--diff needs a git repository");
    const again = await tsift(root, "summarize", "--extract");
    expect(again.out).toContain("1 summarized, 2 already current");
    expect((await tsift(root, "summarize", "--stats")).out).toMatch(/^summaries: 3 across 1 file \(0 stale\)\n/);
  });

  it("status reports coverage and explain shows cached snippets once the cache exists", async () => {
    const root = project({ "src/a.ts": SOURCE });
    expect((await tsift(root, "status", "--json")).json().summaries).toMatchObject({ state: "unavailable" });
    await tsift(root, "summarize", "--extract");
    expect((await tsift(root, "status", "--json")).json().summaries).toEqual({
      state: "available",
      summarized_symbols: 3,
      indexed_symbols: 3,
      cached_files: 1,
      total_indexed_files: 1,
      coverage_pct: 100,
    });
    expect((await tsift(root, "status")).out).toContain("summaries: 3/3 symbols current (100%), 1/1 files cached\n");
    const explain = await tsift(root, "explain", "Cache.peek");
    expect(explain.out).toContain("summary: current\n  Cache.peek: Summary of Cache.peek.\n  parse: Summary of parse.");
    expect((await tsift(root, "explain", "Cache.peek", "--json")).json().summaries.state).toBe("current");
  });

  it("a provider failure exits non-zero naming the status and writes nothing", async () => {
    const root = project({ "src/a.ts": SOURCE });
    server.mode = "429";
    const result = await tsift(root, "summarize", "--extract");
    expect(result.code).toBe(10);
    expect(result.err).toContain("error[backend_error]: the summary provider answered rate limited (429), retry after 7s");
    expect(existsSync(join(root, ".tsift/summaries.db"))).toBe(false);
  });

  it("a second extractor process fails fast with lock_held (exit 5) while the first waits on the API", async () => {
    const root = project({ "src/a.ts": SOURCE });
    await tsift(root, "index");
    server.mode = "hold";
    const first = spawnBin(root, ["summarize", "--extract"]);
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await spawnBin(root, ["summarize", "--extract"]);
    expect(second.code).toBe(5);
    expect(second.err).toContain("error[lock_held]: another tsift summarize --extract is already active");
    server.releaseHeld();
    const done = await first;
    expect(done.code).toBe(0);
    expect(done.out).toContain("3 summarized");
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers["x-api-key"]).toBe("bin-key");
  });

  it("refuses ambiguous or empty mode choices as usage errors", async () => {
    const root = project({ "src/a.ts": SOURCE });
    expect((await tsift(root, "summarize")).code).toBe(2);
    expect((await tsift(root, "summarize", "parse", "--stats")).code).toBe(2);
    expect((await tsift(root, "summarize", "--diff", "--stats")).err).toContain("--diff only applies to --extract");
  });
});
