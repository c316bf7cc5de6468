import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { isTsiftError } from "@tsift/core";
import { acquireWriterLock, probeWriterLock } from "../src/index";
import { bundleForChild } from "./helpers/bundle-for-child";
import { spawnNode, type HeldChild } from "./helpers/child-process";

const root = mkdtempSync(join(tmpdir(), "tsift-sqlite-writer-lock-"));
let bundle: { url: string; dir: string };
let children: HeldChild[] = [];
let counter = 0;

beforeAll(() => {
  bundle = bundleForChild("src/writer-lock.ts");
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(bundle.dir, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(children.map((child) => child.kill()));
  children = [];
});

function freshLockPath(): string {
  return join(root, `case-${++counter}`, ".tsift", "index.lock");
}

/** A pid that certainly belonged to a process and certainly no longer runs. */
/** The pid of a process that has exited; retried because a busy machine can fail a spawn. */
function deadPid(): number {
  let failure: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const result = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    const pid = Number(result.stdout?.trim());
    if (Number.isSafeInteger(pid) && pid > 0) return pid;
    failure = result.error ?? result.stderr;
  }
  throw new Error(`could not spawn a short-lived child: ${String(failure)}`);
}

/** A child running the real acquireWriterLock; prints `ready` once it holds the lock. */
async function childHolding(lockPath: string): Promise<HeldChild> {
  const child = await spawnNode(
    `import { acquireWriterLock } from ${JSON.stringify(bundle.url)};
     const lock = acquireWriterLock(${JSON.stringify(lockPath)}, { what: "index" });
     process.on("SIGTERM", () => { lock.release(); process.exit(0); });
     console.log("ready");
     setInterval(() => {}, 1000);`,
    { module: true },
  );
  children.push(child);
  return child;
}

function lockError(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (isTsiftError(error)) return error;
    throw error;
  }
  throw new Error("expected a lock_held error");
}

describe("acquireWriterLock", () => {
  it("creates the lock (and its directory) with pid and timestamp, and release removes it", () => {
    const lockPath = freshLockPath();
    const lock = acquireWriterLock(lockPath, { what: "index" });
    expect(lock).toMatchObject({ lockPath, pid: process.pid, recoveredStale: false, stalePid: null });
    const [pid, acquiredAt, what] = readFileSync(lockPath, "utf8").split("\n");
    expect(Number(pid)).toBe(process.pid);
    expect(new Date(acquiredAt!).toISOString()).toBe(lock.acquiredAt);
    expect(what).toBe("index");
    expect(probeWriterLock(lockPath)).toEqual({
      state: "live",
      lockPath,
      pid: process.pid,
      acquiredAt: lock.acquiredAt,
      what: "index",
      host: hostname(),
      reason: "running",
      ageMs: expect.any(Number),
      description: `held by live tsift pid ${process.pid} since ${lock.acquiredAt}`,
    });

    lock.release();
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
    expect(probeWriterLock(lockPath)).toEqual({ state: "absent", lockPath });
  });

  it("is not re-entrant: a second acquire in the same process is lock_held", () => {
    const lockPath = freshLockPath();
    const lock = acquireWriterLock(lockPath, { what: "graph-db" });
    const error = lockError(() => acquireWriterLock(lockPath, { what: "graph-db" }));
    expect(error.code).toBe("lock_held");
    expect(error.details).toMatchObject({ pid: process.pid, lockPath });
    lock.release();
    acquireWriterLock(lockPath, { what: "graph-db" }).release();
  });

  it("fails with lock_held naming the holder while another process holds the lock, then takes it over once that process died", async () => {
    const lockPath = freshLockPath();
    const holder = await childHolding(lockPath);
    expect(probeWriterLock(lockPath)).toMatchObject({ state: "live", pid: holder.pid, what: "index" });

    const error = lockError(() => acquireWriterLock(lockPath, { what: "index" }));
    expect(error.code).toBe("lock_held");
    expect(error.details).toEqual({ pid: holder.pid, lockPath, what: "index" });
    expect(error.message).toContain(`pid ${holder.pid}`);
    expect(error.message).toContain(lockPath);

    // SIGKILL: the holder gets no chance to release, like a crash.
    await holder.kill("SIGKILL");
    expect(probeWriterLock(lockPath)).toMatchObject({ state: "stale", pid: holder.pid });

    const lock = acquireWriterLock(lockPath, { what: "index" });
    expect(lock).toMatchObject({ recoveredStale: true, stalePid: holder.pid, pid: process.pid });
    expect(readFileSync(lockPath, "utf8").split("\n")[0]).toBe(String(process.pid));
    expect(existsSync(`${lockPath}.takeover`)).toBe(false);
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it("lets a holder that releases on exit hand the lock over cleanly", async () => {
    const lockPath = freshLockPath();
    const holder = await childHolding(lockPath);
    await holder.kill("SIGTERM");
    expect(probeWriterLock(lockPath).state).toBe("absent");
    const lock = acquireWriterLock(lockPath, { what: "index" });
    expect(lock.recoveredStale).toBe(false);
    lock.release();
  });

  it("takes over a lock whose recorded pid no longer runs", () => {
    const lockPath = freshLockPath();
    const pid = deadPid();
    acquireWriterLock(lockPath, { what: "index" }).release();
    writeFileSync(lockPath, `${pid}\n2020-01-01T00:00:00.000Z\n`);
    expect(probeWriterLock(lockPath)).toEqual({
      state: "stale",
      lockPath,
      pid,
      acquiredAt: "2020-01-01T00:00:00.000Z",
      reason: "dead",
      ageMs: expect.any(Number),
      description: `stale: pid ${pid} is gone`,
    });
    const lock = acquireWriterLock(lockPath, { what: "index" });
    expect(lock).toMatchObject({ recoveredStale: true, stalePid: pid, warning: `took over the stale index lock ${lockPath} (pid ${pid} is gone)` });
    lock.release();
  });

  it("treats a young lock without a pid as held (its creator is still writing it) and an old one as stale", () => {
    const lockPath = freshLockPath();
    acquireWriterLock(lockPath, { what: "index" }).release();
    writeFileSync(lockPath, "");
    expect(probeWriterLock(lockPath)).toMatchObject({
      state: "unknown",
      lockPath,
      reason: "creating",
      description: expect.stringMatching(/^being created \(empty file, /),
    });
    expect(probeWriterLock(lockPath).pid).toBeUndefined();
    expect(lockError(() => acquireWriterLock(lockPath, { what: "index" }))).toMatchObject({ code: "lock_held", details: { pid: null, lockPath } });

    const old = new Date(Date.now() - 60_000);
    utimesSync(lockPath, old, old);
    const lock = acquireWriterLock(lockPath, { what: "index" });
    expect(lock).toMatchObject({ recoveredStale: true, stalePid: null });
    lock.release();
  });

  it("never deletes a lock that another holder owns now", () => {
    const lockPath = freshLockPath();
    const lock = acquireWriterLock(lockPath, { what: "index" });
    // Someone removed our file by hand and a new writer took the lock.
    writeFileSync(lockPath, `${process.ppid}\n${new Date().toISOString()}\nindex\n`);
    lock.release();
    expect(probeWriterLock(lockPath)).toMatchObject({ state: "live", pid: process.ppid });
  });

  it("lets exactly one of several processes racing for a stale lock take it over", async () => {
    // Many rounds, each a fresh stale lock, so the racers genuinely collide on some of them.
    const rounds = Array.from({ length: 150 }, () => freshLockPath());
    const stale = `${deadPid()}\n2020-01-01T00:00:00.000Z\nindex\n`;
    for (const lockPath of rounds) {
      acquireWriterLock(lockPath, { what: "index" }).release();
      writeFileSync(lockPath, stale);
    }
    // Every racer is up and spinning before any starts: they wait for this file, not a clock.
    const go = join(dirname(rounds[0]!), "go");
    const racers = await Promise.all(
      Array.from({ length: 6 }, () =>
        spawnNode(
          `import { acquireWriterLock } from ${JSON.stringify(bundle.url)};
           const rounds = ${JSON.stringify(rounds)};
           import { existsSync } from "node:fs";
           console.log("ready");
           while (!existsSync(${JSON.stringify(go)})) {}
           const outcomes = rounds.map((lockPath) => {
             try {
               return acquireWriterLock(lockPath, { what: "index" }).recoveredStale ? "recovered" : "fresh";
             } catch (error) {
               return error.code;
             }
           });
           console.log(JSON.stringify(outcomes));
           setInterval(() => {}, 1000);`,
          { module: true },
        ),
      ),
    );
    children.push(...racers);
    writeFileSync(go, "");
    while (racers.some((racer) => racer.output.length === 0)) await new Promise((resolve) => setTimeout(resolve, 50));
    const outcomes = racers.map((racer) => JSON.parse(racer.output[0]!) as string[]);
    // A racer may also win "fresh": it created the lock in the instant between another
    // racer's takeover unlink and re-create, which then loses. Either way: one holder.
    const won = (outcome: string | undefined) => outcome === "recovered" || outcome === "fresh";
    rounds.forEach((lockPath, round) => {
      const winners = racers.filter((_, i) => won(outcomes[i]![round]));
      expect(
        winners.map((racer) => racer.pid),
        `round ${round}`,
      ).toHaveLength(1);
      expect(outcomes.every((own) => won(own[round]) || own[round] === "lock_held")).toBe(true);
      expect(probeWriterLock(lockPath)).toMatchObject({ state: "live", pid: winners[0]!.pid });
    });
  });
});
