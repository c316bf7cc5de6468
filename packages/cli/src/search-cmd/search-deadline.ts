import { spawn } from "node:child_process";
import { Script } from "node:vm";
import { Worker } from "node:worker_threads";

export type DeadlineOutcome<T> = { kind: "done"; value: T } | { kind: "timeout" };

/** A native call that ignores the deadline gets this long before the process is killed. */
export const WATCHDOG_GRACE_MS = 2000;

const runner = new Script("run()");

/**
 * Runs `work` (synchronous) with a deadline, in-process. The deadline is V8's own
 * execution timeout (`vm` runs `work` under a watchdog that terminates JavaScript
 * execution when it expires), so a slow search is stopped where it is, not left
 * running. Child processes get the remaining time through `work`'s own timeouts.
 * A native call that does not return to JavaScript cannot be interrupted that way:
 * a second watchdog kills the process `WATCHDOG_GRACE_MS` after the deadline,
 * printing `hardStopMessage` first. `seconds` 0 runs `work` with no deadline.
 *
 * In-process rather than in a worker thread: a worker re-loads every module. On the
 * effect index that cost 240-290 ms per search against 25-75 ms for the search itself
 * (2 vCPUs, loaded machine), which alone would break the 150 ms search budget, and a
 * worker cannot interrupt a native call either.
 */
export function runWithDeadline<T>(work: () => T, seconds: number, hardStopMessage: string): DeadlineOutcome<T> {
  if (!(seconds > 0)) return { kind: "done", value: work() };
  const ms = Math.ceil(seconds * 1000);
  const watchdog = startWatchdog(ms + WATCHDOG_GRACE_MS, `${hardStopMessage}\n`);
  try {
    return { kind: "done", value: runner.runInNewContext({ run: work }, { timeout: ms }) as T };
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_SCRIPT_EXECUTION_TIMEOUT") return { kind: "timeout" };
    throw error;
  } finally {
    watchdog.cancel();
  }
}

interface Watchdog {
  cancel(): void;
}

function startWatchdog(ms: number, message: string): Watchdog {
  return (process.platform !== "win32" && shellWatchdog(ms, message)) || threadWatchdog(ms, message);
}

/**
 * The POSIX watchdog: a `/bin/sh` that sleeps past the deadline, then prints the message
 * on our stderr and SIGKILLs us. A few milliseconds to start, where a worker thread
 * boots a whole Node environment (~45 ms of CPU, which on 2 cores slowed the search it
 * guards by as much). Its stdin is a pipe from us: when we close it (the search ended)
 * or die, `cat` sees end-of-file and stops the sleep, so a dead or recycled pid is never
 * signalled. Only the shell itself holds our stderr (as fd 4, for the message alone),
 * and `cancel` kills it outright so a caller reading our stderr to its end is not kept
 * waiting.
 */
const SHELL_WATCHDOG = `
exec 3<&0 4>&2 2>/dev/null
sleep "$1" </dev/null >/dev/null &
s=$!
{ cat <&3 >/dev/null; kill "$s"; } </dev/null >/dev/null &
exec 3<&-
wait "$s" || exit 0
printf '%s' "$2" >&4
kill -9 "$3"
`;

function shellWatchdog(ms: number, message: string): Watchdog | null {
  try {
    const child = spawn("/bin/sh", ["-c", SHELL_WATCHDOG, "tsift-search-watchdog", String(Math.ceil(ms / 1000)), message, String(process.pid)], {
      stdio: ["pipe", "ignore", "inherit"],
    });
    // A spawn failure (no /bin/sh) is reported here, asynchronously; the pid tells now.
    child.on("error", () => undefined);
    if (child.pid === undefined) return null;
    child.unref();
    return {
      cancel() {
        // The shell first, so it never reports its stopped sleep; closing the pipe then ends the rest.
        child.kill("SIGKILL");
        child.stdin?.destroy();
      },
    };
  } catch {
    return null;
  }
}

// The fallback watchdog thread: eval'd CommonJS with no imports.
const THREAD_WATCHDOG = `
const { workerData } = require("node:worker_threads");
const flag = new Int32Array(workerData.flag);
if (Atomics.wait(flag, 0, 0, workerData.ms) === "timed-out") {
  require("node:fs").writeSync(2, workerData.message);
  process.kill(process.pid, "SIGKILL");
}
`;

function threadWatchdog(ms: number, message: string): Watchdog {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const watchdog = new Worker(THREAD_WATCHDOG, { eval: true, workerData: { flag: flag.buffer, ms, message } });
  watchdog.unref();
  return {
    cancel() {
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
      void watchdog.terminate();
    },
  };
}
