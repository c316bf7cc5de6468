import { readFileSync } from "node:fs";
import { hostname } from "node:os";

/**
 * Who wrote a writer lock, and whether that process can still be holding it. A pid alone
 * is not enough: pids are reused, so a lock left by a crash can name a live process that
 * has nothing to do with tsift. Where the kernel tells a process's start time (Linux:
 * field 22 of /proc/<pid>/stat, in clock ticks since boot, plus `btime` from /proc/stat),
 * the lock records it and a live pid that started at another time is a different process.
 * Elsewhere only the pid and the lock's age are checked.
 */

/**
 * A lock without a readable pid is younger than this only while its creator is between
 * creating and writing it; older ones were left by a crash.
 */
export const UNWRITTEN_LOCK_GRACE_MS = 2000;

/**
 * A holder whose start time cannot be compared (a lock from another host, from an older
 * tsift, or on a platform without /proc) is trusted for this long, far longer than any
 * index or graph refresh runs, then taken over.
 */
export const UNVERIFIED_LOCK_MAX_AGE_MS = 60 * 60 * 1000;

/** The boot time as /proc/stat states it can move by a second between reads. */
const BOOT_TIME_SLACK_S = 2;

let bootTime: number | null | undefined;

function readBootTime(): number | null {
  if (bootTime !== undefined) return bootTime;
  try {
    const match = /^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"));
    bootTime = match ? Number(match[1]) : null;
  } catch {
    bootTime = null;
  }
  return bootTime;
}

/** `<boot time s>:<start ticks>` of a running process, or null where the kernel does not say. */
export function processStartId(pid: number): string | null {
  if (process.platform !== "linux") return null;
  const boot = readBootTime();
  if (boot === null) return null;
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces or parentheses itself.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const start = fields[19];
  return start && /^\d+$/.test(start) ? `${boot}:${start}` : null;
}

/** Same process when it started at the same tick of the same boot. */
export function sameStart(recorded: string, current: string): boolean {
  const [bootA, ticksA] = recorded.split(":").map(Number);
  const [bootB, ticksB] = current.split(":").map(Number);
  return ticksA === ticksB && bootA !== undefined && bootB !== undefined && Math.abs(bootA - bootB) <= BOOT_TIME_SLACK_S;
}

export function currentHost(): string {
  return hostname();
}

/** Signal 0 checks existence without signalling; EPERM means it exists under another user. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/** "2 h", "14 min", "3 s", "0.4 s": how long ago, for messages. */
export function formatAge(ms: number): string {
  if (ms < 10_000) return `${Math.max(0, ms / 1000).toFixed(1)} s`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 2 * 3600_000) return `${Math.round(ms / 60_000)} min`;
  if (ms < 2 * 86_400_000) return `${Math.round(ms / 3600_000)} h`;
  return `${Math.round(ms / 86_400_000)} d`;
}
