import { closeSync, openSync, readSync, statSync } from "node:fs";
import { probeWriterLock, type WriterLockProbe, type WriterLockReason } from "@tsift/sqlite";

export interface SidecarState {
  present: boolean;
  bytes: number;
}

export interface DatabaseLocks {
  database: "index" | "graph";
  scope: string | null;
  db_path: string;
  exists: boolean;
  /** From the file header (no open, no side effects): `wal`, `rollback`, or null when unreadable. */
  journal_mode: "wal" | "rollback" | null;
  lock: {
    lock_path: string;
    state: WriterLockProbe["state"];
    pid: number | null;
    acquired_at: string | null;
    /** Why it is in that state (see WriterLockReason); null when there is no lock file. */
    reason: WriterLockReason | null;
    /** The holder's host, when the lock records it. */
    host: string | null;
    /** One line: "held by live tsift pid 12 since …", "stale: empty lock file, 2 h old", "free". */
    description: string;
  };
  wal: SidecarState;
  shm: SidecarState;
  journal: SidecarState;
  /** What to do about this database, or null when nothing is needed. */
  next: string | null;
}

function sidecar(path: string): SidecarState {
  const stats = statSync(path, { throwIfNoEntry: false });
  return { present: stats !== undefined, bytes: stats?.size ?? 0 };
}

/** Header bytes 18–19 are 2 for WAL databases and 1 for rollback-journal ones. */
function journalMode(path: string): DatabaseLocks["journal_mode"] {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const header = Buffer.alloc(20);
    if (readSync(fd, header, 0, 20, 0) < 20 || header.toString("latin1", 0, 15) !== "SQLite format 3") return null;
    return header[18] === 2 ? "wal" : "rollback";
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Everything about one database's locking, read without opening it through SQLite
 * (which could create sidecars or wait on the very lock being inspected).
 */
export function databaseLocks(
  database: DatabaseLocks["database"],
  scope: string | null,
  dbPath: string,
  lockPath: string,
  writeCommand: string,
): DatabaseLocks {
  const exists = statSync(dbPath, { throwIfNoEntry: false })?.isFile() ?? false;
  const probe = probeWriterLock(lockPath);
  const entry: DatabaseLocks = {
    database,
    scope,
    db_path: dbPath,
    exists,
    journal_mode: exists ? journalMode(dbPath) : null,
    lock: {
      lock_path: lockPath,
      state: probe.state,
      pid: probe.pid ?? null,
      acquired_at: probe.acquiredAt ?? null,
      reason: probe.reason ?? null,
      host: probe.host ?? null,
      description: probe.description ?? "free",
    },
    wal: sidecar(`${dbPath}-wal`),
    shm: sidecar(`${dbPath}-shm`),
    journal: sidecar(`${dbPath}-journal`),
    next: null,
  };
  entry.next = nextStep(entry, writeCommand);
  return entry;
}

function nextStep(entry: DatabaseLocks, writeCommand: string): string | null {
  const { lock } = entry;
  if (lock.state === "live")
    return `wait for the writer (pid ${lock.pid}) to finish, then rerun \`tsift locks\`; readers keep working from snapshot copies meanwhile`;
  if (lock.state === "unknown") return "a writer is creating the lock file; rerun `tsift locks` in a few seconds";
  if (lock.state === "stale" && lock.reason === "dead") return `\`${writeCommand}\` takes over the stale lock of pid ${lock.pid} (that process is gone)`;
  if (lock.state === "stale") return `\`${writeCommand}\` takes over the stale lock (${lock.description.replace(/^stale: /, "")})`;
  if (!entry.exists) return entry.database === "index" ? `\`${writeCommand}\` to build it` : null;
  if (entry.journal.present && entry.journal.bytes > 0)
    return `a writer stopped mid-transaction (hot rollback journal); \`${writeCommand}\` rolls it back on open`;
  return null;
}
