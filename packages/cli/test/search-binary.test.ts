import { spawn, spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtBin } from "./helpers";
import { bumpMtime, project, write } from "./index-helpers";

const FILES = { "src/a.ts": "/** Alpha helper. */\nexport function alphaHelper(): number {\n  return 1;\n}\n", "src/b.ts": "export const beta = 2;\n" };

function run(cwd: string, argv: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [builtBin, ...argv], { cwd, encoding: "utf8", env: { ...process.env, ...env } });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** Pids of live processes whose command line contains `needle` (from /proc). */
function processesWith(needle: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(needle)) pids.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}

// The real binary: the deadline, the watchdog and exit codes are process-level behaviour.
describe("tsift search through the built binary", () => {
  it("stops a search at --timeout on a fresh root and says reindexing will not help", () => {
    const root = project(FILES);
    expect(run(root, ["index"]).code).toBe(0);
    const result = run(root, ["search", "alpha helper", "--timeout", "1"], { TSIFT_TEST_SEARCH_SLEEP_MS: "20000" });
    // Exit 10 and the message are the deadline's: the 20 s busy search would otherwise end with 0.
    expect(result.code).toBe(10);
    expect(result.err).toContain("timed out after 1s (strategy: hybrid)");
    expect(result.err).toContain("The search root looks fresh, so reindexing is unlikely to help");
    expect(result.err).toContain("--timeout 0");
  });

  it("kills a search stuck in a native call past the deadline, with the hard-stop message", () => {
    const root = project(FILES);
    expect(run(root, ["index"]).code).toBe(0);
    // The native call is a child process sleeping BLOCK ms; the odd value finds it in /proc.
    const block = "600017";
    const result = run(root, ["search", "alpha helper", "--timeout", "1"], { TSIFT_TEST_SEARCH_BLOCK_MS: block });
    // The watchdog stopped the process (a signal, no exit code) and holds no pipe of ours
    // afterwards: spawnSync returned while the native call it was stuck in still runs.
    const stuck = processesWith(`setTimeout(() => {}, ${block})`);
    for (const pid of stuck) process.kill(pid, "SIGKILL");
    expect(result.code).toBeNull();
    expect(stuck).toHaveLength(1);
    expect(result.err).toContain("tsift search timed out after 1s (strategy: hybrid) inside a native call; the process was stopped");
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
    // Edit b.ts over and over until the search ends: however late a loaded machine starts the
    // search (and its autoindex takes in an early edit), a later edit lands while it runs.
    let edits = 0;
    const editing = setInterval(() => {
      edits++;
      write(root, { "src/b.ts": `export const beta = ${edits + 2};\n` });
      bumpMtime(join(root, "src/b.ts"), 5 + edits);
    }, 100);
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve)).finally(() => clearInterval(editing));
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
