import type { SessionEvent } from "./session-types";

/** A restart, resume, timeout, compaction or aborted turn; quitting after end of input is a normal end. */
export function isRestartEvent(event: string): boolean {
  return /restart|resumed|timeout|compact|aborted/.test(event) && !/quit_after_eof/.test(event);
}

/**
 * A session's restarts, counted one way for the digest and the cost report: the restart events
 * seen, or the highest `restart_count` the runtime log reports when that says more (a log may
 * print only the counter, or print it on an event that is not named a restart).
 */
export class RestartTally {
  private events = 0;
  private maxCount: number | null = null;

  add(event: Extract<SessionEvent, { kind: "runtime" }>): void {
    if (isRestartEvent(event.event)) this.events++;
    if (event.restart_count !== undefined) this.maxCount = Math.max(this.maxCount ?? 0, event.restart_count);
  }

  get total(): number {
    return Math.max(this.events, this.maxCount ?? 0);
  }

  get maxRestartCount(): number | null {
    return this.maxCount;
  }
}
