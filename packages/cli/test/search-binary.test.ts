import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtBin } from "./helpers";
import { bumpMtime, project, write } from "./index-helpers";

const FILES = { "src/a.ts": "/** Alpha helper. */\nexport function alphaHelper(): number {\n  return 1;\n}\n", "src/b.ts": "export const beta = 2;\n" };

function run(cwd: string, argv: string[], env: Record<string, string> = {}) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [builtBin, ...argv], { cwd, encoding: "utf8", env: { ...process.env, ...env } });
  return { code: result.status, out: result.stdout, err: result.stderr, ms: Date.now() - started };
}

// The real binary: the deadline, the watchdog and exit codes are process-level behaviour.
describe("tsift search through the built binary", () => {
  it("stops a search at --timeout on a fresh root and says reindexing will not help", () => {
    const root = project(FILES);
    expect(run(root, ["index"]).code).toBe(0);
    const result = run(root, ["search", "alpha helper", "--timeout", "1"], { TSIFT_TEST_SEARCH_SLEEP_MS: "20000" });
    expect(result.code).toBe(10);
    expect(result.ms).toBeLessThan(4000);
    expect(result.err).toContain("timed out after 1s (strategy: lexical)");
    expect(result.err).toContain("The search root looks fresh, so reindexing is unlikely to help");
    expect(result.err).toContain("--timeout 0");
  });

  it("kills a search stuck in a native call past the deadline, with the hard-stop message", () => {
    const root = project(FILES);
    expect(run(root, ["index"]).code).toBe(0);
    const result = run(root, ["search", "alpha helper", "--timeout", "1"], { TSIFT_TEST_SEARCH_BLOCK_MS: "15000" });
    expect(result.code).toBeNull();
    // The watchdog fires WATCHDOG_GRACE_MS after the deadline and holds no pipe of ours afterwards.
    expect(result.ms).toBeLessThan(10_000);
    expect(result.err).toContain("tsift search timed out after 1s (strategy: lexical) inside a native call; the process was stopped");
  });

  it("tells to rebuild when the index went stale while the search ran", async () => {
    const root = project(FILES);
    expect(run(root, ["index"]).code).toBe(0);
    const child = spawn(process.execPath, [builtBin, "search", "alpha helper", "--timeout", "2"], {
      cwd: root,
      env: { ...process.env, TSIFT_TEST_SEARCH_SLEEP_MS: "20000" },
    });
    let err = "";
    child.stderr.on("data", (chunk: Buffer) => void (err += chunk.toString()));
    await new Promise((resolve) => setTimeout(resolve, 700));
    write(root, { "src/b.ts": "export const beta = 3;\n" });
    bumpMtime(join(root, "src/b.ts"));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(10);
    expect(err).toContain("timed out after 2s");
    expect(err).toContain("index is stale (1 file)");
    expect(err).toContain("Run `tsift index .`");
    expect(err).not.toContain("looks fresh");
  });

  it("--timeout 0 lets a slow search finish", () => {
    const root = project(FILES);
    const result = run(root, ["search", "alpha helper", "--timeout", "0", "--json"], { TSIFT_TEST_SEARCH_SLEEP_MS: "1500" });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out).symbols[0].name).toBe("alphaHelper");
  });

  it("--no-autoindex exits 4 naming the command to run; exact search needs no index", () => {
    const root = project(FILES);
    const result = run(root, ["search", "alpha helper", "--no-autoindex"]);
    expect(result.code).toBe(4);
    expect(result.err).toContain("Run `tsift index .`");
    const exact = run(root, ["search", "alphaHelper", "--no-autoindex", "--json"], { TSIFT_EXACT_BACKEND: "scan" });
    expect(exact.code).toBe(0);
    expect(JSON.parse(exact.out)).toMatchObject({ strategy: "exact", backend: "scan", hits: [expect.objectContaining({ path: "src/a.ts", line: 2 })] });
  });
});
