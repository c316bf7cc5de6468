import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { TsiftError } from "@tsift/core/light";
import { UNVERIFIED_LOCK_MAX_AGE_MS, UNWRITTEN_LOCK_GRACE_MS, currentHost, formatAge, isProcessAlive, processStartId, sameStart } from "./internal/lock-holder";
import { releaseOnSignal } from "./internal/lock-signals";

export type WriterLockState = "absent" | "live" | "stale" | "unknown";

/**
 * Why a lock is in its state. live: `running` (the recorded process, start time checked),
 * `unverified` (a live pid whose start time cannot be compared, younger than
 * UNVERIFIED_LOCK_MAX_AGE_MS), `other_host` (taken on another machine, as young).
 * stale: `dead` (no such pid), `pid_reused` (the pid now names a process started at
 * another time), `expired` (unverified, older), `other_host` (older), `empty` or `garbage`
 * (no pid, older than UNWRITTEN_LOCK_GRACE_MS). unknown: `creating` (no pid yet, young).
 */
export type WriterLockReason = "running" | "unverified" | "other_host" | "dead" | "pid_reused" | "expired" | "empty" | "garbage" | "creating";

export interface WriterLockProbe {
  /** absent: no file; live: held by a running writer; stale: safe to take over; unknown: being created. */
  state: WriterLockState;
  lockPath: string;
  pid?: number;
  /** When the holder took the lock (ISO 8601), if recorded. */
  acquiredAt?: string;
  /** What the holder writes, e.g. "index" or "graph-db", if recorded. */
  what?: string;
  /** The holder's host name, if recorded (locks written before it was are read as this host's). */
  host?: string;
  /** Absent when there is no file. */
  reason?: WriterLockReason;
  /** Milliseconds since the lock was taken (its recorded time, else the file's mtime). */
  ageMs?: number;
  /** One line for people: "held by live tsift pid 12 since …", "stale: pid 12 is gone", … */
  description?: string;
}

export interface AcquireWriterLockOptions {
  /** What the writer updates, for messages: "another tsift <what> writer (pid N) holds …". */
  what: string;
}

export interface WriterLock {
  readonly lockPath: string;
  readonly pid: number;
  readonly acquiredAt: string;
  /** True when a stale lock (dead or reused pid, old empty file, …) was taken over. */
  readonly recoveredStale: boolean;
  /** The stale holder's pid when one was recorded. */
  readonly stalePid: number | null;
  /** One line saying which stale lock was taken over and why, for the caller to show; null otherwise. */
  readonly warning: string | null;
  /** Deletes the lock file if it is still this holder's; safe to call more than once. */
  release(): void;
}

/** Rounds of create / inspect / take over before giving up on a lock that keeps changing hands. */
const ACQUIRE_ATTEMPTS = 5;

/**
 * `pid`, time and what on the first three lines, as every tsift has written them, then
 * `key=value` lines: older readers see the first three and ignore the rest.
 */
function lockContent(pid: number, acquiredAt: string, what: string): string {
  const start = processStartId(pid);
  return `${pid}\n${acquiredAt}\n${what}\nhost=${currentHost()}\n${start ? `start=${start}\n` : ""}`;
}

function readLockFile(lockPath: string): string | null {
  try {
    return readFileSync(lockPath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new TsiftError("io_error", `cannot read the lock file ${lockPath}: ${(error as Error).message}`, { cause: error, details: { lockPath } });
  }
}

function fileAgeMs(path: string): number | null {
  const stats = statSync(path, { throwIfNoEntry: false });
  return stats === undefined ? null : Date.now() - stats.mtimeMs;
}

/** Reads a lock file's content and decides whether its holder can still be writing. */
function parseLock(lockPath: string, content: string): WriterLockProbe {
  const [pidLine = "", acquiredAt, what, ...rest] = content.split("\n");
  const fields = new Map(
    rest.flatMap((line) => (/^[a-z]+=/.test(line) ? [[line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)] as const] : [])),
  );
  const pid = /^\d+$/.test(pidLine.trim()) ? Number(pidLine.trim()) : 0;
  const host = fields.get("host");
  const extra = { ...(acquiredAt ? { acquiredAt } : {}), ...(what ? { what } : {}), ...(host ? { host } : {}) };
  const taken = acquiredAt ? Date.parse(acquiredAt) : Number.NaN;
  const ageMs = Math.round(Number.isFinite(taken) ? Date.now() - taken : (fileAgeMs(lockPath) ?? 0));
  const since = acquiredAt ? ` since ${acquiredAt}` : "";

  if (!Number.isSafeInteger(pid) || pid <= 0) {
    const fileAge = Math.round(fileAgeMs(lockPath) ?? 0);
    const kind = content.trim() === "" ? "empty" : "unreadable";
    if (fileAge <= UNWRITTEN_LOCK_GRACE_MS)
      return {
        state: "unknown",
        lockPath,
        ...extra,
        reason: "creating",
        ageMs: fileAge,
        description: `being created (${kind} file, ${formatAge(fileAge)} old)`,
      };
    const reason = content.trim() === "" ? "empty" : "garbage";
    return { state: "stale", lockPath, ...extra, reason, ageMs: fileAge, description: `stale: ${kind} lock file, ${formatAge(fileAge)} old` };
  }
  const probe = (state: WriterLockState, reason: WriterLockReason, description: string): WriterLockProbe => ({
    state,
    lockPath,
    pid,
    ...extra,
    reason,
    ageMs,
    description,
  });
  if (host !== undefined && host !== currentHost()) {
    // Another machine's processes cannot be checked from here (a shared or copied .tsift/).
    return ageMs > UNVERIFIED_LOCK_MAX_AGE_MS
      ? probe("stale", "other_host", `stale: taken by pid ${pid} on host ${host} ${formatAge(ageMs)} ago`)
      : probe(
          "live",
          "other_host",
          `held by pid ${pid} on host ${host}${since}; processes there cannot be checked from here, so it counts as stale after ${formatAge(UNVERIFIED_LOCK_MAX_AGE_MS)}`,
        );
  }
  if (!isProcessAlive(pid)) return probe("stale", "dead", `stale: pid ${pid} is gone`);
  const recorded = fields.get("start");
  const current = recorded ? processStartId(pid) : null;
  if (recorded && current) {
    return sameStart(recorded, current)
      ? probe("live", "running", `held by live tsift pid ${pid}${since}`)
      : probe("stale", "pid_reused", `stale: pid ${pid} now belongs to another process, started after the lock was taken`);
  }
  return ageMs > UNVERIFIED_LOCK_MAX_AGE_MS
    ? probe("stale", "expired", `stale: pid ${pid} has held it for ${formatAge(ageMs)}, longer than any tsift run, and its start time cannot be checked`)
    : probe(
        "live",
        "unverified",
        `held by live pid ${pid}${since}; its start time cannot be checked, so it counts as stale after ${formatAge(UNVERIFIED_LOCK_MAX_AGE_MS)}`,
      );
}

/** Reports who holds a writer lock, and whether it is stale, without touching it. */
export function probeWriterLock(lockPath: string): WriterLockProbe {
  const content = readLockFile(lockPath);
  return content === null ? { state: "absent", lockPath } : parseLock(lockPath, content);
}

/** O_EXCL create: exactly one process wins when several race for an absent lock. */
function tryCreate(path: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx", 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw new TsiftError("io_error", `cannot create the lock file ${path}: ${(error as Error).message}`, { cause: error, details: { lockPath: path } });
  }
  try {
    writeSync(fd, content);
  } catch (error) {
    closeSync(fd);
    unlinkSync(path);
    throw new TsiftError("io_error", `cannot write the lock file ${path}: ${(error as Error).message}`, { cause: error, details: { lockPath: path } });
  }
  closeSync(fd);
  return true;
}

function removeIfUnchanged(path: string, expected: string): void {
  if (readLockFile(path) !== expected) return;
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

function lockHeld(what: string, lockPath: string, pid: number | undefined): TsiftError {
  const holder = pid === undefined ? "(pid not recorded yet)" : `(pid ${pid})`;
  return new TsiftError(
    "lock_held",
    `another tsift ${what} writer ${holder} holds ${lockPath}; wait for it to finish, or remove the file if that process is gone`,
    { details: { pid: pid ?? null, lockPath, what }, hint: "wait for the other writer to finish, then retry" },
  );
}

/**
 * Takes over a lock whose holder is gone. Every takeover first creates the sibling
 * `<lock>.takeover` guard exclusively, so two processes never both delete-and-recreate
 * the lock: the guard holder re-reads the lock, and it cannot change under the guard
 * because its recorded owner is dead and nobody else may delete it.
 * Returns true when this process now holds the lock.
 */
function takeOver(lockPath: string, observed: string, content: string, what: string): boolean {
  const guardPath = `${lockPath}.takeover`;
  if (!tryCreate(guardPath, content)) {
    const guardContent = readLockFile(guardPath);
    if (guardContent === null) return false;
    const guard = parseLock(guardPath, guardContent);
    if (guard.state === "live") throw lockHeld(what, lockPath, guard.pid);
    if (guard.state === "unknown") throw lockHeld(what, lockPath, undefined);
    // A guard whose owner died mid-takeover blocks nobody; compare-then-delete keeps a
    // newer guard written meanwhile by another process.
    removeIfUnchanged(guardPath, guardContent);
    return false;
  }
  try {
    if (readLockFile(lockPath) !== observed) return false;
    removeIfUnchanged(lockPath, observed);
    return tryCreate(lockPath, content);
  } finally {
    removeIfUnchanged(guardPath, content);
  }
}

/**
 * Claims a writer lock file (e.g. `.tsift/index.lock`, `graph.write.lock`) holding
 * `pid\ntimestamp\nwhat\n` plus `host=` and (on Linux) `start=` lines. A live holder is a
 * `lock_held` error naming its pid and the file; a stale one (see WriterLockReason) is
 * taken over (`recoveredStale: true`, with a `warning` line saying why). Until released,
 * SIGINT/SIGTERM remove the file before the process ends (lock-signals.ts).
 * Not re-entrant: a second acquire in the same process fails like any other.
 */
export function acquireWriterLock(lockPath: string, options: AcquireWriterLockOptions): WriterLock {
  const { what } = options;
  mkdirSync(dirname(lockPath), { recursive: true });
  const acquiredAt = new Date().toISOString();
  const content = lockContent(process.pid, acquiredAt, what);

  for (let attempt = 0; attempt < ACQUIRE_ATTEMPTS; attempt++) {
    if (tryCreate(lockPath, content)) return writerLock(lockPath, acquiredAt, content, false, null, null);
    const observed = readLockFile(lockPath);
    // Released between our create and our read: try creating again.
    if (observed === null) continue;
    const probe = parseLock(lockPath, observed);
    if (probe.state === "live") throw lockHeld(what, lockPath, probe.pid);
    if (probe.state === "unknown") throw lockHeld(what, lockPath, undefined);
    if (takeOver(lockPath, observed, content, what)) {
      const warning = `took over the stale ${what} lock ${lockPath} (${probe.description!.replace(/^stale: /, "")})`;
      return writerLock(lockPath, acquiredAt, content, true, probe.pid ?? null, warning);
    }
  }
  throw lockHeld(what, lockPath, probeWriterLock(lockPath).pid);
}

function writerLock(
  lockPath: string,
  acquiredAt: string,
  content: string,
  recoveredStale: boolean,
  stalePid: number | null,
  warning: string | null,
): WriterLock {
  let released = false;
  const remove = () => removeIfUnchanged(lockPath, content);
  const forget = releaseOnSignal(remove);
  return {
    lockPath,
    pid: process.pid,
    acquiredAt,
    recoveredStale,
    stalePid,
    warning,
    release() {
      if (released) return;
      released = true;
      forget();
      remove();
    },
  };
}
