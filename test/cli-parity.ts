import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { bufferedIo, main } from "@tsift/cli";

// The harness of the openProject parity tests: the CLI's `--json` stdout must deep-equal the
// JSON of the `Project` method with the same options (in-process, `cliInProcess`; the built
// binary, `cli`, for every read command in read-commands-parity).

export const repoRoot = join(import.meta.dirname, "..");
const builtBin = join(repoRoot, "packages", "cli", "dist", "bin.js");
const tempDirs: string[] = [];

/** A temp directory removed by `removeTempDirs`. */
export function tempDir(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  tempDirs.push(dir);
  return dir;
}

/** A fresh copy of `fixtures/<name>`. */
export function fixtureCopy(name: string): string {
  const root = tempDir(`tsift-open-project-${name}-`);
  cpSync(join(repoRoot, "fixtures", name), root, { recursive: true });
  return root;
}

export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * The environment for a CLI process compared with a library call: budgets and debug switches
 * are left out, but reads must not start a daemon that outlives the test by ten minutes (and
 * would answer later tests' reads in the same runtime dir).
 */
export function cliEnv(): NodeJS.ProcessEnv {
  return { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("TSIFT_"))), TSIFT_DAEMON_AUTOSTART: "0" };
}

/** The built CLI run from `cwd` with `--json` (and `stdin` piped in, else none), in `cliEnv()`. */
export function cli(cwd: string, argv: string[], expectedCode = 0, stdin = ""): unknown {
  const result = spawnSync(process.execPath, [builtBin, ...argv, "--json"], { cwd, encoding: "utf8", env: cliEnv(), input: stdin });
  expect(result.status, `tsift ${argv.join(" ")}: ${result.stderr}`).toBe(expectedCode);
  return JSON.parse(result.stdout);
}

/**
 * `cli`, in-process: the CLI's `main` with the same arguments and exit-code check, the process's
 * directory set to `cwd` meanwhile (as the binary's would be; vitest's forks pool allows it).
 * The openProject parity files compare the library with this; read-commands-parity runs the
 * built binary itself, so the compiled CLI stays checked against the library.
 */
export async function cliInProcess(cwd: string, argv: string[], expectedCode = 0, stdin?: string): Promise<unknown> {
  const previous = process.cwd();
  process.chdir(cwd);
  try {
    const io = bufferedIo({ cwd, env: { TSIFT_DAEMON_AUTOSTART: "0" }, ...(stdin === undefined ? {} : { stdin }) });
    const code = await main([...argv, "--json"], io);
    expect(code, `tsift ${argv.join(" ")}: ${io.err}`).toBe(expectedCode);
    return JSON.parse(io.out);
  } finally {
    process.chdir(previous);
  }
}

/** What `--json` would print for a library result: the same value through JSON. */
export const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

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
