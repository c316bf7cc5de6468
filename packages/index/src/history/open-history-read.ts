import { existsSync } from "node:fs";
import { relative } from "node:path";
import { TsiftError, isTsiftError } from "@tsift/core/light";
import { probeWriterLock, type SqliteConnection } from "@tsift/sqlite";
import { readGitRepoState, type GitRepoState } from "../walk/git-command";
import { HISTORY_INDEX_COMMAND, historyLocation, type HistoryLocation } from "./history-location";
import { indexHistory, type HistoryIndexReport } from "./index-history";
import { openHistoryReader } from "./open-history";

/** What every history read takes besides its own arguments. */
export interface HistoryReadOptions {
  /** The project root (owns `.tsift/`), inside a git work tree. */
  root: string;
  /**
   * Bring history.db up to HEAD first (default true): built when missing, new commits
   * added when HEAD moved. With false a missing index is `index_missing` and one behind
   * HEAD is `index_stale`, both with `tsift history index` as the next step.
   */
  autoindex?: boolean;
  /** Receives one line per thing done on the way (history indexed, a writer's lock met). */
  onNote?: ((note: string) => void) | undefined;
}

export interface HistoryRead {
  connection: SqliteConnection;
  location: HistoryLocation;
  repo: GitRepoState;
  close(): void;
}

function indexedHead(location: HistoryLocation): string | null | undefined {
  if (!existsSync(location.dbPath)) return undefined;
  let connection: SqliteConnection;
  try {
    connection = openHistoryReader(location);
  } catch (error) {
    if (isTsiftError(error, "index_missing") || isTsiftError(error, "index_stale") || isTsiftError(error, "corrupt_data")) return undefined;
    throw error;
  }
  try {
    const head = connection.database.prepare("SELECT value FROM meta WHERE key = 'head'").pluck().get() as string | undefined;
    return head === undefined || head === "" ? null : head;
  } finally {
    void connection.close();
  }
}

/** How long a read waits for another tsift that is building the missing history index. */
const FIRST_USE_WAIT_MS = 30_000;

async function writerFinished(lockPath: string): Promise<boolean> {
  const deadline = Date.now() + FIRST_USE_WAIT_MS;
  while (Date.now() < deadline) {
    const state = probeWriterLock(lockPath).state;
    if (state === "absent" || state === "stale") return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * Runs indexHistory; when another tsift holds the lock and there is nothing to read yet,
 * waits for it to finish and runs once more (a no-op when that run built it).
 */
async function indexOrWait(root: string, lockPath: string, nothingToRead: boolean): Promise<HistoryIndexReport | null> {
  try {
    return await indexHistory({ root });
  } catch (error) {
    if (!isTsiftError(error, "lock_held") || !nothingToRead || !(await writerFinished(lockPath))) throw error;
    const run = await indexHistory({ root });
    return run.mode === "unchanged" ? null : run;
  }
}

/**
 * Opens history.db for a read, after the first-use policy: a missing, damaged, older or
 * behind-HEAD file is brought up to date first (an incremental run costs little), unless
 * `autoindex` is false. When another tsift is writing it, the file as it is gets read.
 */
export async function openHistoryForRead(options: HistoryReadOptions): Promise<HistoryRead> {
  const repo = readGitRepoState(options.root);
  const location = historyLocation(options.root);
  const head = indexedHead(location);
  const current = head !== undefined && head === repo.head;
  if (!current) {
    const where = relative(options.root, location.dbPath) || location.dbPath;
    if (options.autoindex === false) {
      // An unreadable file says why (damaged, written by an older tsift), not merely that no history is there.
      if (head === undefined && existsSync(location.dbPath)) void openHistoryReader(location).close();
      throw head === undefined
        ? new TsiftError("index_missing", `no history index at ${location.dbPath}`, { details: { path: location.dbPath }, hint: HISTORY_INDEX_COMMAND })
        : new TsiftError("index_stale", `${where} stops at ${head?.slice(0, 12) ?? "no commit"}, HEAD is ${repo.head?.slice(0, 12) ?? "unborn"}`, {
            details: { path: location.dbPath, indexed_head: head, head: repo.head },
            hint: HISTORY_INDEX_COMMAND,
          });
    }
    try {
      const run = await indexOrWait(options.root, location.lockPath, head === undefined);
      if (run) {
        options.onNote?.(
          `note: ${run.mode === "full" ? "indexed" : "updated"} the git history in ${where} (${run.commits_added} commit${run.commits_added === 1 ? "" : "s"} added, ${run.elapsed_ms} ms)`,
        );
      }
    } catch (error) {
      if (!isTsiftError(error, "lock_held") || head === undefined) throw error;
      options.onNote?.(`note: another tsift is writing ${where}; reading it as it is`);
    }
  }
  const connection = openHistoryReader(location);
  return {
    connection,
    location,
    repo,
    close: () => void connection.close(),
  };
}
