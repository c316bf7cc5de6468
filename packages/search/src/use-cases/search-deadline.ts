import { createContext, Script, type Context } from "node:vm";

export type DeadlineOutcome<T> = { kind: "done"; value: T } | { kind: "timeout" };

/**
 * What guards a deadline against a native call that never returns to JavaScript (which
 * V8's execution timeout cannot stop): started with the deadline in milliseconds, cancelled
 * when the work ends. The CLI's guard stops the process; a library caller may pass none.
 */
export type DeadlineGuard = (deadlineMs: number) => { cancel(): void };

const runner = new Script("run()");
/** One context for every search in the process: a new one per call costs more than a cached search's query. */
let context: (Context & { run: (() => unknown) | null }) | null = null;

/**
 * Runs `work` (synchronous) with a deadline, in-process. The deadline is V8's own
 * execution timeout (`vm` runs `work` under a watchdog that terminates JavaScript
 * execution when it expires), so a slow search is stopped where it is, not left
 * running. Child processes get the remaining time through `work`'s own timeouts.
 * `seconds` 0 runs `work` with no deadline.
 *
 * In-process rather than in a worker thread: a worker re-loads every module. On the
 * effect index that cost 240-290 ms per search against 25-75 ms for the search itself
 * (2 vCPUs, loaded machine), which alone would break the 150 ms search budget, and a
 * worker cannot interrupt a native call either.
 */
export function runWithDeadline<T>(work: () => T, seconds: number, guard?: DeadlineGuard): DeadlineOutcome<T> {
  if (!(seconds > 0)) return { kind: "done", value: work() };
  const ms = Math.ceil(seconds * 1000);
  const guarded = guard?.(ms);
  try {
    context ??= createContext({ run: null }) as Context & { run: (() => unknown) | null };
    context.run = work;
    return { kind: "done", value: runner.runInContext(context, { timeout: ms }) as T };
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_SCRIPT_EXECUTION_TIMEOUT") return { kind: "timeout" };
    throw error;
  } finally {
    if (context) context.run = null;
    guarded?.cancel();
  }
}
