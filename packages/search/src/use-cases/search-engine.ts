import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { isTsiftError } from "@tsift/core";
import { chunkCount, communityCacheDir, openIndexReader, openIndexWriter, readTransaction, TSIFT_DIR, type IndexLocation } from "@tsift/index/indexer";
import type Database from "better-sqlite3";
import { denseBm25Fetch, denseSearch } from "../hybrid-search";
import { ensureVectors, missingVectors, transientVectors, type EmbedBudget } from "../dense-index";
import type { Encoder } from "../encoders/encoder";
import { resolveEncoder } from "../encoders/default-encoder";
import { exactSearch } from "../exact-search";
import { ftsQuery } from "../fts-query";
import { bm25FetchLimit, bm25Page, lexicalSearch, rescoreChunks } from "../lexical-search";
import { mergesAnswer } from "../query-shape";
import { answerCandidates, rankedAnswer } from "../ranked-answer";
import { pageRankTieBreak, type PageRankFn } from "../page-rank-tie-break";
import type { AnswerItem, SearchHit, SymbolHit } from "../search-types";
import { searchSymbols } from "../symbol-search";
import { cachedVectorsComplete } from "../vector-matrix";
import type { SearchData, SearchRequest, SearchTarget } from "./search-request";

export interface EngineDeps {
  /**
   * PageRank for symbol tie-breaks: null when @tsift/algorithms has none, undefined when
   * not loaded (a search whose ranking is cached never needs it; one that does throws
   * PageRankNotLoaded before searching, and the caller loads it and runs again).
   */
  pageRank?: PageRankFn | null;
  /** Milliseconds left before the deadline, for child processes (ripgrep) that must die with it. */
  timeoutMs?: number;
  /**
   * Open connections to use instead of opening one, by index.db path: a warm index's in a
   * serving process (daemon, MCP), whose statements and caches then outlive the call.
   * Closing them is a no-op.
   */
  connections?: ReadonlyMap<string, ReturnType<typeof openIndexReader>>;
  /**
   * How long this search may spend embedding chunks that have no vector yet (the lazy
   * first use), in milliseconds; default a third of `timeoutMs`, or 10 s without one.
   * The search then answers with the vectors stored so far, and later searches embed the
   * rest. `now` (default `performance.now`) and `batch` (chunk contents per stored batch)
   * are there for tests.
   */
  embedding?: { budgetMs?: number; now?: () => number; batch?: number };
}

/** The embedding budget of a search without a deadline. */
const EMBED_BUDGET_MS = 10_000;

/**
 * Runs one search request against its targets and merges them (federated searches
 * have several). Data in, data out, no argv or stdout, and synchronous from start to
 * end, so a single execution deadline covers all of it (see search-deadline.ts).
 */
export function runSearchEngine(request: SearchRequest, deps: EngineDeps): SearchData {
  const now = deps.embedding?.now ?? (() => performance.now());
  const embedBudget: EmbedBudget = {
    // One budget for all targets, counted from the start of the search.
    until: now() + (deps.embedding?.budgetMs ?? (deps.timeoutMs ? deps.timeoutMs / 3 : EMBED_BUDGET_MS)),
    now,
    ...(deps.embedding?.batch !== undefined ? { batch: deps.embedding.batch } : {}),
  };
  testDelay(request.env);
  const filters = { ...(request.pathFilter !== null ? { path: request.pathFilter } : {}), languages: request.languages, kinds: request.kinds };
  const symbols: SymbolHit[] = [];
  const hits: SearchHit[] = [];
  // A prose query's answer is one list: BM25F alone (lexical), the model alone (semantic) or both fused (hybrid, its default).
  const merged = request.strategy !== "exact" && mergesAnswer(request.query);
  const results: AnswerItem[] = [];
  let symbolTotal = 0;
  let hitTotal = 0;
  let artifacts = 0;
  let recovery: string | undefined;
  const data: Partial<SearchData> = {};
  const encoder = request.strategy === "hybrid" || request.strategy === "semantic" ? loadEncoder(request) : null;

  for (const target of request.targets) {
    const local = localFilters(filters, target);
    if (local === null) continue;
    if (request.strategy === "exact" || !target.indexed) {
      const result = exactSearch(request.query, {
        root: target.sourceRoot,
        limit: request.limit,
        ...local,
        caseMode: request.caseMode,
        files: () => target.files ?? [],
        maxFileBytes: request.maxFileBytes,
        env: request.env,
        ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
      });
      hits.push(...result.hits.map((hit) => prefixHit(hit, target)));
      hitTotal += result.files_matched;
      artifacts += result.total_matches;
      data.backend = result.backend;
      data.case = request.caseMode;
      continue;
    }
    const connection = deps.connections?.get(target.dbPath) ?? openIndexReader(locationOf(request, target));
    try {
      recovery ??= connection.recovery ?? undefined;
      const db = connection.database;
      // Before anything is embedded: a ranking that is not cached yet throws here, and the caller reruns the search.
      const tieBreak = pageRankTieBreak(db, communityCacheDir(locationOf(request, target)), deps.pageRank);
      // Vectors a writer stores for this search must be committed before the snapshot below starts.
      const cacheFile = encoder ? vectorCacheFile(request.root, target, encoder.id) : null;
      // The automatic hybrid answer never embeds a whole index in memory per query (a read-only
      // server cannot store vectors): without stored vectors its model only re-ranks BM25's candidates.
      const extra =
        encoder && cacheFile
          ? prepareVectors(locationOf(request, target), encoder, data, { db, cacheFile, transient: request.strategySource === "flag", budget: embedBudget })
          : undefined;
      // Every statement against this target in one snapshot: ranked ids are read back while a writer commits.
      readTransaction(db, () => {
        artifacts += chunkCount(db);
        const found = searchSymbols(db, request.query, { limit: request.limit, ...local, ...(tieBreak ? { tieBreak } : {}) });
        symbols.push(...found.map((symbol) => ({ ...symbol, file: prefixed(target, symbol.file) })));
        symbolTotal += found.length;
        if (request.strategy === "lexical") {
          const result = lexicalSearch(db, request.query, { limit: request.limit, ...local });
          hits.push(...result.hits.map((hit) => prefixHit(hit, target)));
          hitTotal += result.total;
          if (merged) {
            const answer = rankedAnswer(db, ftsQuery(request.query), found, { limit: request.limit, ...local }, undefined, result.ranked);
            results.push(...answer.map((item) => (target.prefix ? { ...item, path: prefixed(target, item.path) } : item)));
          }
        } else {
          const query = ftsQuery(request.query);
          const hybrid = request.strategy === "hybrid";
          // One BM25 page serves both rankings of a hybrid search (the fused hits and the answer's
          // candidates); neither reports how many chunks match in all, so none are counted.
          const answerFetch = merged && hybrid ? bm25FetchLimit(answerCandidates(request.limit, undefined, "hybrid")) : 0;
          const bm25 = hybrid
            ? bm25Page(db, query, { limit: request.limit, ...local, count: false }, Math.max(denseBm25Fetch(request.limit), answerFetch))
            : undefined;
          const result = denseSearch(db, request.query, request.strategy === "semantic" ? "semantic" : "hybrid", {
            limit: request.limit,
            encoder: encoder!,
            ...local,
            ...(request.alpha !== null ? { alpha: request.alpha } : {}),
            ...(extra ? { extra } : {}),
            ...(bm25 ? { bm25 } : {}),
            cacheFile: cacheFile!,
          });
          hits.push(...result.hits.map((hit) => prefixHit(hit, target)));
          hitTotal += result.candidates.dense;
          if (request.strategy === "hybrid") data.alpha = result.alpha;
          data.encoder = encoder!.id;
          if (merged) {
            const answer = rankedAnswer(
              db,
              query,
              found,
              { limit: request.limit, ...local },
              undefined,
              bm25 ? rescoreChunks(query, bm25, answerFetch) : undefined,
              {
                encoder: encoder!,
                query: result.queryVector,
                dense: result.dense,
                mode: request.strategy === "semantic" ? "model" : "hybrid",
              },
            );
            results.push(...answer.map((item) => (target.prefix ? { ...item, path: prefixed(target, item.path) } : item)));
          }
        }
      });
    } finally {
      void connection.close();
    }
  }

  // Federated targets each ranked their own rows; merge by score, stable on path and line.
  symbols.sort((a, b) => b.score - a.score || (b.centrality ?? 0) - (a.centrality ?? 0) || cmp(a.file, b.file) || a.line - b.line);
  hits.sort((a, b) => b.score - a.score || cmp(a.path, b.path) || a.line - b.line);
  const keptHits = hits.slice(0, request.limit).map((hit, index) => ({ ...hit, rank: index + 1 }));
  const keptSymbols = symbols.slice(0, request.limit);
  results.sort((a, b) => b.score - a.score || cmp(a.path, b.path) || a.line - b.line);
  const answer = merged && !request.targets.every((target) => !target.indexed) ? "merged" : "symbols_first";
  return {
    query: request.query,
    strategy: request.strategy,
    strategy_source: request.strategySource,
    symbols: keptSymbols,
    hits: keptHits,
    ...(request.strategy !== "exact" ? { answer } : {}),
    ...(answer === "merged" ? { results: results.slice(0, request.limit).map((item, index) => ({ ...item, rank: index + 1 })) } : {}),
    symbol_total: Math.max(symbolTotal, keptSymbols.length),
    hit_total: Math.max(hitTotal, keptHits.length),
    indexed_artifacts: artifacts,
    truncated: hitTotal > keptHits.length,
    filters: { path: request.pathFilter, lang: request.languages, kind: request.kinds },
    ...(request.targets.some((target) => target.scope !== null) ? { scopes: request.targets.map((target) => target.scope ?? ".") } : {}),
    ...data,
    ...(recovery ? { recovery } : {}),
  };
}

function locationOf(request: SearchRequest, target: SearchTarget): IndexLocation {
  return { projectRoot: request.root, sourceRoot: target.sourceRoot, scope: target.scope, dbPath: target.dbPath, lockPath: target.lockPath };
}

/** The dense encoder for a request: the shipped model by default (see resolveEncoder), loaded once per process. */
export function loadEncoder(request: Pick<SearchRequest, "model">): Encoder {
  return resolveEncoder(request.model).encoder;
}

/**
 * Makes sure every chunk has a vector for the encoder: stored through the writer lock
 * on first use; if another writer holds the lock (or the caller is read-only), computed
 * in memory for this search only (returned as extra vectors), unless `transient` is
 * false: then an empty map, and the stored vectors alone rank. `db` is a reader already open on the index, to
 * check with; the packed vector cache (`cacheFile`) answers that check for every search
 * after the first without reading the chunks table. With a `budget`, embedding stops
 * when it is spent: the stored batches are kept, and `data.embedded.remaining` counts
 * the chunk contents this search ranked without.
 */
export function prepareVectors(
  location: IndexLocation,
  encoder: Encoder,
  data: Partial<SearchData>,
  via: { db?: Database.Database; cacheFile: string; transient?: boolean; budget?: EmbedBudget },
): Map<string, Buffer> | null {
  const count = (db: Database.Database) => (cachedVectorsComplete(db, encoder.id, via.cacheFile) ? 0 : missingVectors(db, encoder.id));
  let missing: number;
  if (via.db) missing = count(via.db);
  else {
    const probe = openIndexReader(location);
    try {
      missing = count(probe.database);
    } finally {
      void probe.close();
    }
  }
  if (missing === 0) return null;
  const started = performance.now();
  const report = (stored: number, transient: number, remaining: number) => {
    const total = (data.embedded?.remaining ?? 0) + remaining;
    data.embedded = {
      stored: (data.embedded?.stored ?? 0) + stored,
      transient: (data.embedded?.transient ?? 0) + transient,
      ms: Math.round(performance.now() - started),
      ...(total > 0 ? { remaining: total } : {}),
    };
  };
  try {
    const writer = openIndexWriter(location);
    try {
      const result = ensureVectors(writer.db, encoder, via.budget);
      report(result.embedded, 0, result.remaining);
      return null;
    } finally {
      writer.close();
    }
  } catch (error) {
    // A held lock or a read-only caller: vectors for this query only, nothing stored.
    if (!isTsiftError(error, "lock_held") && !isTsiftError(error, "read_only")) throw error;
    // Not asked for: the stored vectors alone rank (none is an empty dense side).
    if (via.transient === false) return new Map();
    const reader = openIndexReader(location);
    try {
      const extra = transientVectors(reader.database, encoder, via.budget);
      report(0, extra.size, Math.max(0, missing - extra.size));
      return extra;
    } finally {
      void reader.close();
    }
  }
}

/** Filters are root-relative; a target's rows are relative to its own directory. */
function localFilters(
  filters: { path?: string; languages: string[]; kinds: string[] },
  target: SearchTarget,
): { path?: string; languages: string[]; kinds: string[] } | null {
  if (filters.path === undefined || target.prefix === "") return filters;
  if (filters.path === target.prefix) return { languages: filters.languages, kinds: filters.kinds };
  if (filters.path.startsWith(`${target.prefix}/`)) return { ...filters, path: filters.path.slice(target.prefix.length + 1) };
  // A path filter outside this scope: the scope has nothing to contribute.
  return target.prefix.startsWith(`${filters.path}/`) ? { languages: filters.languages, kinds: filters.kinds } : null;
}

function prefixed(target: SearchTarget, path: string): string {
  return target.prefix ? `${target.prefix}/${path}` : path;
}

function prefixHit<H extends SearchHit>(hit: H, target: SearchTarget): H {
  return target.prefix ? { ...hit, path: prefixed(target, hit.path), artifact_id: hit.artifact_id.replace(":", `:${target.prefix}/`) } : hit;
}

/** The packed-vector cache of one index and encoder (rebuilt whenever the index or its vectors change). */
export function vectorCacheFile(root: string, target: Pick<SearchTarget, "scope">, encoderId: string): string {
  return cacheFile(root, target, `vectors-${encoderId.replace(/[^\w.-]+/g, "_")}.bin`);
}

function cacheFile(root: string, target: Pick<SearchTarget, "scope">, name: string): string {
  return join(root, TSIFT_DIR, "search-cache", ...(target.scope ? ["scopes", ...target.scope.split("/")] : []), name);
}

/**
 * Test hooks: TSIFT_TEST_SEARCH_SLEEP_MS makes a search take this long, spent in
 * JavaScript like a slow ranking would be, so the deadline can interrupt it;
 * TSIFT_TEST_SEARCH_BLOCK_MS blocks in one native call instead (a synchronous child
 * process), which only the watchdog can stop.
 */
function testDelay(env: Readonly<Record<string, string | undefined>>): void {
  const block = Number(env.TSIFT_TEST_SEARCH_BLOCK_MS ?? 0);
  if (block > 0) spawnSync(process.execPath, ["-e", `setTimeout(() => {}, ${block})`], { stdio: "ignore" });
  const ms = Number(env.TSIFT_TEST_SEARCH_SLEEP_MS ?? 0);
  if (!(ms > 0)) return;
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy on purpose: a blocked thread is what the deadline has to stop
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
