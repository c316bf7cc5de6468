import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { spawn, spawnSync } from "node:child_process";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { VERSION } from "../src/version";
import { builtBin, repoRoot } from "./helpers";
import { tsift, write } from "./index-helpers";

/**
 * The daemon's directory under a runtime directory others can write to. Everything is
 * real: sockets other tests plant listen in this process and count who connects, "another
 * user" is uid 65534 by ownership (the suite runs as root), and the client is the built CLI
 * (its ES module entry and the CommonJS entry `npx tsift` runs).
 */
const OTHER = 65534;
const asRoot = process.getuid?.() === 0;
const CLIENT_ENTRIES = [builtBin, join(repoRoot, "packages", "cli", "dist", "bin-client.cjs")];

interface Sandbox {
  root: string;
  /** XDG_RUNTIME_DIR: created 1777, like /tmp. */
  shared: string;
  home: string;
  outside: string;
  env: NodeJS.ProcessEnv;
}

const sandboxes: Sandbox[] = [];
const servers: Server[] = [];
/** Every daemon a test started: a failed test's is stopped by its pid, wherever it lives. */
const daemons: number[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((closed) => server.close(closed))));
  for (const pid of daemons.splice(0)) {
    try {
      process.kill(pid);
    } catch {
      // Already gone.
    }
  }
  for (const box of sandboxes.splice(0)) rmSync(box.root, { recursive: true, force: true });
});

/** A shared runtime directory, a private HOME and temp dir (the fallbacks), and a directory outside all of them. */
function sandbox(): Sandbox {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-shared-")));
  const shared = join(root, "shared");
  const home = join(root, "home");
  const temp = join(root, "tmp");
  const outside = join(root, "outside");
  for (const dir of [shared, home, temp, outside]) mkdirSync(dir, { mode: 0o700 });
  chmodSync(shared, 0o1777);
  writeFileSync(join(outside, "victim"), "victim\n");
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_RUNTIME_DIR: shared, HOME: home, TMPDIR: temp };
  delete env.TSIFT_NO_DAEMON;
  delete env.XDG_CACHE_HOME;
  const box = { root, shared, home, outside, env };
  sandboxes.push(box);
  return box;
}

/** A listening Unix socket that answers like a daemon would and counts its connections. */
async function plantListener(path: string): Promise<{ connections: () => number }> {
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    socket.on("error", () => {});
    socket.once("data", () => socket.end(`${JSON.stringify({ version: VERSION, stdout: "planted answer\n", stderr: "", code: 0 })}\n`));
  });
  servers.push(server);
  await new Promise<void>((listening) => server.listen(path, () => listening()));
  return { connections: () => connections };
}

/** A daemon-ish command, run to completion (blocking: nothing in this process needs to answer it). */
function run(box: Sandbox, argv: string[], cwd = box.root) {
  const result = spawnSync(process.execPath, [builtBin, ...argv], { cwd, env: box.env, encoding: "utf8" });
  const started = /^started \(pid (\d+)\)/.exec(result.stdout ?? "");
  if (started) daemons.push(Number(started[1]));
  return { code: result.status, out: result.stdout, err: result.stderr };
}

function daemonStatus(box: Sandbox): { running: boolean; socket: string; requests?: number } {
  return JSON.parse(run(box, ["daemon", "status", "--json"]).out) as { running: boolean; socket: string; requests?: number };
}

/** A client run that leaves this process free to accept on a planted socket. */
function runAsync(entry: string, cwd: string, argv: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry, ...argv], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
    child.once("close", (code) => resolve({ code, out, err }));
  });
}

/** Every file under `dir` with its content (links as `-> target`): compared before and after. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    const stats = lstatSync(path);
    files[name] = stats.isSymbolicLink()
      ? "-> link"
      : stats.isFile()
        ? readFileSync(path, "utf8")
        : `${stats.isSocket() ? "socket" : "dir"} ${stats.uid} ${(stats.mode & 0o7777).toString(8)}`;
  }
  return files;
}

let project: string | undefined;
afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});
async function indexedProject(): Promise<string> {
  if (project) return project;
  const root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-shared-project-")));
  spawnSync("git", ["init", "-q"], { cwd: root });
  write(root, {
    "src/store.ts": "export class Store {\n  get(key: string) { return key; }\n}\nexport function getStore() { return new Store(); }\n",
    "src/main.ts": "import { getStore } from './store';\nexport function main() { return getStore().get('k'); }\n",
  });
  await tsift(root, ["index", "-q"]);
  project = root;
  return root;
}

const READ = ["explain", "getStore"];
async function inProcessAnswer(box: Sandbox) {
  const answer = await runAsync(builtBin, await indexedProject(), READ, { ...box.env, TSIFT_NO_DAEMON: "1" });
  expect(answer.code, answer.err).toBe(0);
  return answer;
}

/** Each place a planted socket must not be asked from: makes the place, returns the socket's path and whether another user owns the socket. */
const PLANTS: [string, (box: Sandbox) => string, boolean][] = [
  [
    "another user's tsift/ in a shared runtime directory",
    (box) => {
      const dir = join(box.shared, "tsift");
      mkdirSync(dir, { mode: 0o755 });
      chownSync(dir, OTHER, OTHER);
      return join(dir, "daemon.sock");
    },
    true,
  ],
  [
    "a tsift/ of ours that others can write to (0777)",
    (box) => {
      const dir = join(box.shared, "tsift");
      mkdirSync(dir);
      chmodSync(dir, 0o777);
      return join(dir, "daemon.sock");
    },
    false,
  ],
  [
    "a private tsift/ of ours when another user owns the socket",
    (box) => {
      mkdirSync(join(box.shared, "tsift"), { mode: 0o700 });
      return join(box.shared, "tsift", "daemon.sock");
    },
    true,
  ],
];

describe.skipIf(!asRoot)("tsift daemon in a shared runtime directory", () => {
  it.each(PLANTS)("never asks a socket in %s: the command runs in-process", async (_where, plant, othersSocket) => {
    const box = sandbox();
    const socket = plant(box);
    const listener = await plantListener(socket);
    if (othersSocket) chownSync(socket, OTHER, OTHER);
    const expected = await inProcessAnswer(box);
    for (const entry of CLIENT_ENTRIES) {
      expect(await runAsync(entry, await indexedProject(), READ, box.env)).toEqual(expected);
    }
    expect(listener.connections()).toBe(0);
  });

  it("never asks a socket through a link in a private tsift/", async () => {
    const box = sandbox();
    mkdirSync(join(box.shared, "tsift"), { mode: 0o700 });
    const listener = await plantListener(join(box.outside, "elsewhere.sock"));
    symlinkSync(join(box.outside, "elsewhere.sock"), join(box.shared, "tsift", "daemon.sock"));
    const expected = await inProcessAnswer(box);
    for (const entry of CLIENT_ENTRIES) {
      expect(await runAsync(entry, await indexedProject(), READ, box.env)).toEqual(expected);
    }
    expect(listener.connections()).toBe(0);
  });

  it("starts in a private fallback beside another user's tsift/, touching nothing of it nor through its links", async () => {
    const box = sandbox();
    const planted = join(box.shared, "tsift");
    mkdirSync(planted, { mode: 0o755 });
    const listener = await plantListener(join(planted, "daemon.sock"));
    // daemon.log to a file that does not exist yet, daemon.pid to one that does: either written through shows outside.
    symlinkSync(join(box.outside, "appended.log"), join(planted, "daemon.log"));
    symlinkSync(join(box.outside, "victim"), join(planted, "daemon.pid"));
    for (const path of [planted, join(planted, "daemon.sock")]) chownSync(path, OTHER, OTHER);
    for (const link of ["daemon.log", "daemon.pid"]) spawnSync("chown", ["-h", `${OTHER}:${OTHER}`, join(planted, link)]);
    const plantedBefore = snapshot(planted);
    const outsideBefore = snapshot(box.outside);
    const expected = await inProcessAnswer(box);

    const start = run(box, ["daemon", "start", "--idle", "120"]);
    expect(start.code, start.err).toBe(0);
    const fallback = join(box.home, ".cache", "tsift-daemon");
    expect(start.out).toMatch(new RegExp(`^started \\(pid \\d+\\)\\nsocket: ${fallback}/daemon\\.sock\\n$`));
    expect((lstatSync(fallback).mode & 0o777).toString(8)).toBe("700");
    // The daemon in the fallback answers (its request count says so), the planted socket is never asked.
    expect(await runAsync(builtBin, await indexedProject(), READ, box.env)).toEqual(expected);
    expect(daemonStatus(box)).toMatchObject({ running: true, socket: join(fallback, "daemon.sock"), requests: 1 });
    expect(run(box, ["daemon", "stop"]).code).toBe(0);
    expect(listener.connections()).toBe(0);
    expect(snapshot(planted)).toEqual(plantedBefore);
    expect(snapshot(box.outside)).toEqual(outsideBefore);
  });

  it("leaves a tsift/ of ours that others can write to alone, and starts in the fallback", async () => {
    const box = sandbox();
    const open = join(box.shared, "tsift");
    mkdirSync(open);
    chmodSync(open, 0o777);
    const start = run(box, ["daemon", "start", "--idle", "120"]);
    expect(start.code, start.err).toBe(0);
    expect(start.out).toContain(`socket: ${join(box.home, ".cache", "tsift-daemon", "daemon.sock")}\n`);
    expect(run(box, ["daemon", "stop"]).code).toBe(0);
    expect(readdirSync(open)).toEqual([]);
    expect((lstatSync(open).mode & 0o777).toString(8)).toBe("777");
  });

  it.each(["daemon.log", "daemon.pid"])("refuses to start through a %s link in its own directory", (name) => {
    const box = sandbox();
    const dir = join(box.shared, "tsift");
    mkdirSync(dir, { mode: 0o700 });
    const link = join(dir, name);
    symlinkSync(join(box.outside, "victim"), link);
    const start = run(box, ["daemon", "start", "--idle", "120"]);
    expect(start).toEqual({
      code: 2,
      out: "",
      err: `tsift: error[invalid_input]: refusing to write ${link}: it is a symbolic link to ${join(box.outside, "victim")}, and the daemon never writes through links (next: remove ${link})\n`,
    });
    expect(readFileSync(join(box.outside, "victim"), "utf8")).toBe("victim\n");
    expect(daemonStatus(box).running).toBe(false);
  });

  it("with no private directory at all, start says why in one line and commands run in-process", async () => {
    const box = sandbox();
    const first = join(box.shared, "tsift");
    mkdirSync(first, { mode: 0o700 });
    chownSync(first, OTHER, OTHER);
    const second = join(box.home, ".cache", "tsift-daemon");
    mkdirSync(join(box.home, ".cache"));
    symlinkSync(box.outside, second);
    const third = join(box.root, "tmp", `tsift-${process.getuid?.()}`);
    mkdirSync(third, { mode: 0o755 });
    chmodSync(third, 0o755);
    const start = run(box, ["daemon", "start"]);
    expect(start.code).toBe(2);
    expect(start.out).toBe("");
    expect(start.err).toBe(
      `tsift: error[invalid_input]: no private directory for the daemon: ${first} belongs to uid ${OTHER}, not to you (uid 0); ${second} is a symbolic link; ${third} is open to group or others (mode 0755) (next: point XDG_RUNTIME_DIR at a directory of your own (mode 0700), or run without the daemon)\n`,
    );
    expect(readdirSync(box.outside)).toEqual(["victim"]);
    expect(existsSync(join(third, "daemon.sock"))).toBe(false);
    expect(await runAsync(builtBin, await indexedProject(), READ, box.env)).toEqual(await inProcessAnswer(box));
  });
});
