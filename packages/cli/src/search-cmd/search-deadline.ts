import { spawn } from "node:child_process";
import { Worker } from "node:worker_threads";

/** A native call that ignores the deadline gets this long before the process is killed. */
export const WATCHDOG_GRACE_MS = 2000;

/**
 * The CLI's guard for @tsift/search's deadline (V8's execution timeout stops JavaScript,
 * not a native call that never returns to it): `WATCHDOG_GRACE_MS` after the deadline it
 * prints `message` on stderr and kills the process. Cancelled when the search ends.
 */
export function startWatchdog(deadlineMs: number, message: string): Watchdog {
  const ms = deadlineMs + WATCHDOG_GRACE_MS;
  return (process.platform !== "win32" && shellWatchdog(ms, `${message}\n`)) || threadWatchdog(ms, `${message}\n`);
}

export interface Watchdog {
  cancel(): void;
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
