import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isTsiftError } from "@tsift/core";
import { acquireWriterLock, probeWriterLock } from "../src/index";
import { UNVERIFIED_LOCK_MAX_AGE_MS } from "../src/internal/lock-holder";
import { bundleForChild } from "./helpers/bundle-for-child";
import { spawnNode, type HeldChild } from "./helpers/child-process";

// Stale locks that a pid check alone gets wrong, and locks released by signals: real lock
// files, real processes (a `sleep` standing in for whatever reused the pid).

const root = mkdtempSync(join(tmpdir(), "tsift-sqlite-stale-lock-"));
let bundle: { url: string; dir: string };
let counter = 0;
const others: ChildProcess[] = [];
let children: HeldChild[] = [];
const linux = process.platform === "linux";

beforeAll(() => {
  bundle = bundleForChild("src/writer-lock.ts");
});
afterEach(async () => {
  for (const child of others.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await Promise.all(children.map((child) => child.kill()));
  children = [];
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(bundle.dir, { recursive: true, force: true });
});

function freshLockPath(): string {
  const path = join(root, `case-${++counter}`, ".tsift", "index.lock");
  mkdirSync(dirname(path), { recursive: true });
  return path;
}

function backdate(path: string, ms: number): void {
  const when = new Date(Date.now() - ms);
  utimesSync(path, when, when);
}

/** `sleep 30`: alive, and certainly not a tsift writer. */
function sleeper(): number {
  const child = spawn("sleep", ["30"], { stdio: "ignore" });
  others.push(child);
  return child.pid!;
}

/** /proc/<pid>/stat field 22 and /proc/stat btime, read independently of the code under test. */
function startOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const ticks = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  const boot = /^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"))![1];
  return `${boot}:${ticks}`;
}

function lockHeld(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (isTsiftError(error, "lock_held")) return error;
    throw error;
  }
  throw new Error("expected lock_held");
}

describe("writer locks record who holds them", () => {
  it("writes pid, time and what first (the old format), then host and, on Linux, the process start", () => {
    const lockPath = freshLockPath();
    const lock = acquireWriterLock(lockPath, { what: "index" });
    const lines = readFileSync(lockPath, "utf8").split("\n");
    expect(lines.slice(0, 4)).toEqual([String(process.pid), lock.acquiredAt, "index", `host=${hostname()}`]);
    if (linux) expect(lines[4]).toBe(`start=${startOf(process.pid)}`);
    lock.release();
  });
});

describe("stale writer locks are taken over, with a warning", () => {
  it.skipIf(!linux)("a live pid that started at another time than recorded (pid reuse) is stale", () => {
    const lockPath = freshLockPath();
    const pid = sleeper();
    const [boot, ticks] = startOf(pid).split(":");
    writeFileSync(lockPath, `${pid}\n${new Date().toISOString()}\nindex\nhost=${hostname()}\nstart=${boot}:${Number(ticks) - 500}\n`);
    expect(probeWriterLock(lockPath)).toMatchObject({
      state: "stale",
      pid,
      reason: "pid_reused",
      description: `stale: pid ${pid} now belongs to another process, started after the lock was taken`,
    });
    const lock = acquireWriterLock(lockPath, { what: "index" });
    expect(lock).toMatchObject({
      recoveredStale: true,
      stalePid: pid,
      warning: `took over the stale index lock ${lockPath} (pid ${pid} now belongs to another process, started after the lock was taken)`,
    });
    expect(readFileSync(lockPath, "utf8").split("\n")[0]).toBe(String(process.pid));
    lock.release();
  });

  it.skipIf(!linux)("the same pid with its recorded start time is a live holder", () => {
    const lockPath = freshLockPath();
    const pid = sleeper();
    writeFileSync(lockPath, `${pid}\n${new Date().toISOString()}\nindex\nhost=${hostname()}\nstart=${startOf(pid)}\n`);
    expect(probeWriterLock(lockPath)).toMatchObject({ state: "live", pid, reason: "running" });
    expect(lockHeld(() => acquireWriterLock(lockPath, { what: "index" })).details).toMatchObject({ pid });
  });

  it("an old-format lock of a live pid is trusted while young and stale once older than the stated maximum", () => {
    const lockPath = freshLockPath();
    const pid = sleeper();
    writeFileSync(lockPath, `${pid}\n${new Date().toISOString()}\nindex\n`);
    expect(probeWriterLock(lockPath)).toMatchObject({ state: "live", reason: "unverified", pid });
    expect(lockHeld(() => acquireWriterLock(lockPath, { what: "index" })).details).toMatchObject({ pid });
    const old = new Date(Date.now() - UNVERIFIED_LOCK_MAX_AGE_MS - 60_000).toISOString();
    writeFileSync(lockPath, `${pid}\n${old}\nindex\n`);
    expect(probeWriterLock(lockPath)).toMatchObject({
      state: "stale",
      reason: "expired",
      description: expect.stringMatching(/^stale: pid \d+ has held it for 61 min/),
    });
    const lock = acquireWriterLock(lockPath, { what: "index" });
    expect(lock.recoveredStale).toBe(true);
    lock.release();
  });

  it("an empty lock file two hours old is stale, not being created", () => {
    const lockPath = freshLockPath();
    writeFileSync(lockPath, "");
    backdate(lockPath, 2 * 3600_000);
    expect(probeWriterLock(lockPath)).toMatchObject({ state: "stale", reason: "empty", description: "stale: empty lock file, 2 h old" });
    const lock = acquireWriterLock(lockPath, { what: "graph" });
    expect(lock.warning).toBe(`took over the stale graph lock ${lockPath} (empty lock file, 2 h old)`);
    lock.release();
  });

  it("a garbage lock file is stale after a few seconds, and being created before", () => {
    const lockPath = freshLockPath();
    writeFileSync(lockPath, "\u0000\u0007not a pid\n");
    expect(probeWriterLock(lockPath)).toMatchObject({ state: "unknown", reason: "creating" });
    expect(lockHeld(() => acquireWriterLock(lockPath, { what: "index" })).details).toMatchObject({ pid: null });
    backdate(lockPath, 10_000);
    expect(probeWriterLock(lockPath)).toMatchObject({ state: "stale", reason: "garbage", description: "stale: unreadable lock file, 10 s old" });
    const lock = acquireWriterLock(lockPath, { what: "index" });
    expect(lock.warning).toBe(`took over the stale index lock ${lockPath} (unreadable lock file, 10 s old)`);
    lock.release();
  });

  it("a lock from another host is trusted while young and stale once older than the stated maximum", () => {
    const lockPath = freshLockPath();
    writeFileSync(lockPath, `${process.pid}\n${new Date().toISOString()}\nindex\nhost=elsewhere.example\n`);
    expect(probeWriterLock(lockPath)).toMatchObject({ state: "live", reason: "other_host", host: "elsewhere.example" });
    expect(lockHeld(() => acquireWriterLock(lockPath, { what: "index" })).details).toMatchObject({ pid: process.pid });
    writeFileSync(lockPath, `999999\n${new Date(Date.now() - 3 * 3600_000).toISOString()}\nindex\nhost=elsewhere.example\n`);
    expect(probeWriterLock(lockPath)).toMatchObject({
      state: "stale",
      reason: "other_host",
      description: "stale: taken by pid 999999 on host elsewhere.example 3 h ago",
    });
    acquireWriterLock(lockPath, { what: "index" }).release();
  });
});

describe("signals release a held lock", () => {
  async function holder(lockPath: string, extra = ""): Promise<HeldChild> {
    const child = await spawnNode(
      `import { acquireWriterLock } from ${JSON.stringify(bundle.url)};
       const lock = acquireWriterLock(${JSON.stringify(lockPath)}, { what: "index" });
       ${extra}
       console.log("ready");
       setInterval(() => {}, 1000);`,
      { module: true },
    );
    children.push(child);
    return child;
  }

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`${signal} removes the lock file and still ends the process by that signal`, async () => {
      const lockPath = freshLockPath();
      const child = await holder(lockPath);
      expect(probeWriterLock(lockPath)).toMatchObject({ state: "live", pid: child.pid });
      const ended = new Promise<NodeJS.Signals | null>((resolve) => child.child.once("exit", (_code, by) => resolve(by)));
      child.child.kill(signal);
      expect(await ended).toBe(signal);
      expect(existsSync(lockPath)).toBe(false);
    });
  }

  it("leaves the lock to a program that handles SIGINT itself", async () => {
    const lockPath = freshLockPath();
    const child = await holder(lockPath, `process.on("SIGINT", () => console.log("handled"));`);
    child.child.kill("SIGINT");
    while (!child.output.includes("handled") && child.child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(child.output).toContain("handled");
    expect(probeWriterLock(lockPath)).toMatchObject({ state: "live", pid: child.pid });
  });
});
