import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { FileExtraction, Lang } from "@tsift/graph";
import { collectGarbage } from "./collect-garbage.mjs";

/** `refused`: a file too large to extract within its memory bound (skipped as too_large, not failed). */
export type ExtractOutcome = { ok: true; result: FileExtraction } | { ok: false; message: string; refused?: boolean };

/** One unit of work: the text to parse, or null when the file needs no parse (read error, skip, same hash). */
export type ExtractJob = { lang: Lang; text: string } | null;

/** Below this many files to parse, worker start-up (~50 ms each, plus grammar loads) costs more than it saves. */
export const PARALLEL_THRESHOLD = 64;

/**
 * Characters of source parsed between two turns of the event loop on the calling thread.
 * node-tree-sitter frees a tree's native memory only in its finalizer, and Node runs
 * finalizers on a later turn of the event loop: a synchronous loop over every file keeps
 * every tree alive until it ends (effect's src/: 580 MB peak instead of ~250 MB).
 */
export const YIELD_EVERY_CHARS = 1 << 20;

/**
 * Jobs a worker holds at once, at least: the one it parses and the next, so it never waits
 * for the calling thread to write one result and read the next file before it can go on.
 */
export const JOBS_IN_FLIGHT = 2;

/**
 * Characters of source a worker holds at once, at least (up to MAX_JOBS_IN_FLIGHT jobs). The
 * calling thread parses a whole file of its own between turns, up to max_file_bytes (~0.3 s
 * for 1 MiB), and writes what arrived meanwhile; two small jobs ran out long before that, and
 * the worker idled for a fifth of a cold effect run waiting for more.
 */
export const CHARS_IN_FLIGHT = 1 << 20;
export const MAX_JOBS_IN_FLIGHT = 64;

/** One turn of the event loop, so queued finalizers (parse trees) run. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export interface ExtractAllOptions {
  /** Worker count; 0 extracts on the calling thread. Default: see defaultWorkerCount. */
  workers?: number;
  /** Called once per job index, in order; the pool asks only as fast as workers free up, so texts never pile up. */
  prepare: (index: number) => ExtractJob;
  /**
   * Whether the calling thread parses too, between writing results (default true). It writes
   * the rows, which takes it about a third of what parsing takes a worker, so on its own core
   * it would idle most of the run.
   */
  extractOnCallingThread?: boolean;
  /** Called with results strictly in index order, whatever order workers finish in. */
  onResult: (index: number, outcome: ExtractOutcome | null) => void;
}

/**
 * One core stays with the calling thread (reads, hashing, inserts, chunk terms, resolution,
 * and parsing whatever the workers have not taken yet: see extractOnCallingThread), the
 * rest parse and extract. On 2 cores that is one worker: for effect's src/ (570 files) the
 * writes alone kept the calling thread busy ~3.4 s of a 9.6 s run, and parsing in its idle
 * time brought the run to 7.4–8.6 s; a second worker thread did as well on time but cost
 * another isolate's memory (~380 MB peak against ~350 MB).
 */
export function defaultWorkerCount(jobs: number, cores: number = availableParallelism()): number {
  if (jobs <= PARALLEL_THRESHOLD) return 0;
  const spare = cores - 1;
  return spare < 1 ? 0 : Math.min(spare, Math.ceil(jobs / 32));
}

type Extractor = (typeof import("@tsift/graph"))["startExtraction"];

/** The outcome of an extraction that threw: a TsiftError whose details say "too_large" is a refusal. */
export function failedOutcome(error: unknown): ExtractOutcome {
  const message = error instanceof Error ? error.message : String(error);
  const details = (error as { details?: { reason?: unknown } } | null)?.details;
  return details?.reason === "too_large" ? { ok: false, message, refused: true } : { ok: false, message };
}

/**
 * Extracts one file on this thread, a slice at a time with a turn of the event loop between
 * slices, so a huge file's earlier parse trees are freed before the next slice is parsed.
 */
async function extractHere(startExtraction: Extractor, job: { lang: Lang; text: string }): Promise<ExtractOutcome> {
  try {
    const run = startExtraction(job.lang, job.text, { boundMemory: true });
    while (!run.step()) {
      collectGarbage();
      await yieldToEventLoop();
    }
    return { ok: true, result: run.result() };
  } catch (error) {
    return failedOutcome(error);
  }
}

/** dist/index.js sits next to dist/extract-worker.js; the source tree has src/store/update/extract-worker.mjs. */
function workerUrl(): URL | null {
  for (const name of ["./extract-worker.js", "./extract-worker.mjs", "./store/update/extract-worker.mjs"]) {
    const url = new URL(name, import.meta.url);
    if (existsSync(fileURLToPath(url))) return url;
  }
  return null;
}

/**
 * Runs `count` jobs, on worker threads when that pays, and hands results back in job
 * order through a reorder buffer, so what the caller writes (and the row ids it gets)
 * never depends on worker timing. A worker that fails to start or dies hands its work
 * back to the calling thread instead of failing the run.
 */
export async function extractAll(count: number, options: ExtractAllOptions): Promise<{ workers: number }> {
  // Loaded here, not at module load: readers that import the index package (search, status) never parse.
  const { startExtraction } = await import("@tsift/graph");
  const workers = Math.min(options.workers ?? defaultWorkerCount(count), count);
  const url = workers > 0 ? workerUrl() : null;
  if (!url || workers === 0) {
    let sinceYield = 0;
    for (let index = 0; index < count; index++) {
      const job = options.prepare(index);
      options.onResult(index, job ? await extractHere(startExtraction, job) : null);
      sinceYield += job ? job.text.length : 0;
      if (sinceYield >= YIELD_EVERY_CHARS) {
        sinceYield = 0;
        await yieldToEventLoop();
      }
    }
    return { workers: 0 };
  }

  const ready = new Map<number, ExtractOutcome | null>();
  let nextToEmit = 0;
  let nextToPrepare = 0;
  const emit = () => {
    while (ready.has(nextToEmit)) {
      const outcome = ready.get(nextToEmit)!;
      ready.delete(nextToEmit);
      options.onResult(nextToEmit++, outcome);
    }
  };
  const pending = new Map<number, { lang: Lang; text: string }>();

  await new Promise<void>((resolveAll, rejectAll) => {
    let live = 0;
    let failed = false;
    let finishing = false;
    /** Settles once the calling thread's lane has no job half done (its jobs span turns of the event loop). */
    let laneIdle: Promise<void> = Promise.resolve();
    const finishIfDone = async (): Promise<void> => {
      if (failed || live !== 0 || finishing) return;
      finishing = true;
      try {
        await laneIdle;
        // Jobs a dead worker held, and any not yet started, finish here.
        for (const [index, job] of pending) ready.set(index, await extractHere(startExtraction, job));
        pending.clear();
        while (nextToPrepare < count) {
          const index = nextToPrepare++;
          const job = options.prepare(index);
          ready.set(index, job ? await extractHere(startExtraction, job) : null);
        }
        emit();
        resolveAll();
      } catch (error) {
        rejectAll(error);
      }
    };
    const inflight = new Map<Worker, { jobs: number; chars: number }>();
    /** Tops the worker up to JOBS_IN_FLIGHT jobs and CHARS_IN_FLIGHT characters; false once it has nothing left to do. */
    const feed = (worker: Worker): boolean => {
      let held = inflight.get(worker);
      if (!held) inflight.set(worker, (held = { jobs: 0, chars: 0 }));
      while ((held.jobs < JOBS_IN_FLIGHT || held.chars < CHARS_IN_FLIGHT) && held.jobs < MAX_JOBS_IN_FLIGHT && nextToPrepare < count) {
        const index = nextToPrepare++;
        const job = options.prepare(index);
        if (!job) {
          ready.set(index, null);
          continue;
        }
        pending.set(index, job);
        worker.postMessage({ id: index, lang: job.lang, text: job.text });
        held.jobs++;
        held.chars += job.text.length;
      }
      return held.jobs > 0;
    };
    const pool: Worker[] = [];
    const fail = (error: unknown) => {
      // The caller's write failed: stop every worker and surface the error (the caller rolls back).
      failed = true;
      for (const other of pool) void other.terminate();
      rejectAll(error);
    };
    for (let i = 0; i < workers; i++) {
      const worker = new Worker(url);
      pool.push(worker);
      live++;
      let retired = false;
      const retire = () => {
        if (retired) return;
        retired = true;
        live--;
        void worker.terminate();
        void finishIfDone();
      };
      worker.on("message", (message: { id: number; ok: boolean; result?: FileExtraction; message?: string; refused?: boolean }) => {
        const held = inflight.get(worker)!;
        held.jobs--;
        held.chars -= pending.get(message.id)?.text.length ?? 0;
        pending.delete(message.id);
        ready.set(
          message.id,
          message.ok
            ? { ok: true, result: message.result! }
            : { ok: false, message: message.message ?? "extraction failed", ...(message.refused ? { refused: true } : {}) },
        );
        try {
          emit();
          if (!feed(worker)) retire();
        } catch (error) {
          fail(error);
        }
      });
      worker.on("error", retire);
      worker.on("exit", retire);
      if (!feed(worker)) retire();
    }
    /**
     * The calling thread's share of the parsing: between handling worker results it takes
     * the next job itself, one per turn of the event loop, so worker messages (and tree
     * finalizers) run in between. A job sliced over several turns holds `laneIdle`, so the
     * pool never finishes with one half done.
     */
    const callingThreadLane = async (): Promise<void> => {
      try {
        for (;;) {
          await yieldToEventLoop();
          if (failed || finishing || nextToPrepare >= count) return;
          const index = nextToPrepare++;
          const job = options.prepare(index);
          let idle = () => {};
          laneIdle = new Promise((resolve) => (idle = resolve));
          try {
            ready.set(index, job ? await extractHere(startExtraction, job) : null);
            emit();
          } finally {
            idle();
          }
        }
      } catch (error) {
        fail(error);
      }
    };
    if (options.extractOnCallingThread ?? true) void callingThreadLane();
  });
  return { workers };
}
