import type Database from "better-sqlite3";
import { loadLanguageHooks } from "../../resolve/language-hooks";
import type { Lang } from "@tsift/graph";
import { applyCheckerAnswers, hasCheckerAnswers } from "../../resolve/checker/checker-answers";
import type { CheckerProgress } from "../../resolve/checker/checker-pass";
import type { IndexLocation } from "../../walk/index-location";
import type { IndexMode, IndexSummary } from "../index-summary";
import { sortWarnings, type IndexWarning } from "../../walk/index-warning";
import { ChunkStore } from "./chunk-store";
import { extractAll, type ExtractJob, type ExtractOutcome } from "./extract-pool";
import { IndexStore, type TrackedFile } from "./index-store";
import { collectGarbage, FULL_COLLECTION_MIN_EXTRACTED_BYTES } from "./full-collection";
import { resolvePass } from "../../resolve/resolve-pass";
import { readPackagesIn } from "../../resolve/workspace-packages";
import { openIndexWriter, TOOL_VERSION } from "../open-index";
import { changeList, planChanges, sizeLimitRecheck } from "../plan-changes";
import { readSource, type SkipReason } from "../../walk/read-source";
import { PER_FILE_TABLES } from "../index-schema";
import { DEFAULT_MAX_FILE_BYTES, type CallResolver } from "../../walk/config/tsift-config";
import { walkFiles, type WalkedFile } from "../../walk/walk-files";
import { refuseWriteWhenReadOnly } from "../read-only-scope";
import { PUBLISH_MIN_FILES, publishIndexProgress } from "./index-progress-file";

export interface IndexProgress {
  /** Changed files handled so far (parsed, skipped or found identical). */
  done: number;
  total: number;
}

export interface UpdateIndexOptions {
  /** Drop every row first and index all files as new. */
  rebuild?: boolean;
  /** `--prune`: report prune stats; the walk stays a full scan. */
  prune?: boolean;
  maxFileBytes?: number;
  /** Root-relative gitignore-style patterns (`[index] exclude`). */
  exclude?: readonly string[];
  /** Worker threads for extraction; default decided by the number of files to parse. */
  workers?: number;
  onProgress?: (progress: IndexProgress) => void;
  /**
   * How calls are resolved: `declarations` (the default) or `checker`, which afterwards runs
   * the project's own TypeScript checker over the TypeScript files it has not checked at their content hash
   * (`runCheckerPass`), still under the writer lock, and records its answers as `checker`.
   */
  resolve?: CallResolver;
  /** Called as the checker pass builds its program and checks files. */
  onCheckerProgress?: (progress: CheckerProgress) => void;
  /**
   * Files per transaction of a first index (default COLD_BATCH_FILES, or the
   * `TSIFT_INDEX_BATCH_FILES` environment variable). A first index of more files is
   * written aside and committed in batches (see updateIndex).
   */
  batchFiles?: number;
}

/** A first index of more files than this is written aside, committing after each this many files. */
export const COLD_BATCH_FILES = 2000;
/** …or as soon as this many call sites wait for the resolution pass (their rows are the largest part of a batch). */
export const COLD_BATCH_CALLS = 200_000;

function batchFilesOf(options: UpdateIndexOptions): number {
  const fromEnv = Number(process.env.TSIFT_INDEX_BATCH_FILES);
  const files = options.batchFiles ?? (Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : COLD_BATCH_FILES);
  return Math.max(1, Math.trunc(files));
}

/** Tables the resolution pass reads by their secondary indexes (`SqliteSymbols`). */
const RESOLVER_TABLES = ["symbols", "member_types"];
/** Tables whose rows an update writes itself; anything in the others (vector cache, checker answers) belongs to the live file. */
const REWRITTEN_TABLES = new Set<string>([...PER_FILE_TABLES, "files", "dir_state", "meta"]);
const REWRITTEN_META = new Set(["schema_version", "tool_version", "indexed_at", "root", "max_file_bytes", "workspace_packages"]);

/** Whether the live file holds nothing a new file written aside would lose: no files, and nothing in the tables an update does not write. */
function holdsNothingToKeep(db: Database.Database): boolean {
  if (db.prepare("SELECT 1 FROM files LIMIT 1").get() !== undefined) return false;
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'chunks_fts%'")
    .pluck()
    .all() as string[];
  for (const table of tables) {
    if (REWRITTEN_TABLES.has(table)) continue;
    if (db.prepare(`SELECT 1 FROM "${table.replaceAll('"', '""')}" LIMIT 1`).get() !== undefined) return false;
  }
  const keys = db.prepare("SELECT key FROM meta").pluck().all() as string[];
  return keys.every((key) => REWRITTEN_META.has(key));
}

type Action =
  | { kind: "extract"; file: WalkedFile; size: number; hash: string; replacing: boolean }
  | { kind: "touch"; file: WalkedFile; size: number }
  | { kind: "skip"; file: WalkedFile; size: number; hash: string; reason: SkipReason }
  | { kind: "fail"; file: WalkedFile; size: number; message: string };

/**
 * Brings the index at `location` up to date with its source directory. Holds the
 * writer lock for the whole run; every row it writes, deletes or re-resolves goes
 * through one SAVEPOINT, so a failure anywhere leaves the previous index untouched.
 * Unchanged files (same size and mtime) are not opened; changed files whose bytes
 * hash the same keep their rows and only get the new stat.
 *
 * A first index of more than `batchFiles` files is the exception: one transaction would
 * hold every file's call sites in memory and grow the WAL to the size of the index. It is
 * written into a new file beside index.db instead (IndexWriter.buildAside), committed and
 * checkpointed every `batchFiles` files (or COLD_BATCH_CALLS call sites), and that file takes
 * index.db's place only once the run has committed its last row. Readers see the index as it
 * was (empty) until then, and the whole index after; a run that fails or dies changes nothing
 * they can see. A rebuild of an index readers use stays one transaction.
 */
export async function updateIndex(location: IndexLocation, options: UpdateIndexOptions = {}): Promise<IndexSummary> {
  const started = performance.now();
  const mode: IndexMode = options.rebuild ? "rebuild" : options.prune ? "prune-safe" : "incremental";
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  refuseWriteWhenReadOnly(`build or refresh ${location.dbPath}`);
  const writer = openIndexWriter(location, { rebuild: options.rebuild === true });
  let progress: ReturnType<typeof publishIndexProgress> | null = null;
  try {
    const walkStarted = performance.now();
    const walk = walkFiles(location.sourceRoot, { exclude: options.exclude ?? [] });
    const walkMs = performance.now() - walkStarted;
    const tracked: Map<string, TrackedFile> = options.rebuild ? new Map() : new IndexStore(writer.db).loadFiles();
    const meta = (key: string) => writer.db.prepare("SELECT value FROM meta WHERE key = ?").pluck().get(key) as string | undefined;
    const previousLimit = meta("max_file_bytes");
    const plan = planChanges(walk.files, tracked, sizeLimitRecheck(previousLimit === undefined ? null : Number(previousLimit), maxFileBytes));
    const warnings: IndexWarning[] = [...walk.warnings];
    const now = new Date().toISOString();
    let parsed = 0;
    let extractedBytes = 0;
    let extractMs = 0;
    let resolveMs = 0;
    let workers = 0;
    const anyChange = options.rebuild || plan.changed.length > 0 || plan.deleted.length > 0;
    // The package.json files bare imports resolve into: when they change, every import and call is resolved again.
    const packages = readPackagesIn(
      walk.root,
      walk.dirs.filter((dir) => dir.packageJson).map((dir) => dir.path),
    );
    const packagesChanged = meta("workspace_packages") !== packages.digest;

    const limitChanged = previousLimit !== String(maxFileBytes);
    // A big run tells other processes how far it is (status, tsift mcp during a first index).
    if (plan.changed.length >= PUBLISH_MIN_FILES) progress = publishIndexProgress(location, plan.changed.length);
    if (anyChange || mode === "prune-safe" || limitChanged || packagesChanged) {
      const cold = options.rebuild === true || tracked.size === 0;
      const batchFiles = batchFilesOf(options);
      const batched = cold && plan.changed.length > batchFiles && (writer.aside || (tracked.size === 0 && holdsNothingToKeep(writer.db)));
      if (batched) writer.buildAside();
      const db = writer.db;
      // A cold run resolves every call: it needs no list of the names it wrote.
      const store = new IndexStore(db, !cold);
      const chunks = new ChunkStore(db, await import("@tsift/graph"));
      // IMMEDIATE takes the write lock before the first read, waiting out the busy timeout: a
      // deferred transaction that has read and then writes can get SQLITE_BUSY at once, with
      // no wait, when readers churn the WAL meanwhile (seen under concurrent searches).
      const outer = !db.inTransaction;
      if (outer) db.exec("BEGIN IMMEDIATE");
      db.exec("SAVEPOINT tsift_index_update");
      // A batched run commits what it wrote so far (into the file no reader sees yet) and empties the WAL.
      const commitBatch = batched
        ? () => {
            db.exec("RELEASE tsift_index_update");
            db.exec("COMMIT");
            db.pragma("wal_checkpoint(TRUNCATE)");
            db.exec("BEGIN IMMEDIATE");
            db.exec("SAVEPOINT tsift_index_update");
          }
        : undefined;
      let inBatch = 0;
      try {
        // A cold run writes every row: its secondary indexes are built once at the end.
        const restoreIndexes = cold ? store.deferIndexes() : null;
        if (options.rebuild) store.clearAll();
        for (const { path } of plan.deleted) store.removeFile(path);

        const actions: Action[] = [];
        const warn = (file: WalkedFile, stage: IndexWarning["stage"], message: string) =>
          warnings.push({ path: file.path, stage, language: file.lang, message });
        const prepare = (index: number): ExtractJob => {
          const { file, tracked: known } = plan.changed[index]!;
          const read = readSource(file.absPath, file.lang, file.size, maxFileBytes);
          if (read.kind === "error") {
            warn(file, "read_source", read.message);
            // Recorded with the walk's stat: retried once it changes, not by every run.
            actions[index] = { kind: "fail", file, size: file.size, message: read.message };
            return null;
          }
          if (read.kind === "skip") {
            warn(file, "filter", read.message);
            actions[index] = { kind: "skip", file, size: read.size, hash: read.hash, reason: read.reason };
            return null;
          }
          if (known && known.contentHash === read.hash && known.skipReason === null && known.language === file.lang) {
            actions[index] = { kind: "touch", file, size: read.size };
            return null;
          }
          if (read.lossy) warn(file, "decode", "invalid UTF-8 replaced with U+FFFD; symbols may be incomplete");
          // A file the index does not track has no rows to delete (a rebuild cleared them all).
          actions[index] = { kind: "extract", file, size: read.size, hash: read.hash, replacing: known !== null };
          return { lang: file.lang as Lang, text: read.text };
        };
        const onResult = (index: number, outcome: ExtractOutcome | null) => {
          const action = actions[index]!;
          const { file } = action;
          if (action.kind === "touch") store.touchFile(file.path, action.size, file.mtimeNs);
          else if (action.kind === "skip") store.trackSkipped(file.path, file.lang, action.size, file.mtimeNs, action.hash, action.reason, now);
          else if (action.kind === "fail") store.trackFailed(file.path, file.lang as Lang, action.size, file.mtimeNs, "", "read_failed", action.message, now);
          else if (outcome && outcome.ok) {
            store.writeExtraction(file.path, action.size, file.mtimeNs, action.hash, outcome.result, now, action.replacing);
            chunks.write(file.path, outcome.result);
            parsed++;
            extractedBytes += action.size;
          } else if (outcome && outcome.refused) {
            // Too large to extract within its memory bound: skipped like a file over max_file_bytes.
            warn(file, "filter", `skipped: ${outcome.message}`);
            store.trackSkipped(file.path, file.lang, action.size, file.mtimeNs, action.hash, "too_large", now);
          } else {
            // Extraction threw (input the parser refuses, a grammar that cannot load): no rows,
            // but the file is recorded, so it is retried when it changes (or by --rebuild) rather
            // than by every run, and the index can be fresh.
            const message = `extraction failed: ${outcome?.message ?? "no result"}`;
            warn(file, "extract_symbols", message);
            store.trackFailed(file.path, file.lang as Lang, action.size, file.mtimeNs, action.hash, "extract_failed", message, now);
          }
          // What the run needs of this file is written; a big run lets go of it.
          if (batched) delete actions[index];
          if (commitBatch && (++inBatch >= batchFiles || store.pendingCalls.length >= COLD_BATCH_CALLS)) {
            // Their call sites go in unresolved; the resolution pass pages through them.
            store.flushPendingCalls();
            commitBatch();
            inBatch = 0;
          }
          options.onProgress?.({ done: index + 1, total: plan.changed.length });
          progress?.update(index + 1);
        };
        const extractStarted = performance.now();
        const parsing = plan.changed.length;
        ({ workers } = await extractAll(parsing, { prepare, onResult, ...(options.workers === undefined ? {} : { workers: options.workers }) }));
        extractMs = performance.now() - extractStarted;

        // Touched-but-identical files change no row that resolution reads.
        const fileSetChanged = options.rebuild || plan.deleted.length > 0 || plan.changed.some((change) => change.kind === "new");
        const resolving = options.rebuild || store.touchedFiles.size > 0 || fileSetChanged || packagesChanged;
        // The resolve pass asks the languages' module systems (loaded with @tsift/graph's rules).
        if (resolving) await loadLanguageHooks();
        // The pass reads symbols and member types by name and by file: their indexes come first.
        if (resolving) restoreIndexes?.(commitBatch, RESOLVER_TABLES);
        // What the extraction held for the writer is garbage now: a large run collects it before the pass allocates.
        if (resolving && extractedBytes >= FULL_COLLECTION_MIN_EXTRACTED_BYTES) collectGarbage();
        if (options.rebuild || packagesChanged || (cold && resolving))
          resolveMs = resolvePass(db, null, store, packages, { pageSize: 50_000, ...(commitBatch ? { betweenPages: commitBatch } : {}) }).ms;
        else if (resolving) {
          resolveMs = resolvePass(db, { names: store.touchedNames, files: store.touchedFiles, fileSetChanged }, store, packages).ms;
        }
        store.flushPendingCalls();
        commitBatch?.();
        restoreIndexes?.(commitBatch);
        // The resolver rewrote calls the checker had answered: its answers of unchanged files go back on top.
        if (resolving && hasCheckerAnswers(db)) applyCheckerAnswers(db);
        if (anyChange || mode === "prune-safe") store.replaceDirState(walk.dirs);
        store.setMeta("schema_version", String(writer.db.pragma("user_version", { simple: true })));
        store.setMeta("tool_version", TOOL_VERSION);
        store.setMeta("indexed_at", now);
        store.setMeta("root", walk.root);
        store.setMeta("max_file_bytes", String(maxFileBytes));
        store.setMeta("workspace_packages", packages.digest);
        db.exec("RELEASE tsift_index_update");
        if (outer) db.exec("COMMIT");
      } catch (error) {
        if (db.inTransaction) {
          db.exec("ROLLBACK TO tsift_index_update");
          db.exec("RELEASE tsift_index_update");
          if (outer) db.exec("ROLLBACK");
        }
        throw error;
      }
    }
    // After the update committed, under the same lock: a checker failure leaves the update in place.
    const checker =
      options.resolve === "checker"
        ? (await loadLanguageHooks(), await import("../../resolve/checker/checker-pass")).runCheckerPass(writer.db, {
            sourceRoot: location.sourceRoot,
            now: new Date().toISOString(),
            ...(options.onCheckerProgress ? { onProgress: options.onCheckerProgress } : {}),
          })
        : undefined;

    const newCount = plan.changed.filter((change) => change.kind === "new").length;
    return {
      mode,
      root: walk.root,
      index: location.dbPath,
      total_tracked: walk.files.length,
      new: newCount,
      modified: plan.changed.length - newCount,
      deleted: plan.deleted.length,
      unchanged: plan.unchanged,
      parsed,
      changes: changeList(plan),
      warnings: sortWarnings(warnings),
      ...(mode === "prune-safe" ? { prune_stats: { dirs_walked: walk.dirs.length, dirs_pruned: 0, files_pruned: 0 } } : {}),
      ...(writer.replaced ? { replaced: writer.replaced } : {}),
      ...(writer.lock.warning ? { lock_recovered: writer.lock.warning } : {}),
      ...(checker ? { checker } : {}),
      timings: { walk_ms: walkMs, extract_ms: extractMs, resolve_ms: resolveMs, total_ms: performance.now() - started, workers },
    };
  } finally {
    progress?.clear();
    writer.close();
  }
}
