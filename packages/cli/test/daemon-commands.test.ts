import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, watch, writeFileSync } from "node:fs";
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { builtBin, repoRoot } from "./helpers";
import { spawnBuilt, tsift, tsiftAsBinary, write } from "./index-helpers";

/** What `npx tsift` runs: the CommonJS entry, which asks the daemon before loading the CLI's ES modules. */
function spawnPublished(cwd: string, argv: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(process.execPath, [join(repoRoot, "bin", "tsift.js"), ...argv], { cwd, env, encoding: "utf8" });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const SOURCES = {
  "src/store.ts": "export class Store {\n  get(key: string) { return key; }\n}\nexport function getStore() { return new Store(); }\n",
  "src/main.ts": "import { getStore } from './store';\nexport function main() { return getStore().get('k'); }\n",
  "test/main.test.ts": "import { main } from '../src/main';\nexport function testMain() { return main(); }\n",
};

/** Every read command, in its output modes, plus a failing lookup and a usage error. */
const READ_LINES: string[][] = [
  ["symbols"],
  ["symbols", "getStore", "--json"],
  ["symbols", "get", "--tabular"],
  ["explain", "getStore"],
  ["explain", "noSuchThing"],
  ["graph", "getStore", "--callers"],
  ["graph", "main", "--callees", "--json"],
  ["path", "main", "Store.get"],
  ["communities"],
  ["analyze", "--json"],
  ["search", "store"],
  ["search", "getStore", "--envelope"],
  ["related", "src/main.ts:2"],
  ["source-read", "src/store.ts", "--start", "1", "--end", "3"],
  ["traverse", "getStore"],
  ["map", "--format", "json"],
  ["pack", "--budget", "512"],
  ["impact", "--json"],
  ["symbols", "--limit", "-1"],
];

const dirs: string[] = [];
const servers: ChildProcess[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) server.kill();
  for (const dir of dirs.splice(0)) {
    if (existsSync(join(dir, "tsift", "daemon.sock"))) spawnBuilt(dir, ["daemon", "stop"], { env: { ...process.env, XDG_RUNTIME_DIR: dir } });
    rmSync(dir, { recursive: true, force: true });
  }
});

/** An environment whose daemon lives in a fresh runtime dir of its own. */
function runtimeEnv(): NodeJS.ProcessEnv {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "tsift-daemon-")));
  dirs.push(dir);
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_RUNTIME_DIR: dir };
  delete env.TSIFT_NO_DAEMON;
  return env;
}

/** One indexed project for every test (indexed twice, so it has an incremental history); only the freshness test edits it, adding a file no other test reads. */
let shared: string | undefined;
afterAll(() => {
  if (shared) rmSync(shared, { recursive: true, force: true });
});
async function indexedProject(): Promise<string> {
  if (shared) return shared;
  // Not project(): its directories are removed after each test.
  const root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-daemon-project-")));
  execFileSync("git", ["init", "-q"], { cwd: root });
  write(root, SOURCES);
  await tsift(root, ["index", "-q"]);
  writeFileSync(join(root, "src", "main.ts"), `${SOURCES["src/main.ts"]}export const changed = 1;\n`);
  await tsift(root, ["index", "-q"]);
  shared = root;
  return root;
}

/** The built binary as a child process that does not block this one (spawnSync would hold the event loop). */
function spawnAsync(cwd: string, argv: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [builtBin, ...argv], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
    child.once("close", (code) => resolve({ code, out, err }));
  });
}

/** Runs every line, a few at a time, and returns the results in line order. */
async function eachLine<T>(lines: readonly string[][], run: (argv: string[]) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(lines.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 3 }, async () => {
      while (next < lines.length) {
        const at = next++;
        results[at] = await run(lines[at]!);
      }
    }),
  );
  return results;
}

/** The answer of the in-process path the fallback tests compare with: the shared project does not change between them. */
let fallbackExpected: ReturnType<typeof spawnBuilt> | undefined;

function processExited(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] === "Z";
  } catch {
    return true;
  }
}

const requests = (root: string, env: NodeJS.ProcessEnv) =>
  (JSON.parse(spawnBuilt(root, ["daemon", "status", "--json"], { env }).out) as { requests?: number }).requests;

describe("tsift daemon", () => {
  it("answers every read command exactly as the in-process path does", async () => {
    const root = await indexedProject();
    const env = runtimeEnv();
    const cold = { ...env, TSIFT_NO_DAEMON: "1" };
    // Caches a first run writes (rankings, graph.db) exist before the comparison: written by running each line here, in this process.
    for (const argv of READ_LINES) await tsift(root, argv);
    const start = spawnBuilt(root, ["daemon", "start", "--idle", "120"], { env });
    expect(start.code, start.err).toBe(0);
    expect(start.out).toMatch(/^started \(pid \d+\)\nsocket: .*daemon\.sock\n$/);
    // The binary's own route run here, with the client's environment: what a daemon-less process answers.
    const inProcess: { code: number | null; out: string; err: string }[] = [];
    for (const argv of READ_LINES) inProcess.push(await tsiftAsBinary(root, argv, cold));
    const viaDaemon = await eachLine(READ_LINES, (argv) => spawnAsync(root, argv, env));
    READ_LINES.forEach((argv, i) => expect({ argv, ...viaDaemon[i] }).toEqual({ argv, ...inProcess[i] }));
    // Every line was answered by the daemon, none fell back.
    expect(requests(root, env)).toBe(READ_LINES.length);
    // Commands that are not reads run in-process and leave the daemon's count alone.
    expect(spawnBuilt(root, ["status", "--json"], { env }).code).toBe(0);
    expect(requests(root, env)).toBe(READ_LINES.length);
    // The published bin asks the daemon once per read command and never twice for the others.
    const published = [
      ["symbols", "getStore", "--json"],
      ["explain", "getStore"],
      ["search", "store"],
      ["explain", "noSuchThing"],
    ];
    for (const argv of published) {
      const reference = inProcess[READ_LINES.findIndex((line) => line.join(" ") === argv.join(" "))];
      expect({ argv, ...spawnPublished(root, argv, env) }).toEqual({ argv, ...reference });
    }
    expect(spawnPublished(root, ["status", "--json"], env).code).toBe(0);
    expect(spawnPublished(root, ["--version"], env).out).toMatch(/^\d+\.\d+\.\d+/);
    expect(requests(root, env)).toBe(READ_LINES.length + published.length);
    const status = JSON.parse(spawnBuilt(root, ["daemon", "status", "--json"], { env }).out) as { projects: string[] };
    expect(status.projects).toEqual([root]);
  });

  it("keeps answers fresh: an edit is seen by the next read through the daemon", async () => {
    const root = await indexedProject();
    const env = runtimeEnv();
    expect(spawnBuilt(root, ["daemon", "start"], { env }).code).toBe(0);
    expect(spawnBuilt(root, ["symbols", "addedLater", "--json"], { env }).out).toContain('"total":0');
    writeFileSync(join(root, "src", "later.ts"), "export function addedLater() { return 1; }\n");
    let out = "";
    while (!out.includes('"total":1')) out = spawnBuilt(root, ["symbols", "addedLater", "--json"], { env }).out;
    expect(out).toContain('"total":1');
  });

  it("stops on request, and exits by itself when idle, removing its socket and pid file", async () => {
    const root = await indexedProject();
    const env = runtimeEnv();
    const tsiftDir = join(env.XDG_RUNTIME_DIR!, "tsift");
    expect(spawnBuilt(root, ["daemon", "start"], { env }).code).toBe(0);
    expect(spawnBuilt(root, ["daemon", "start"], { env }).out).toMatch(/^already running/);
    const pid = Number(/pid (\d+)/.exec(spawnBuilt(root, ["daemon", "status"], { env }).out)?.[1]);
    expect(spawnBuilt(root, ["daemon", "stop"], { env }).out).toBe(`stopped (pid ${pid})\n`);
    // Stop returned once the daemon's process had exited (a zombie init has not reaped yet has exited too).
    expect(processExited(pid)).toBe(true);
    expect(existsSync(join(tsiftDir, "daemon.sock"))).toBe(false);
    expect(spawnBuilt(root, ["daemon", "status"], { env }).out).toMatch(/^not running/);

    expect(spawnBuilt(root, ["daemon", "start", "--idle", "1"], { env }).code).toBe(0);
    // Waits for the daemon to remove its pid file (the last thing it does): an event, not a time window.
    await new Promise<void>((removed) => {
      const watcher = watch(tsiftDir, () => {
        if (existsSync(join(tsiftDir, "daemon.pid"))) return;
        watcher.close();
        removed();
      });
      if (!existsSync(join(tsiftDir, "daemon.pid"))) {
        watcher.close();
        removed();
      }
    });
    expect(existsSync(join(tsiftDir, "daemon.sock"))).toBe(false);
  });

  it.each([
    ["a stale socket nobody listens on", null],
    ["a wrong answer shape", '{"version":"0.1.0","stdout":5}\n'],
    ["another version", '{"version":"0.0.0-other","stdout":"x","stderr":"","code":0}\n'],
    ["no JSON", "garbage\n"],
  ])("falls back silently on %s", async (_what, answer) => {
    const root = await indexedProject();
    const env = runtimeEnv();
    const socket = join(env.XDG_RUNTIME_DIR!, "tsift", "daemon.sock");
    const { mkdirSync } = await import("node:fs");
    mkdirSync(join(env.XDG_RUNTIME_DIR!, "tsift"), { recursive: true, mode: 0o700 });
    if (answer === null) writeFileSync(socket, "");
    else {
      // In a process of its own: spawnSync below blocks this one's event loop.
      const script = `require("net").createServer((c) => c.end(${JSON.stringify(answer)})).listen(${JSON.stringify(socket)}, () => console.log("ready"))`;
      const server = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
      servers.push(server);
      await new Promise((resolve) => server.stdout.once("data", resolve));
    }
    fallbackExpected ??= spawnBuilt(root, ["explain", "getStore"], { env: { ...env, TSIFT_NO_DAEMON: "1" } });
    const expected = fallbackExpected;
    expect(spawnBuilt(root, ["explain", "getStore"], { env })).toEqual(expected);
    expect(spawnPublished(root, ["explain", "getStore"], env)).toEqual(expected);
  });
});
