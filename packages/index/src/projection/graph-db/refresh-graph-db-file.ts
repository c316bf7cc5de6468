import { existsSync } from "node:fs";
import { TsiftError, isTsiftError, type GraphStore, type SqlGraphFileStats, type TsiftErrorCode } from "@tsift/core";
import { acquireWriterLock } from "@tsift/sqlite";
import { isCurrentProjection, readCodeGraphSourceState, refreshCodeGraph, type CodeGraphRefreshReport } from "../code-graph/refresh-code-graph";
import type { IndexLocation } from "../../walk/index-location";
import { missingIndexError, refreshData, withIndexUpdate, type RefreshData, type RefreshGraphDbOptions } from "./graph-db-refresh";
import { startGraphDbReplacement } from "./graph-db-recover";
import type { RefreshWorkerInput, RefreshWorkerOutput } from "./graph-refresh-worker";

/**
 * How a worker thread opens the store a refresh writes: `(await import(module))[export](file, ...args)`.
 * `module` is a URL or a specifier the worker can import (`import.meta.resolve("@tsift/sqlite")`);
 * the caller picks the backend, this package only runs it.
 */
export interface GraphStoreWorkerOpen {
  module: string;
  export: string;
  args?: unknown[];
}

/** A graph store kept in a local file (SQLite, or libSQL on a file): what a file refresh opens and may replace. */
export interface GraphDbFile {
  /** The file (graph.db). */
  path: string;
  /** Opens a writable store on `file`: graph.db, or the replacement `force` builds beside it. */
  open(file: string): Promise<GraphStore>;
  /**
   * How a worker thread opens the same kind of store, so a rebuild runs there with a large
   * young generation; called only when this package's built worker exists (from source the
   * rebuild runs in this thread).
   */
  worker?: () => GraphStoreWorkerOpen;
}

/** Young-generation size for the rebuild thread, MiB (V8's default semi-space is 16). */
const REBUILD_YOUNG_GENERATION_MB = 64;

/**
 * Runs a projection rebuild on a worker thread with a large young generation. A rebuild
 * allocates a short-lived object per row (nodes, edges, their properties and encodings),
 * and with V8's default 16 MiB semi-space the scavenger copies the survivors over and
 * over: on effect's src/ (80k rows) a larger young generation cuts the rebuild's CPU by
 * about 30%. Node cannot raise it for the running thread, but a worker gets its own heap
 * limits. Null when there is no built worker file (running from source).
 */
async function rebuildOnWorker(input: Omit<RefreshWorkerInput, "open">, open: (() => GraphStoreWorkerOpen) | undefined): Promise<RefreshWorkerOutput | null> {
  const url = new URL("./graph-refresh-worker.js", import.meta.url);
  if (!open || !existsSync(url)) return null;
  const { Worker } = await import("node:worker_threads");
  const workerData: RefreshWorkerInput = { ...input, open: open() };
  return new Promise((resolve, reject) => {
    const worker = new Worker(url, { workerData, resourceLimits: { maxYoungGenerationSizeMb: REBUILD_YOUNG_GENERATION_MB } });
    worker.once("message", (message: RefreshWorkerOutput) => resolve(message));
    worker.once("error", reject);
    worker.once("exit", (code) => (code === 0 ? undefined : reject(new TsiftError("internal", `the graph refresh worker exited with code ${code}`))));
  });
}

function workerError(error: Extract<RefreshWorkerOutput, { ok: false }>["error"]): Error {
  if (error.name === "TsiftError" && error.code) {
    return new TsiftError(error.code as TsiftErrorCode, error.message, {
      ...(error.hint ? { hint: error.hint } : {}),
      ...(error.details ? { details: error.details } : {}),
    });
  }
  return new Error(error.message);
}

export interface RefreshedGraphDb {
  report: CodeGraphRefreshReport;
  data: RefreshData;
  /** The graph writer lock was stale and taken over: what was taken over, to report. */
  lockWarning: string | null;
}

/**
 * `tsift graph-db refresh` of a local graph store file, under the graph writer lock
 * (`lockPath`): `cached_source_watermark_reuse` when nothing the projection depends on
 * changed (in this thread: a watermark read and a lookup), otherwise a transactional delta
 * refresh (`cold_source_graph_rebuild`) on a worker thread. With `force`, a file that
 * cannot be used (corrupt, another schema, missing tables) is rebuilt beside it and
 * renamed into place only once complete, the old bytes kept as `graph.db.corrupt-<time>`
 * (`data.replaced` says so). Remote stores use `refreshGraphDb` on an open store.
 */
export async function refreshGraphDbFile(file: GraphDbFile, index: IndexLocation, options: RefreshGraphDbOptions): Promise<RefreshedGraphDb> {
  if (!existsSync(index.dbPath)) throw missingIndexError(options.place);
  const lock = options.lockPath ? acquireWriterLock(options.lockPath, { what: "graph" }) : null;
  const scope = options.place.scope ?? "root";
  let store: GraphStore | null = null;
  let replacement: Awaited<ReturnType<typeof startGraphDbReplacement>> = null;
  let built = false;
  try {
    // `force` rebuilds whatever state the file is in: one it cannot use is replaced by a file built beside it.
    replacement = options.force ? await startGraphDbReplacement(file.path) : null;
    const building = replacement ? replacement.tempPath : file.path;
    let stats: SqlGraphFileStats | null | undefined;
    const report = await withIndexUpdate(index, options.updateIndex, async () => {
      store = await file.open(building);
      const source = await readCodeGraphSourceState(index);
      if (options.force || !isCurrentProjection(await store.projectionStatus(scope), source)) {
        // The rebuild opens its own connection; this one must not hold the file meanwhile.
        await store.close();
        store = null;
        let outcome: RefreshWorkerOutput | null;
        try {
          outcome = await rebuildOnWorker({ file: building, location: index, scope, force: Boolean(options.force) }, file.worker);
        } finally {
          store = await file.open(building);
        }
        if (outcome && !outcome.ok) throw workerError(outcome.error);
        if (outcome) {
          stats = outcome.file;
          return outcome.report;
        }
      }
      // Current (a reuse), or no built worker (from source): refresh in this thread.
      return refreshCodeGraph(store, index, { scope, sourceState: source, ...(options.force ? { force: true } : {}) });
    });
    const data = await refreshData(report, store!, options.place, options.location, stats);
    built = true;
    const replaced = replacement ? { replaced: { reason: replacement.reason, moved_to: replacement.movedTo } } : {};
    return { report, data: { ...data, ...replaced }, lockWarning: lock?.warning ?? null };
  } catch (error) {
    if (isTsiftError(error, "index_missing")) throw missingIndexError(options.place);
    throw error;
  } finally {
    await (store as GraphStore | null)?.close();
    // Only a complete rebuild takes the damaged file's place.
    if (replacement) (built ? replacement.commit : replacement.abandon)();
    lock?.release();
  }
}
