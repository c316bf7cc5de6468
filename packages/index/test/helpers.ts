import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach } from "vitest";

const created: string[] = [];
afterEach(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temp directory holding `files` (path -> content), removed after the test. Real path, so comparisons with walked roots hold. */
export function tempTree(files: Record<string, string | Buffer> = {}, options: { git?: boolean } = {}): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-index-")));
  created.push(root);
  if (options.git) git(root, "init", "-q");
  writeTree(root, files);
  return root;
}

export function writeTree(root: string, files: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "protocol.file.allow=always", ...args], {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Moves a file's mtime forward so (size, mtime) comparisons see a change even within one clock tick. */
export function bumpMtime(path: string, seconds = 5): void {
  const when = new Date(Date.now() + seconds * 1000);
  execFileSync("touch", ["-d", when.toISOString(), path]);
}

/**
 * A separate process holding a tsift writer lock file (the format acquireWriterLock
 * writes), alive until `release()` kills it, so lock tests see a real live holder.
 */
export async function holdLockInChild(lockPath: string): Promise<{ pid: number; release: () => Promise<void> }> {
  const { spawn } = await import("node:child_process");
  const { existsSync, mkdirSync: mkdir, readFileSync } = await import("node:fs");
  mkdir(dirname(lockPath), { recursive: true });
  const script = `require("fs").writeFileSync(process.argv[1], process.pid + "\\n" + new Date().toISOString() + "\\nindex\\n", { flag: "wx" }); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["-e", script, lockPath], { stdio: "ignore" });
  while (!(existsSync(lockPath) && readFileSync(lockPath, "utf8").endsWith("index\n"))) {
    if (child.exitCode !== null) throw new Error(`the lock holder exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    pid: child.pid!,
    // Waits for the exit so the pid is reaped: a zombie still answers kill(pid, 0).
    release: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
      rmSync(lockPath, { force: true });
    },
  };
}
