import { spawn } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, parse, resolve } from "node:path";
import { TsiftError } from "@tsift/core/light";
import type { CliIo } from "./io";

/**
 * Set by the `tsift` executable (bin.ts) to its own path, and kept by the daemon and `tsift
 * mcp` (which drop `tsift.bin` so they start no daemon): the reads they run may start a
 * project's first index in the background. The library and in-process callers never do.
 */
export const BACKGROUND_INDEX_BIN = Symbol.for("tsift.background-index-bin");

/** The background run's stderr, beside the index.db it builds: read back when it failed. */
const LOG_NAME = "first-index.log";

/** Why a read starts no background index, or undefined when it may. */
function refusal(env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (env.TSIFT_BACKGROUND_INDEX === "0") return "TSIFT_BACKGROUND_INDEX=0";
  if (typeof (globalThis as Record<symbol, unknown>)[BACKGROUND_INDEX_BIN] !== "string") return "not the tsift executable";
  return undefined;
}

/**
 * A read met a repository too large to index on first use (`index_missing` naming the run
 * that builds it): starts that run as a detached `tsift index`, so the agent's next question
 * finds it underway, and each read says how far it is, instead of one long call that a tool
 * timeout cuts. Returns the error to report: the same failure (exit 4), saying it started.
 * A background run that failed leaves its error line in `first-index.log`; while no index and
 * no writer exist, later reads report that failure instead of starting another. Opt out with
 * TSIFT_BACKGROUND_INDEX=0.
 */
export async function startBackgroundFirstIndex(error: TsiftError, io: CliIo): Promise<TsiftError> {
  const details = error.details as { path?: unknown; project_root?: unknown; index_args?: unknown } | undefined;
  const args = details?.index_args;
  const dbPath = details?.path;
  const projectRoot = details?.project_root;
  if (!Array.isArray(args) || !args.every((arg) => typeof arg === "string") || typeof dbPath !== "string" || typeof projectRoot !== "string") return error;
  if (refusal(io.env) !== undefined || !aRepository(projectRoot)) return error;
  const log = join(dirname(dbPath), LOG_NAME);
  const earlier = earlierRun(log);
  if (earlier?.failure) {
    return new TsiftError("index_missing", `${error.message}; the background \`tsift index\` started for it failed: ${earlier.failure}`, {
      details: { ...details, background_log: log },
      hint: "tsift index (to see the failure; the log is .tsift/first-index.log)",
    });
  }
  if (earlier && earlier.ageMs < STARTING_MS) {
    // Started by a read a moment ago, and not yet holding the writer lock: one run is enough.
    return new TsiftError("index_missing", `${error.message}: a background \`tsift index\` started ${Math.round(earlier.ageMs / 1000)} s ago is starting`, {
      details: { ...details, building: true },
      hint: "ask again shortly; `tsift status` shows how far it is",
    });
  }
  let pid: number | undefined;
  try {
    const { ensureStateSubdir } = await import("@tsift/index/indexer");
    ensureStateSubdir(projectRoot, dirname(dbPath));
    // A killed run's empty log is replaced; two reads racing on a missing one: the O_EXCL create picks one.
    if (earlier) rmSync(log, { force: true });
    const fd = openSync(log, "wx", 0o600);
    const bin = (globalThis as Record<symbol, unknown>)[BACKGROUND_INDEX_BIN] as string;
    const child = spawn(process.execPath, [bin, ...(args as string[]), "--quiet"], {
      cwd: io.cwd,
      detached: true,
      stdio: ["ignore", "ignore", fd],
      env: { ...io.env, TSIFT_NO_DAEMON: "1", TSIFT_DAEMON_AUTOSTART: "0" } as NodeJS.ProcessEnv,
    });
    closeSync(fd);
    child.unref();
    pid = child.pid;
  } catch {
    // Starting it is a courtesy: the read's own answer (index_missing, run `tsift index`) stands.
    return error;
  }
  return new TsiftError("index_missing", `${error.message}: started \`tsift index\` in the background (pid ${pid ?? "unknown"})`, {
    details: { ...details, background_pid: pid ?? null },
    hint: "ask again shortly; `tsift status` shows how far it is",
  });
}

/**
 * Only a checked-out repository gets a first index nobody asked for: a read run by mistake in
 * `$HOME` or `/` (or any other large tree) is refused, as the first-use policy says, and parses nothing.
 */
function aRepository(projectRoot: string): boolean {
  const root = resolve(projectRoot);
  return root !== resolve(homedir()) && root !== parse(root).root && existsSync(join(root, ".git"));
}

/** How long after its start a background run may not hold the writer lock yet (node start, config, walk begins). */
const STARTING_MS = 30_000;

/**
 * The background run an earlier read started, from its log: how long ago (the log's
 * creation), and the error line it left, if any (notes and warnings are not failures).
 * Undefined when there is no log.
 */
function earlierRun(path: string): { ageMs: number; failure: string | null } | undefined {
  try {
    const stat = statSync(path);
    const failure =
      stat.size === 0
        ? null
        : (readFileSync(path, "utf8")
            .split("\n")
            .findLast((line) => line.includes("error[")) ?? null);
    return { ageMs: Math.max(0, Date.now() - stat.mtimeMs), failure };
  } catch {
    return undefined;
  }
}
