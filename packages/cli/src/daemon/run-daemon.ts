import { spawn } from "node:child_process";
import { closeSync, readFileSync } from "node:fs";
import type { Readable } from "node:stream";
import { TsiftError } from "@tsift/core/light";
import { isProcessAlive } from "@tsift/sqlite";
import { commandResult, type CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import type { CliIo } from "../io";
import { defineOutput } from "../output/output-spec";
import { VERSION } from "../version";
import { ask, askStop } from "./daemon-client";
import { claimDaemonPaths, openDaemonFile, refuseDaemonFileLink, removeStaleSocket } from "./daemon-files";
import { defaultDaemonPaths, findDaemonPaths, isOwnSocket } from "./daemon-paths";
import type { DaemonStatus } from "./daemon-protocol";
import type { START_OPTIONS } from "../commands/daemon";
import type { OptionsOf } from "../definition/option-table";

const text = (lines: (data: DaemonStatus) => string[]) => defineOutput<DaemonStatus>({ tool: "daemon", text: (data) => `${lines(data).join("\n")}\n` });

function statusLines(data: DaemonStatus): string[] {
  if (!data.running) return [`not running (socket ${data.socket})`];
  return [
    `running: pid ${data.pid}, tsift ${data.version}, up ${data.uptime_secs} s, idle ${data.idle_secs} s, ${data.requests} request${data.requests === 1 ? "" : "s"}`,
    `socket: ${data.socket}`,
    ...(data.projects ?? []).map((root) => `warm: ${root}`),
  ];
}

/**
 * The running daemon's status, or `running: false` when none answers (a stale socket counts
 * as none). Only a socket of this user's in a private directory is asked.
 */
export async function daemonStatus(env: CliIo["env"]): Promise<DaemonStatus> {
  const found = findDaemonPaths(env);
  const socket = (found ?? defaultDaemonPaths(env)).socket;
  const reply = found && isOwnSocket(socket) ? ((await ask(socket, { version: VERSION, op: "status" }, 5000)) as DaemonStatus | null) : null;
  return reply?.running === true ? reply : { running: false, socket };
}

/** The pipe a background daemon reports readiness on: fd 3, named to it by this variable. */
const READY_FD = 3;
const READY_FD_VAR = "TSIFT_DAEMON_READY_FD";
/** A safety net only: start waits for the daemon's own ready line or its exit. */
const START_TIMEOUT_MS = 120_000;
/** A safety net only: stop returns when the daemon's process exits, after it finishes a running index update. */
const STOP_TIMEOUT_MS = 60_000;

/**
 * `tsift daemon start`: serves in this process with `--foreground`; otherwise starts a
 * detached `tsift daemon start --foreground` (its output to `daemon.log` beside the socket)
 * and waits until it answers. No private directory, or a link in place of the log or pid
 * file, is `invalid_input` before anything starts.
 */
export async function runDaemonStart(io: CliIo, flags: OptionsOf<typeof START_OPTIONS>): Promise<CommandResult> {
  if (!Number.isFinite(flags.idle) || flags.idle <= 0) throw new TsiftError("usage", `--idle must be a positive number of seconds, got ${flags.idle}`);
  const running = await daemonStatus(io.env);
  if (running.running)
    return commandResult(
      running,
      text((data) => [`already running (pid ${data.pid})`, `socket: ${data.socket}`]),
    );
  const paths = claimDaemonPaths(io.env);
  if (flags.foreground) {
    const { serveDaemon } = await import("./daemon-server");
    const readyFd = io.env[READY_FD_VAR] === String(READY_FD) ? READY_FD : undefined;
    await serveDaemon({ idleSecs: flags.idle, env: io.env, ...(readyFd === undefined ? {} : { readyFd }) });
    return { data: null, emitted: true, exitCode: EXIT_CODES.ok };
  }
  refuseDaemonFileLink(paths.pid);
  removeStaleSocket(paths.socket);
  const log = openDaemonFile(paths.log, "append");
  // The child says it is listening on a pipe of its own (fd 3), or exits: no polling window
  // that a loaded machine could outlast.
  const child = spawn(process.execPath, [process.argv[1]!, "daemon", "start", "--foreground", "--idle", String(flags.idle)], {
    cwd: paths.dir,
    env: { ...io.env, TSIFT_NO_DAEMON: "1", [READY_FD_VAR]: String(READY_FD) } as NodeJS.ProcessEnv,
    detached: true,
    stdio: ["ignore", log, log, "pipe"],
  });
  closeSync(log);
  const ready = child.stdio[READY_FD] as Readable;
  const outcome = await new Promise<"ready" | "exited" | "timeout">((settle) => {
    const timer = setTimeout(() => settle("timeout"), START_TIMEOUT_MS);
    const done = (value: "ready" | "exited") => {
      clearTimeout(timer);
      settle(value);
    };
    ready.once("data", () => done("ready"));
    ready.once("error", () => done("exited"));
    ready.once("end", () => done("exited"));
    child.once("exit", () => done("exited"));
  });
  ready.destroy();
  child.unref();
  if (outcome === "ready") {
    const status = await daemonStatus(io.env);
    if (status.running)
      return commandResult(
        status,
        text((data) => [`started (pid ${data.pid})`, `socket: ${data.socket}`]),
      );
  }
  throw new TsiftError("io_error", `the daemon did not start; see ${paths.log}`, { hint: "tsift daemon start --foreground" });
}

/**
 * Whether `pid` has exited by `deadline`. The system closes an exiting process's files, the
 * stop connection among them, a moment before the process is gone, so the client that saw the
 * connection close checks the process itself before saying it stopped. A zombie (exited, not
 * yet reaped by its parent) counts as gone.
 */
async function processGone(pid: number, deadline: number): Promise<boolean> {
  while (isProcessAlive(pid) && !isZombie(pid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}

/** Linux only (elsewhere the system reaps a detached daemon at once). */
function isZombie(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z") ?? false;
  } catch {
    return false;
  }
}

/** `tsift daemon stop`: asks the daemon to stop and returns once its process has exited (its connection closes). */
export async function runDaemonStop(io: CliIo): Promise<CommandResult> {
  const status = await daemonStatus(io.env);
  if (!status.running)
    return commandResult(
      status,
      text(() => ["not running"]),
    );
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  if (!(await askStop(status.socket, STOP_TIMEOUT_MS)) || (status.pid !== undefined && !(await processGone(status.pid, deadline))))
    throw new TsiftError("io_error", `the daemon (pid ${status.pid}) did not stop within ${STOP_TIMEOUT_MS / 1000} s`, { hint: `kill ${status.pid}` });
  return commandResult(
    { ...status, running: false },
    text((data) => [`stopped (pid ${data.pid})`]),
  );
}

/** `tsift daemon status`. */
export async function runDaemonStatus(io: CliIo): Promise<CommandResult> {
  return commandResult(await daemonStatus(io.env), text(statusLines));
}
