import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { TsiftError } from "@tsift/core/light";

export type WriterLockState = "absent" | "live" | "stale" | "unknown";

export interface WriterLockProbe {
  /** absent: no file; live: its pid runs; stale: its pid is gone; unknown: no readable pid. */
  state: WriterLockState;
  lockPath: string;
  pid?: number;
  /** When the holder took the lock (ISO 8601), if recorded. */
  acquiredAt?: string;
  /** What the holder writes, e.g. "index" or "graph-db", if recorded. */
  what?: string;
}

export interface AcquireWriterLockOptions {
  /** What the writer updates, for messages: "another tsift <what> writer (pid N) holds …". */
  what: string;
}

export interface WriterLock {
  readonly lockPath: string;
  readonly pid: number;
  readonly acquiredAt: string;
  /** True when a lock left by a dead process was taken over. */
  readonly recoveredStale: boolean;
  /** The dead holder's pid when one was recorded. */
  readonly stalePid: number | null;
  /** Deletes the lock file if it is still this holder's; safe to call more than once. */
  release(): void;
}

/**
 * A lock file without a readable pid is younger than this only while its creator is
 * between creating and writing it; older ones were left by a crash.
 */
const UNWRITTEN_LOCK_GRACE_MS = 2000;

/** Rounds of create / inspect / take over before giving up on a lock that keeps changing hands. */
const ACQUIRE_ATTEMPTS = 5;

function lockContent(pid: number, acquiredAt: string, what: string): string {
  return `${pid}\n${acquiredAt}\n${what}\n`;
}

function readLockFile(lockPath: string): string | null {
  try {
    return readFileSync(lockPath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new TsiftError("io_error", `cannot read the lock file ${lockPath}: ${(error as Error).message}`, { cause: error, details: { lockPath } });
  }
}

/** Signal 0 checks existence without signalling; EPERM means it exists under another user. */
function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

function parseLock(lockPath: string, content: string): WriterLockProbe {
  const [pidLine = "", acquiredAt, what] = content.split("\n");
  const pid = /^\d+$/.test(pidLine.trim()) ? Number(pidLine.trim()) : 0;
  const extra = { ...(acquiredAt ? { acquiredAt } : {}), ...(what ? { what } : {}) };
  if (!Number.isSafeInteger(pid) || pid <= 0) return { state: "unknown", lockPath, ...extra };
  return { state: isProcessAlive(pid) ? "live" : "stale", lockPath, pid, ...extra };
}

/** Reports who holds a writer lock without touching it. */
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

function olderThan(path: string, ms: number): boolean {
  const stats = statSync(path, { throwIfNoEntry: false });
  return stats !== undefined && Date.now() - stats.mtimeMs > ms;
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
    if (guard.state === "unknown" && !olderThan(guardPath, UNWRITTEN_LOCK_GRACE_MS)) throw lockHeld(what, lockPath, undefined);
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
 * `pid\ntimestamp\nwhat\n`. A live holder is a `lock_held` error naming its pid and
 * the file; a holder that no longer runs is taken over (`recoveredStale: true`).
 * Not re-entrant: a second acquire in the same process fails like any other.
 */
export function acquireWriterLock(lockPath: string, options: AcquireWriterLockOptions): WriterLock {
  const { what } = options;
  mkdirSync(dirname(lockPath), { recursive: true });
  const acquiredAt = new Date().toISOString();
  const content = lockContent(process.pid, acquiredAt, what);

  for (let attempt = 0; attempt < ACQUIRE_ATTEMPTS; attempt++) {
    if (tryCreate(lockPath, content)) return writerLock(lockPath, acquiredAt, content, false, null);
    const observed = readLockFile(lockPath);
    // Released between our create and our read: try creating again.
    if (observed === null) continue;
    const probe = parseLock(lockPath, observed);
    if (probe.state === "live") throw lockHeld(what, lockPath, probe.pid);
    if (probe.state === "unknown" && !olderThan(lockPath, UNWRITTEN_LOCK_GRACE_MS)) throw lockHeld(what, lockPath, undefined);
    if (takeOver(lockPath, observed, content, what)) return writerLock(lockPath, acquiredAt, content, true, probe.pid ?? null);
  }
  throw lockHeld(what, lockPath, probeWriterLock(lockPath).pid);
}

function writerLock(lockPath: string, acquiredAt: string, content: string, recoveredStale: boolean, stalePid: number | null): WriterLock {
  let released = false;
  return {
    lockPath,
    pid: process.pid,
    acquiredAt,
    recoveredStale,
    stalePid,
    release() {
      if (released) return;
      released = true;
      removeIfUnchanged(lockPath, content);
    },
  };
}
