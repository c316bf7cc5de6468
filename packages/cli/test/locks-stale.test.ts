import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { builtBin } from "./helpers";
import { project, spawnBuilt, tsift } from "./index-helpers";

// `tsift locks` and `tsift index` against real lock files: pid reuse, old empty or garbage
// files, and a real `tsift index` interrupted by SIGINT.

const TREE = { "src/main.rs": "fn main() {}\n" };
const linux = process.platform === "linux";
const others: ChildProcess[] = [];
afterEach(() => {
  for (const child of others.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** `sleep 30`: a live process that is certainly not a tsift writer. */
function sleeper(): number {
  const child = spawn("sleep", ["30"], { stdio: "ignore" });
  others.push(child);
  return child.pid!;
}

function startOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const ticks = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  const boot = /^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"))![1];
  return `${boot}:${ticks}`;
}

/** Sets the file's times `ms` in the past; returns when, for `expectAge`. */
function backdate(path: string, ms: number): number {
  const now = Date.now();
  const when = new Date(now - ms);
  utimesSync(path, when, when);
  return now;
}

/**
 * The age in seconds that `pattern`'s first group finds in `text`, for a lock backdated `ms`
 * at `since`: at least `ms`, at most `ms` plus the time that has passed since, however
 * loaded the machine (the command reads the clock when it runs).
 */
function expectAge(text: string, pattern: RegExp, ms: number, since: number): void {
  const match = pattern.exec(text);
  expect(match, text).not.toBeNull();
  const seconds = Number(match![1]);
  expect(seconds, text).toBeGreaterThanOrEqual(Math.floor(ms / 1000));
  expect(seconds, text).toBeLessThanOrEqual(Math.ceil((ms + Date.now() - since) / 1000));
}

describe("tsift locks words each state truthfully", () => {
  it("an empty lock file two hours old is stale, a fresh one is being created", async () => {
    const root = project(TREE);
    await tsift(root, ["index", "-q"]);
    const lockPath = join(root, ".tsift/index.lock");
    writeFileSync(lockPath, "");
    const young = await tsift(root, ["locks"]);
    expect(young.out).toMatch(/^index \.tsift\/index\.db: lock being created \(empty file, \d\.\d s old\);/);
    backdate(lockPath, 2 * 3600_000);
    const old = await tsift(root, ["locks"]);
    expect(old.out).toBe(
      "index .tsift/index.db: lock stale: empty lock file, 2 h old; no wal, no shm, no journal (mode wal)\n" +
        "next: `tsift index .` takes over the stale lock (empty lock file, 2 h old)\n",
    );
    expect((await tsift(root, ["locks", "--json"])).json().databases[0].lock).toMatchObject({ state: "stale", reason: "empty", pid: null });
  });

  it("a garbage lock file older than a few seconds is stale, and `tsift index` takes it over with a warning", async () => {
    const root = project(TREE);
    await tsift(root, ["index", "-q"]);
    const lockPath = join(root, ".tsift/index.lock");
    writeFileSync(lockPath, "not a pid at all\n");
    const since = backdate(lockPath, 30_000);
    expectAge((await tsift(root, ["locks"])).out, /: lock stale: unreadable lock file, (\d+) s old;/, 30_000, since);
    const indexed = await tsift(root, ["index"]);
    expect(indexed.code).toBe(0);
    expectAge(
      indexed.err,
      new RegExp(`warning: took over the stale index lock ${escapeRegExp(lockPath)} \\(unreadable lock file, (\\d+) s old\\)\n`),
      30_000,
      since,
    );
    expect(existsSync(lockPath)).toBe(false);
  });

  it.skipIf(!linux)("a live pid that is not the recorded process (pid reuse) is stale and taken over", async () => {
    const root = project(TREE);
    await tsift(root, ["index", "-q"]);
    const lockPath = join(root, ".tsift/index.lock");
    const pid = sleeper();
    const [boot, ticks] = startOf(pid).split(":");
    writeFileSync(lockPath, `${pid}\n${new Date().toISOString()}\nindex\nhost=${hostname()}\nstart=${boot}:${Number(ticks) - 1000}\n`);
    const report = await tsift(root, ["locks", "--json"]);
    expect(report.json().databases[0].lock).toMatchObject({ state: "stale", reason: "pid_reused", pid, host: hostname() });
    expect(report.json().next).toBe(
      `\`tsift index .\` takes over the stale lock (pid ${pid} now belongs to another process, started after the lock was taken)`,
    );
    writeFileSync(join(root, "src/more.rs"), "fn more() {}\n");
    const indexed = await tsift(root, ["index"]);
    expect(indexed.code, indexed.err).toBe(0);
    expect(indexed.err).toContain(`warning: took over the stale index lock ${lockPath} (pid ${pid} now belongs to another process`);
    expect(existsSync(lockPath)).toBe(false);
  });

  it.skipIf(!linux)("the recorded process, still running, holds the lock: live, and index fails fast", async () => {
    const root = project(TREE);
    await tsift(root, ["index", "-q"]);
    const lockPath = join(root, ".tsift/index.lock");
    const pid = sleeper();
    const since = new Date().toISOString();
    writeFileSync(lockPath, `${pid}\n${since}\nindex\nhost=${hostname()}\nstart=${startOf(pid)}\n`);
    expect((await tsift(root, ["locks"])).out).toMatch(new RegExp(`^index \\.tsift/index\\.db: lock held by live tsift pid ${pid} since ${since};`));
    expect((await tsift(root, ["index"])).code).toBe(5);
  });
});

describe("graph-db writers take over a stale graph lock", () => {
  it("refresh and compact --apply say which lock they took over and why", async () => {
    const root = project(TREE);
    await tsift(root, ["index", "-q"]);
    const lockPath = join(root, ".tsift/graph.write.lock");
    writeFileSync(lockPath, "");
    backdate(lockPath, 2 * 3600_000);
    const refreshed = await tsift(root, ["graph-db", "refresh"]);
    expect(refreshed.code, refreshed.err).toBe(0);
    expect(refreshed.err).toBe(`warning: took over the stale graph lock ${lockPath} (empty lock file, 2 h old)\n`);
    expect(existsSync(lockPath)).toBe(false);
    writeFileSync(lockPath, "garbage");
    const since = backdate(lockPath, 60_000);
    const compacted = await tsift(root, ["graph-db", "compact", "--apply"]);
    expect(compacted.code, compacted.err).toBe(0);
    expectAge(
      compacted.err,
      new RegExp(`^warning: took over the stale graph lock ${escapeRegExp(lockPath)} \\(unreadable lock file, (\\d+) s old\\)\n$`),
      60_000,
      since,
    );
    expect((await tsift(root, ["graph-db", "refresh"])).err).toBe("");
  });
});

describe("SIGINT during `tsift index`", () => {
  it("removes the lock file and leaves an index that is whole", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 3000; i++)
      files[`src/m${i}.ts`] = `export function f${i}(x: number) {\n  return g${i}(x) + ${i};\n}\nfunction g${i}(y: number) {\n  return y * 2;\n}\n`;
    const root = project(files);
    const lockPath = join(root, ".tsift/index.lock");
    const child = spawn(process.execPath, [builtBin, "index", "-q"], { cwd: root, stdio: "ignore" });
    others.push(child);
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once("exit", (code, signal) => resolve({ code, signal })),
    );
    while (!existsSync(lockPath) && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(existsSync(lockPath), "the run took the lock").toBe(true);
    // Let it get into the walk and the writes before interrupting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(child.exitCode, "still running when interrupted").toBeNull();
    child.kill("SIGINT");
    expect(await ended).toEqual({ code: null, signal: "SIGINT" });
    expect(existsSync(lockPath)).toBe(false);

    const dbPath = join(root, ".tsift/index.db");
    if (existsSync(dbPath)) {
      const db = new Database(dbPath, { readonly: true });
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      db.close();
    }
    const again = spawnBuilt(root, ["index", "-q"]);
    expect(again.code, again.err).toBe(0);
    const check = spawnBuilt(root, ["index", "--check", "--exit-code", "-q"]);
    expect(check.code, check.out + check.err).toBe(0);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");
}
