import { spawn } from "node:child_process";
import { constants } from "node:os";
import { TsiftError } from "@tsift/core/light";
import type { ArtifactWriter } from "./artifact-store";

export interface CaptureOptions {
  command: readonly string[];
  cwd: string;
  env?: NodeJS.ProcessEnv | undefined;
  /** Aborting forwards a signal to the child: the reason when it names one (`SIGINT`), else SIGTERM. */
  signal?: AbortSignal | undefined;
  /** Called once the command started, with its pid (also its process group's id outside Windows). */
  onSpawn?: ((pid: number) => void) | undefined;
}

export interface CaptureResult {
  exit_code: number | null;
  /** The signal that ended the child, or null when it exited. */
  signal: NodeJS.Signals | null;
  duration_ms: number;
}

function forwardedSignal(reason: unknown): NodeJS.Signals {
  return typeof reason === "string" && reason in constants.signals ? (reason as NodeJS.Signals) : "SIGTERM";
}

/**
 * Runs argv as given (no shell, so nothing in it is re-interpreted) and streams its stdout
 * and stderr, interleaved in arrival order, into `writer`. Stdin is closed: an unattended
 * command that waits on input would otherwise hang the run. A command that cannot start
 * is a `not_found` (missing) or `invalid_input` (not executable) error.
 */
export function spawnCapture(options: CaptureOptions, writer: ArtifactWriter): Promise<CaptureResult> {
  const [file, ...args] = options.command;
  if (file === undefined || file === "")
    return Promise.reject(new TsiftError("usage", "no command to run", { hint: "put the command after --: tsift run --kind test -- npm test" }));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // Its own process group: a terminal's Ctrl-C then reaches tsift alone, and tsift passes it
    // on once to the whole group (the command and anything it started), as the terminal would.
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
      windowsHide: true,
      detached: process.platform !== "win32",
    });
    let spawned = false;
    const onAbort = () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const signal = forwardedSignal(options.signal?.reason);
      try {
        if (process.platform !== "win32" && child.pid !== undefined) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        child.kill(signal);
      }
    };
    const streams = [child.stdout, child.stderr];
    for (const stream of streams) {
      stream.on("data", (chunk: Buffer) => {
        if (writer.write(chunk)) return;
        // Back-pressure: a command printing faster than the disk takes it waits, so memory stays bounded.
        for (const each of streams) each.pause();
        writer.onDrain(() => {
          for (const each of streams) each.resume();
        });
      });
    }
    child.once("spawn", () => {
      spawned = true;
      if (child.pid !== undefined) options.onSpawn?.(child.pid);
      if (options.signal?.aborted) onAbort();
      else options.signal?.addEventListener("abort", onAbort);
    });
    child.once("error", (error: NodeJS.ErrnoException) => {
      if (spawned) return;
      options.signal?.removeEventListener("abort", onAbort);
      const code = error.code === "ENOENT" ? "not_found" : "invalid_input";
      const why = error.code === "ENOENT" ? "no such command" : error.code === "EACCES" ? "not executable" : error.message;
      reject(
        new TsiftError(code, `cannot run ${file}: ${why}`, {
          cause: error,
          hint: "check the command after -- (it runs without a shell: write `sh -c '…'` for pipes and globs)",
        }),
      );
    });
    // `close`, not `exit`: both pipes are drained by then, so the transcript is complete.
    child.once("close", (exitCode, signal) => {
      options.signal?.removeEventListener("abort", onAbort);
      if (!spawned) return;
      resolve({ exit_code: exitCode, signal, duration_ms: Math.round(performance.now() - started) });
    });
  });
}

/** The exit status a shell reports for the child: its code, or 128 + the signal number. */
export function shellExitStatus(result: Pick<CaptureResult, "exit_code" | "signal">): number {
  if (result.exit_code !== null) return result.exit_code;
  const number = result.signal ? constants.signals[result.signal] : undefined;
  return number === undefined ? 1 : 128 + number;
}
