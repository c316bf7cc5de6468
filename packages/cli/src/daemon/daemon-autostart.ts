import { spawn } from "node:child_process";
import { closeSync, constants, openSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import type { CliIo } from "../io";
import { claimDaemonDir, isOwnSocket } from "./daemon-paths";

/**
 * Set by the `tsift` executable (bin.ts) to its own path. Only a real command-line process
 * starts a daemon: the library, tests running the CLI in-process and `tsift mcp` (warm
 * already) never do.
 */
export const TSIFT_BIN = Symbol.for("tsift.bin");

/** How long the daemon a read started waits for the next request before it exits. */
export const AUTOSTART_IDLE_SECS = 600;

/** One attempt per this window, so a daemon that cannot start is not respawned by every read. */
const ATTEMPT_WINDOW_MS = 60_000;

/** Why a read run in this process starts no daemon, or undefined when it should start one. */
export function autostartRefusal(env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (env.TSIFT_NO_DAEMON === "1") return "TSIFT_NO_DAEMON=1";
  if (env.TSIFT_DAEMON_AUTOSTART === "0") return "TSIFT_DAEMON_AUTOSTART=0";
  if (typeof (globalThis as Record<symbol, unknown>)[TSIFT_BIN] !== "string") return "not the tsift executable";
  return undefined;
}

/**
 * After a read command answered in this process because no daemon was listening: starts
 * `tsift daemon start` detached, so the next read gets a warm answer (a client process costs
 * about as much CPU as `node -e 0` then). It exits after ten idle minutes. Opt out with
 * TSIFT_DAEMON_AUTOSTART=0 (or TSIFT_NO_DAEMON=1, which also stops using one). Never throws
 * and never waits: this answer is already computed.
 */
export function autostartDaemon(io: CliIo): void {
  if (autostartRefusal(io.env) !== undefined) return;
  try {
    const claimed = claimDaemonDir(io.env);
    if (!claimed.paths || isOwnSocket(claimed.paths.socket)) return;
    if (!claimAttempt(join(claimed.paths.dir, "autostart.stamp"))) return;
    const bin = (globalThis as Record<symbol, unknown>)[TSIFT_BIN] as string;
    spawn(process.execPath, [bin, "daemon", "start", "--idle", String(AUTOSTART_IDLE_SECS)], {
      cwd: claimed.paths.dir,
      detached: true,
      stdio: "ignore",
      env: { ...io.env, TSIFT_NO_DAEMON: "1" } as NodeJS.ProcessEnv,
    }).unref();
  } catch {
    // A daemon is an optimisation: the read has answered, whatever happens here.
  }
}

/**
 * Whether this process may try now: creates the stamp file, or takes it over when the last
 * attempt is older than the window (its mtime). Two reads racing on a fresh stamp: one wins.
 */
function claimAttempt(stamp: string): boolean {
  try {
    closeSync(openSync(stamp, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_NOFOLLOW, 0o600));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") return false;
  }
  const stats = statSync(stamp, { throwIfNoEntry: false });
  if (!stats?.isFile() || Date.now() - stats.mtimeMs < ATTEMPT_WINDOW_MS) return false;
  const now = new Date();
  utimesSync(stamp, now, now);
  return true;
}
