import { Readable } from "node:stream";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterEach } from "vitest";
import { fastPath } from "../src/fast-path";
import { runFastPath } from "../src/fast-run";
import { main, type CliIo } from "../src/index";
import { builtBin } from "./helpers";

const require = createRequire(import.meta.url);
const created: string[] = [];
afterEach(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temp project built from an inline file tree (path -> content), removed after the test. */
export function project(files: Record<string, string | Buffer>, options: { git?: boolean } = {}): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-cli-index-")));
  created.push(root);
  if (options.git) execFileSync("git", ["init", "-q"], { cwd: root });
  write(root, files);
  return root;
}

export function write(root: string, files: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

export function bumpMtime(path: string, seconds = 5): void {
  execFileSync("touch", ["-d", new Date(Date.now() + seconds * 1000).toISOString(), path]);
}

/** Runs the CLI in-process with a chosen cwd; `tty` makes stderr look like a terminal. */
export async function tsift(cwd: string, argv: string[], options: { tty?: boolean; stdin?: string | Buffer; env?: Record<string, string | undefined> } = {}) {
  let out = "";
  let err = "";
  const io: CliIo = {
    stdin: () => Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
    stdinIsTTY: false,
    stdout: (text) => void (out += text),
    stderr: (text) => void (err += text),
    cwd,
    env: options.env ?? {},
    stdoutIsTTY: false,
    stderrIsTTY: options.tty ?? false,
  };
  const code = await main(argv, io);
  // Tests read arbitrary report shapes and assert them with toEqual, which does the type checking.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { code, out, err, json: () => JSON.parse(out) as Record<string, any> };
}

/**
 * Takes a command line the way the built binary does (`bin.ts`, without a daemon): the
 * parser-free answers, then the fast parser, then yargs — in-process, so a parity case costs no
 * process start or model load. The fast-path parity files compare it with `tsift` (yargs only)
 * and spawn the binary for a few cases to prove it takes the same route.
 */
export async function tsiftAsBinary(cwd: string, argv: string[], env: Record<string, string | undefined> = {}) {
  const text = await fastPath(argv, undefined);
  if (text !== undefined) return { code: 0, out: text, err: "" };
  let out = "";
  let err = "";
  const io: CliIo = {
    stdin: () => Readable.from([]),
    stdinIsTTY: false,
    stdout: (chunk) => void (out += chunk),
    stderr: (chunk) => void (err += chunk),
    cwd,
    env,
    stdoutIsTTY: false,
    stderrIsTTY: false,
  };
  const code = (await runFastPath(argv, io)) ?? (await main(argv, io));
  return { code, out, err };
}

/**
 * `tsiftAsBinary` with `cwd` as the process's own directory as well, for the duration of the
 * call: what the binary prints that depends on the process's directory (a repair hint naming
 * the project relative to it) then reads as the binary prints it. Vitest's forks pool allows
 * `process.chdir`; the previous directory is restored afterwards.
 */
export async function tsiftAsBinaryIn(cwd: string, argv: string[], env: Record<string, string | undefined> = {}) {
  const previous = process.cwd();
  process.chdir(cwd);
  try {
    return await tsiftAsBinary(cwd, argv, env);
  } finally {
    process.chdir(previous);
  }
}

/**
 * Runs the built binary; `asNobody` drops root privileges (setpriv) so permission
 * tests mean something when the suite runs as root.
 */
export function spawnBuilt(cwd: string, argv: string[], options: { asNobody?: boolean; stdin?: string | Buffer; env?: NodeJS.ProcessEnv } = {}) {
  const command = options.asNobody && process.getuid?.() === 0 ? "setpriv" : process.execPath;
  const args =
    options.asNobody && process.getuid?.() === 0
      ? ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, builtBin, ...argv]
      : [builtBin, ...argv];
  const result = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    ...(options.stdin === undefined ? {} : { input: options.stdin }),
    ...(options.env ? { env: options.env } : {}),
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** Another process holding `.tsift/index.lock` the way a live tsift writer does. */
export async function holdIndexLock(lockPath: string) {
  mkdirSync(dirname(lockPath), { recursive: true });
  const script = `require("fs").writeFileSync(process.argv[1], process.pid + "\\n" + new Date().toISOString() + "\\nindex\\n", { flag: "wx" }); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["-e", script, lockPath], { stdio: "ignore" });
  while (!(existsSync(lockPath) && readFileSync(lockPath, "utf8").endsWith("index\n"))) {
    if (child.exitCode !== null) throw new Error(`the lock holder exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    pid: child.pid!,
    async release() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
      rmSync(lockPath, { force: true });
    },
  };
}

/**
 * Another process holding an exclusive SQLite lock on a database (locking_mode
 * EXCLUSIVE plus an open write transaction), as a wedged or long-running writer would:
 * readers of the live file get SQLITE_BUSY and must fall back to a snapshot copy.
 */
export async function holdSqliteLock(dbPath: string) {
  const script = `
    const Database = require("better-sqlite3");
    const db = new Database(process.argv[1]);
    db.pragma("locking_mode = EXCLUSIVE");
    db.exec("BEGIN EXCLUSIVE");
    db.exec("INSERT INTO meta (key, value) VALUES ('held', '1') ON CONFLICT(key) DO UPDATE SET value = 'x'");
    process.stdout.write("locked\\n");
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["-e", script, dbPath], {
    stdio: ["ignore", "pipe", "inherit"],
    cwd: dirname(require.resolve("better-sqlite3/package.json")),
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
    child.once("exit", (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return {
    async release() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** git's environment for tests: a fixed identity and no user or system config, so every run commits alike. */
export const GIT_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@example.com",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@example.com",
};
