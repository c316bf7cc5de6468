import { existsSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { waitUntil } from "./helpers";
import { spawnBuilt, tsift, write } from "./index-helpers";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) {
    if (existsSync(join(dir, "tsift", "daemon.sock"))) spawnBuilt(dir, ["daemon", "stop"], { env: { ...process.env, XDG_RUNTIME_DIR: dir } });
    rmSync(dir, { recursive: true, force: true });
  }
});

function tempDir(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  dirs.push(dir);
  return dir;
}

/** A runtime dir of its own, with auto-start as a user gets it (the test suite turns it off elsewhere). */
function userEnv(runtime: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_RUNTIME_DIR: runtime };
  delete env.TSIFT_NO_DAEMON;
  delete env.TSIFT_DAEMON_AUTOSTART;
  return { ...env, ...extra };
}

async function indexedProject(): Promise<string> {
  const root = tempDir("tsift-autostart-project-");
  execFileSync("git", ["init", "-q"], { cwd: root });
  write(root, { "src/store.ts": "export function getStore() { return 1; }\nexport function main() { return getStore(); }\n" });
  await tsift(root, ["index", "-q"]);
  return root;
}

describe("the first read starts the daemon", () => {
  it("answers in-process, then a daemon started in the background answers the next read", async () => {
    const project = await indexedProject();
    const runtime = tempDir("tsift-autostart-runtime-");
    const env = userEnv(runtime);
    const first = spawnBuilt(project, ["symbols", "getStore"], { env });
    expect(first.code).toBe(0);
    expect(first.out).toContain("getStore");
    await waitUntil(() => spawnBuilt(project, ["daemon", "status", "--json"], { env }).out.includes('"running":true'), "the auto-started daemon to listen");
    const before = JSON.parse(spawnBuilt(project, ["daemon", "status", "--json"], { env }).out) as { requests: number };
    const second = spawnBuilt(project, ["symbols", "getStore", "--json"], { env });
    expect(second.code).toBe(0);
    const after = JSON.parse(spawnBuilt(project, ["daemon", "status", "--json"], { env }).out) as { requests: number };
    // The daemon counts the reads it answers.
    expect(after.requests).toBe(before.requests + 1);
    expect(JSON.parse(second.out)).toEqual(JSON.parse(spawnBuilt(project, ["symbols", "getStore", "--json"], { env: { ...env, TSIFT_NO_DAEMON: "1" } }).out));
  });

  it("starts none with TSIFT_DAEMON_AUTOSTART=0 or TSIFT_NO_DAEMON=1", async () => {
    const project = await indexedProject();
    for (const optOut of [{ TSIFT_DAEMON_AUTOSTART: "0" }, { TSIFT_NO_DAEMON: "1" }]) {
      const runtime = tempDir("tsift-autostart-off-");
      const result = spawnBuilt(project, ["symbols", "getStore"], { env: userEnv(runtime, optOut) });
      expect(result.code).toBe(0);
      // The attempt stamp is written before a daemon is spawned: none means no attempt was made.
      expect(existsSync(join(runtime, "tsift", "autostart.stamp"))).toBe(false);
      expect(existsSync(join(runtime, "tsift", "daemon.sock"))).toBe(false);
    }
  });

  it("starts none for a command that does not read the index", () => {
    const runtime = tempDir("tsift-autostart-version-");
    const project = tempDir("tsift-autostart-empty-");
    spawnBuilt(project, ["languages"], { env: userEnv(runtime) });
    expect(existsSync(join(runtime, "tsift", "autostart.stamp"))).toBe(false);
  });
});
