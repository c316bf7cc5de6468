import { existsSync } from "node:fs";
import { relative } from "node:path";
import { TsiftError, isTsiftError } from "@tsift/core/light";
import { probeWriterLock, type SqliteConnection } from "@tsift/sqlite";
import { indexMetaValue } from "./queries/index-meta-queries";
import type { IndexLocation } from "../walk/index-location";
import { loadConfig } from "../walk/config/load-config";
import { readOnlyCaller } from "./read-only-scope";
import { openIndexReader } from "./open-index";
import type { TsiftConfig } from "../walk/config/tsift-config";
import { walkFiles } from "../walk/walk-files";
import { shellArg, type CommandPlace } from "../walk/command-place";
import { describeIndexProgress, readIndexProgress } from "./update/index-progress-file";
import type { ReadTarget } from "../walk/read-target";

/**
 * The one policy of every read command when no index exists yet: a project of at most
 * this many source files is indexed on first use (with a note on stderr), a larger tree
 * is refused with `tsift index` as the next step. An agent asking its first question of
 * a small project gets an answer; a read run by mistake in `$HOME` does not silently
 * parse the whole tree.
 */
export const FIRST_USE_MAX_FILES = 2000;

/** How long a read waits for another tsift that is building the missing index. */
const FIRST_USE_WAIT_MS = 30_000;
const POLL_MS = 100;

export interface FirstUseIndex {
  /** Files the first index run parsed (0 when another writer built it meanwhile). */
  files: number;
  /** One line for stderr saying what was done. */
  note: string;
}

/**
 * index.db opened for reading, or null when there is no index yet: no file, or one whose
 * first run has not committed (a writer is building it).
 */
export function openIndexIfBuilt(location: IndexLocation): SqliteConnection | null {
  if (!existsSync(location.dbPath)) return null;
  try {
    return openIndexReader(location);
  } catch (error) {
    if (isTsiftError(error, "index_missing")) return null;
    throw error;
  }
}

/**
 * Whether index.db holds a committed index run. A first run still being written leaves a
 * file with the schema and no rows: that is no index yet, as `indexFreshness` says too.
 */
export function indexHasRun(location: IndexLocation): boolean {
  const connection = openIndexIfBuilt(location);
  if (!connection) return false;
  try {
    return indexMetaValue(connection.database, "indexed_at") !== null;
  } finally {
    void connection.close();
  }
}

/** `tsift index` spelled for this place, as the next command to run. */
export function indexCommandFor(place: CommandPlace): string {
  return `tsift index${place.pathArg === "." ? "" : ` ${place.pathArg}`}${place.scope ? ` --submodule ${shellArg(place.scope)}` : ""}`;
}

/**
 * Builds the missing index at `location` under the first-use policy. The bound is checked
 * with a walk that stops at `FIRST_USE_MAX_FILES + 1` files, so refusing a huge tree costs
 * little. When another tsift holds the writer lock (it is building this index), waits up
 * to `waitMs` (default 30 s) for it instead of reading a half-built file, then uses its
 * index; past that, `lock_held`.
 */
export async function indexOnFirstUse(
  location: IndexLocation,
  config: TsiftConfig,
  place: CommandPlace,
  options: { waitMs?: number } = {},
): Promise<FirstUseIndex> {
  const run = indexCommandFor(place);
  const readOnly = readOnlyCaller();
  if (readOnly !== null) {
    throw new TsiftError("index_missing", `no index at ${location.dbPath}, and ${readOnly} is read-only: it builds none`, {
      details: { path: location.dbPath },
      hint: `${run} (in a terminal), then ask again`,
    });
  }
  const walk = walkFiles(location.sourceRoot, { exclude: config.index.exclude, maxFiles: FIRST_USE_MAX_FILES });
  if (walk.truncated) {
    const underway = firstIndexUnderway(location);
    if (underway !== null) {
      throw new TsiftError("index_missing", `no index at ${location.dbPath} yet: ${underway}`, {
        details: { path: location.dbPath, max_files: FIRST_USE_MAX_FILES, building: true },
        hint: "ask again shortly; `tsift status` shows how far it is",
      });
    }
    throw new TsiftError(
      "index_missing",
      `no index at ${location.dbPath}, and ${location.sourceRoot} holds more than ${FIRST_USE_MAX_FILES} source files, too many to index on first use`,
      {
        // `index_args`: the index run that builds it, as argv (an absolute project path), for a caller that starts it in the background.
        details: {
          path: location.dbPath,
          max_files: FIRST_USE_MAX_FILES,
          project_root: location.projectRoot,
          index_args: ["index", location.projectRoot, ...(place.scope ? ["--submodule", place.scope] : [])],
        },
        hint: run,
      },
    );
  }
  const { updateIndex } = await import("./update/update-index");
  const dbPath = relative(location.projectRoot, location.dbPath).split("\\").join("/");
  const deadline = Date.now() + (options.waitMs ?? FIRST_USE_WAIT_MS);
  let waited = false;
  for (;;) {
    try {
      const summary = await updateIndex(location, { maxFileBytes: config.index.maxFileBytes, exclude: config.index.exclude });
      const files = summary.new + summary.modified + summary.deleted;
      const note = waited
        ? `note: waited for another tsift to build ${dbPath}, then read it`
        : `note: no index yet: indexed ${files} file${files === 1 ? "" : "s"} into ${dbPath} first`;
      return { files, note };
    } catch (error) {
      if (!isTsiftError(error, "lock_held") || Date.now() >= deadline) throw error;
      waited = true;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

/**
 * What another process building the missing index has done so far, or null when none is: its
 * published progress, or a live writer lock (a run still walking the tree publishes none).
 */
export function firstIndexUnderway(location: IndexLocation): string | null {
  const progress = readIndexProgress(location);
  if (progress) return `tsift (pid ${progress.pid}) is building it: ${describeIndexProgress(progress)}`;
  const lock = probeWriterLock(location.lockPath);
  return lock.state === "live" ? `tsift (pid ${lock.pid ?? "unknown"}) is building it, still reading the file tree` : null;
}

/**
 * The first-use policy for a read that opens index.db itself (`symbols`, which never
 * refreshes) and found no index there.
 */
export async function indexMissingTarget(target: ReadTarget): Promise<FirstUseIndex> {
  return indexOnFirstUse(target.location, await loadConfig(target.root), target.place);
}
