import { Script } from "node:vm";
import { Worker } from "node:worker_threads";

export type DeadlineOutcome<T> = { kind: "done"; value: T } | { kind: "timeout" };

/** A native call that ignores the deadline gets this long before the process is killed. */
export const WATCHDOG_GRACE_MS = 2000;

const runner = new Script("run()");

// The watchdog thread: eval'd CommonJS with no imports, so it starts in milliseconds.
const WATCHDOG = `
const { workerData } = require("node:worker_threads");
const flag = new Int32Array(workerData.flag);
if (Atomics.wait(flag, 0, 0, workerData.ms) === "timed-out") {
  require("node:fs").writeSync(2, workerData.message);
  process.kill(process.pid, "SIGKILL");
}
`;

/**
 * Runs `work` (synchronous) with a deadline, in-process. The deadline is V8's own
 * execution timeout (`vm` runs `work` under a watchdog that terminates JavaScript
 * execution when it expires), so a slow search is stopped where it is, not left
 * running. Child processes get the remaining time through `work`'s own timeouts.
 * A native call that does not return to JavaScript cannot be interrupted that way:
 * a second watchdog thread kills the process `WATCHDOG_GRACE_MS` after the deadline,
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
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const watchdog = new Worker(WATCHDOG, { eval: true, workerData: { flag: flag.buffer, ms: ms + WATCHDOG_GRACE_MS, message: `${hardStopMessage}\n` } });
  watchdog.unref();
  try {
    return { kind: "done", value: runner.runInNewContext({ run: work }, { timeout: ms }) as T };
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_SCRIPT_EXECUTION_TIMEOUT") return { kind: "timeout" };
    throw error;
  } finally {
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
    void watchdog.terminate();
  }
}
