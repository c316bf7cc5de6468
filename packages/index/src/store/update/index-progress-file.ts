import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isProcessAlive } from "@tsift/sqlite";
import type { IndexLocation } from "../../walk/index-location";

/** How far a running index update is, as another process reads it from `.tsift/`. */
export interface IndexRunProgress {
  pid: number;
  /** Files to parse in this run, and how many are handled. */
  done: number;
  total: number;
  started_secs_ago: number;
}

/** Runs that parse fewer files end before anyone could ask how far they are. */
export const PUBLISH_MIN_FILES = 200;
/** At most one write per this interval: the file is read by status and MCP, not watched. */
const PUBLISH_INTERVAL_MS = 500;

const progressPath = (location: IndexLocation) => join(dirname(location.dbPath), "index-progress.json");

interface StoredProgress {
  pid: number;
  done: number;
  total: number;
  started_at_ms: number;
}

/**
 * Publishes a running update's progress beside its index.db (`index-progress.json`, 0600),
 * so `status` and `tsift mcp` can say how much of a first index is built while its one
 * transaction is still open. Written through a rename, so a reader sees a whole file;
 * removed by `clear` when the run ends, whatever its outcome.
 */
export function publishIndexProgress(location: IndexLocation, total: number): { update(done: number): void; clear(): void } {
  const path = progressPath(location);
  const startedAt = Date.now();
  let lastWrite = 0;
  const write = (done: number) => {
    lastWrite = Date.now();
    const stored: StoredProgress = { pid: process.pid, done, total, started_at_ms: startedAt };
    const temporary = `${path}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, JSON.stringify(stored), { mode: 0o600 });
      renameSync(temporary, path);
    } catch {
      // Progress is a courtesy to other readers: the update itself goes on.
    }
  };
  write(0);
  return {
    update(done) {
      if (Date.now() - lastWrite >= PUBLISH_INTERVAL_MS || done === total) write(done);
    },
    clear() {
      rmSync(path, { force: true });
    },
  };
}

/** The progress of an update running now for `location`, or null (none, or its process is gone). */
export function readIndexProgress(location: IndexLocation): IndexRunProgress | null {
  let stored: Partial<StoredProgress>;
  try {
    stored = JSON.parse(readFileSync(progressPath(location), "utf8")) as Partial<StoredProgress>;
  } catch {
    return null;
  }
  const { pid, done, total, started_at_ms: startedAt } = stored;
  if (typeof pid !== "number" || typeof done !== "number" || typeof total !== "number" || typeof startedAt !== "number") return null;
  if (!isProcessAlive(pid)) return null;
  return { pid, done, total, started_secs_ago: Math.max(0, Math.floor((Date.now() - startedAt) / 1000)) };
}

/** How far a run is, as reads and tools say it: `42% indexed (30000 of 70000 files), 85 s in`. */
export function describeIndexProgress(progress: IndexRunProgress): string {
  const share = Math.floor((progress.done / Math.max(1, progress.total)) * 100);
  return `${share}% indexed (${progress.done} of ${progress.total} files), ${progress.started_secs_ago} s in`;
}
