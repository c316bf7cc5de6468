import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { bufferedIo, main } from "../src/index";

export const repoRoot = join(import.meta.dirname, "..", "..", "..");
export const builtBin = join(repoRoot, "packages", "cli", "dist", "bin.js");

/** A temp project holding a copy of fixtures/graph-db, removed after the file's tests. */
export function tempProject(): string {
  const dir = mkdtempSync(join(tmpdir(), "tsift-cli-"));
  cpSync(join(repoRoot, "fixtures", "graph-db"), dir, { recursive: true });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// Test-side view of parsed JSON output: loose on purpose, assertions check the shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonObject = Record<string, any>;

/** Runs the CLI in-process and captures its streams. */
export async function run(cwd: string, ...argv: string[]) {
  const io = bufferedIo({ cwd, env: {} });
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err, json: () => JSON.parse(io.out) as JsonObject };
}

/** Runs the built `tsift` binary as a real process. */
export function spawnTsift(cwd: string, argv: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [builtBin, ...argv], { cwd, encoding: "utf8", env: { ...process.env, ...env } });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/**
 * Polls `check` until it holds. No window of its own: on a loaded machine the wait may be
 * long, and only the test's own timeout ends it (then with `what` in the error, when the
 * poll outlives a safety bound far past any test timeout).
 */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 600_000) throw new Error(`not reached: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
