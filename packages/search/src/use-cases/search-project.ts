import { existsSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { TsiftError } from "@tsift/core";
import {
  discoverScopes,
  indexedFilePaths,
  indexLocation,
  loadConfig,
  openIndexReader,
  pathArg as commandPath,
  resolveProjectRoot,
  resolveScopeTier,
  selectScope,
  walkFiles,
  type TsiftConfig,
  type WorkspaceScope,
} from "@tsift/index/indexer";
import { borrowWarmIndex, type WarmBorrow } from "@tsift/index/graph-read";
import { exactBackend, type ExactCase } from "../exact-search";
import { loadPageRank, PageRankNotLoaded, type PageRankFn } from "../page-rank-tie-break";
import { resolveEncoder } from "../encoders/default-encoder";
import { HASH_ENCODER_ID } from "../encoders/hash-encoder";
import { mergesAnswer, prefersExact } from "../query-shape";
import type { SearchStrategy } from "../search-types";
import { runWithDeadline, type DeadlineGuard } from "./search-deadline";
import { runSearchEngine, type EngineDeps } from "./search-engine";
import { describeState, ensureFresh, indexCommand, probeFreshness, type FreshnessTarget } from "./search-freshness";
import type { SearchData, SearchRequest, SearchTarget } from "./search-request";

/** `tsift search`'s options; every default is the CLI's. */
export interface SearchProjectOptions {
  query: string;
  /** Where `path` (and `model`) resolve from, and what suggested commands are relative to; default `process.cwd()`. */
  cwd?: string;
  /** The project directory, or a directory/file inside it to search only there; default `.`. */
  path?: string;
  /** Symbols and hits returned; default 10. */
  limit?: number;
  /** Default: `exact` for one identifier- or path-like token, `hybrid` for a description (several plain words), else `lexical`. */
  strategy?: SearchStrategy;
  /** Literal search (same as strategy `exact`). */
  exact?: boolean;
  /** Exact search: how letter case matches, as rg's `--case-sensitive` (default), `-i` and `-S`. */
  caseMode?: ExactCase;
  /** One workspace scope's index. */
  scope?: string;
  /** Every federated workspace scope. */
  federated?: boolean;
  /** Refresh a stale or missing index first (default true); false fails closed with `index_stale` / `index_missing`. */
  autoindex?: boolean;
  /** Seconds before the search is stopped (`timeout` error); 0 for none; default 30. */
  timeout?: number;
  languages?: readonly string[];
  kinds?: readonly string[];
  /** Hybrid: the dense weight in [0, 1]; default from the query's shape. */
  alpha?: number;
  /** Hybrid/semantic: a local Model2Vec directory, or `tsift-hash-v1`; default the shipped tsift-code-v1 model. */
  model?: string;
  /** Environment (ripgrep lookup, test hooks); default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Guards the deadline against a native call that ignores it (see DeadlineGuard). */
  deadlineGuard?: (deadlineMs: number, strategy: SearchStrategy) => ReturnType<DeadlineGuard>;
  /** Hybrid/semantic: how long the search may embed chunks without a vector (see EngineDeps); default a third of the timeout. */
  embedding?: EngineDeps["embedding"];
}

export interface SearchProjectResult {
  data: SearchData;
  /** The project root the search resolved. */
  root: string;
  /** The root as suggested commands spell it from `cwd`. */
  pathArg: string;
  /** The scope id selected by `scope`, else null. */
  scope: string | null;
  /** Config warnings and degraded-freshness notes, one line each. */
  notes: string[];
  /** Milliseconds spent making the index fresh and searching it (not part of `data`, which stays deterministic). */
  timings: { prepareMs: number; searchMs: number };
}

/**
 * `tsift search` as a library call: resolves the project, scope(s) and strategy, makes
 * the index fresh (or degrades, or fails closed), and runs the search under the timeout.
 */
export async function searchProject(options: SearchProjectOptions): Promise<SearchProjectResult> {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  const limit = options.limit ?? 10;
  const timeout = options.timeout ?? 30;
  const autoindex = options.autoindex ?? true;
  const exact = options.exact ?? false;
  const federated = options.federated ?? false;
  const query = options.query.trim();
  if (query === "") throw new TsiftError("usage", "the search query is empty", { hint: 'tsift search "<query>"' });
  if (exact && options.strategy !== undefined && options.strategy !== "exact") {
    throw new TsiftError("usage", `--exact cannot be combined with --strategy ${options.strategy}`, { hint: "pass one of them" });
  }
  if (options.scope !== undefined && federated) throw new TsiftError("usage", "--scope and --federated cannot be combined", { hint: "pass one of them" });

  const started = performance.now();
  const absolute = resolve(cwd, options.path ?? ".");
  // `path` inside the project the cwd belongs to narrows the search there; it does not
  // make a new project of the subdirectory (which would index it separately).
  const fromCwd = resolveProjectRoot(cwd);
  const inside = absolute === fromCwd.root || absolute.startsWith(`${fromCwd.root}${sep}`);
  const own = resolveProjectRoot(absolute);
  const ownsState = existsSync(join(own.root, ".tsift")) || existsSync(join(own.root, ".git"));
  const project = inside && own.root !== fromCwd.root && !ownsState ? fromCwd : own;
  const root = project.root;
  const config = await loadConfig(root);
  const pathFilter = absolute === root ? null : relative(root, absolute).split(sep).join("/");
  const pathArg = commandPath(cwd, root);
  // A description of behaviour gets the hybrid answer (BM25F fused with the code model); a
  // name or path the literal scan; anything else (one plain word, a mixed query) BM25.
  const strategy: SearchStrategy = exact ? "exact" : (options.strategy ?? (prefersExact(query) ? "exact" : mergesAnswer(query) ? "hybrid" : "lexical"));
  const strategySource: SearchRequest["strategySource"] = exact || options.strategy !== undefined ? "flag" : strategy === "lexical" ? "default" : "auto";
  const targets = selectTargets(root, config, { federated, ...(options.scope !== undefined ? { scope: options.scope } : {}) }, project.scope, strategy);

  const notes = config.warnings.map((warning) => `warning: ${warning}`);
  const searchTargets: SearchTarget[] = [];
  let freshness: NonNullable<SearchData["freshness"]> = { state: strategy === "exact" ? "unchecked" : "fresh" };
  let refreshedFiles = 0;
  for (const target of targets) {
    let indexed = strategy !== "exact";
    if (strategy !== "exact") {
      const result = await ensureFresh(target, config, autoindex, pathArg);
      refreshedFiles += result.files;
      if (result.note && !notes.includes(result.note)) notes.push(result.note);
      if (result.mode === "missing_exact") indexed = false;
      if (result.mode !== "fresh" && freshness.state !== "missing_exact") freshness = { state: result.mode };
    }
    searchTargets.push(toSearchTarget(root, target, indexed));
  }
  if (refreshedFiles > 0) freshness = { ...freshness, refreshed_files: refreshedFiles };
  // A warm index in this process (daemon, MCP) lends its open connection: no open, no
  // statement preparation and no close per search.
  const connections = new Map<string, WarmBorrow["connection"]>();
  for (const target of strategy === "exact" ? [] : targets) {
    const warm = await borrowWarmIndex(target.location);
    if (warm && warm.notes.length === 0) connections.set(target.location.dbPath, warm.connection);
  }
  // The in-process literal scan needs file lists; ripgrep walks by itself.
  const needsFiles = (strategy === "exact" || searchTargets.some((target) => !target.indexed)) && exactBackend(env) === "scan";
  if (needsFiles) for (const target of searchTargets) target.files = scanFiles(target, config);

  const degraded = searchTargets.every((target) => !target.indexed) && strategy !== "exact";
  const request: SearchRequest = {
    query,
    strategy: degraded ? "exact" : strategy,
    strategySource: degraded ? "degraded" : strategySource,
    limit,
    root,
    targets: searchTargets,
    pathFilter,
    languages: [...(options.languages ?? [])],
    kinds: [...(options.kinds ?? [])],
    caseMode: options.caseMode ?? "sensitive",
    alpha: options.alpha ?? null,
    model: options.model === undefined ? null : options.model === HASH_ENCODER_ID ? options.model : resolve(cwd, options.model),
    maxFileBytes: config.index.maxFileBytes,
    env: { ...env },
  };
  if (request.strategy === "hybrid" || request.strategy === "semantic") {
    // Loaded here, once per process, only for the strategies that rank with it.
    const { warning } = resolveEncoder(request.model);
    if (warning) notes.push(`warning: ${warning}`);
  }
  const prepared = performance.now();
  const guard = options.deadlineGuard;
  const search = (pageRank: PageRankFn | null | undefined) =>
    runWithDeadline(
      () =>
        runSearchEngine(request, {
          ...(pageRank !== undefined ? { pageRank } : {}),
          ...(timeout > 0 ? { timeoutMs: timeout * 1000 } : {}),
          connections,
          ...(options.embedding ? { embedding: options.embedding } : {}),
        }),
      timeout,
      guard ? (ms) => guard(ms, request.strategy) : undefined,
    );
  let outcome: ReturnType<typeof search>;
  try {
    // The graph algorithms load only when a target's PageRank cache misses (the first
    // search after an index update): importing them costs more than a cached search.
    outcome = search(undefined);
  } catch (error) {
    if (!(error instanceof PageRankNotLoaded)) throw error;
    outcome = search(await loadPageRank());
  }
  if (outcome.kind === "timeout") throw await timeoutError(timeout, request.strategy, targets, config, pathArg);
  const embedded = outcome.value.embedded;
  if (embedded?.remaining) {
    notes.push(
      `note: prose ranking left out ${count(embedded.remaining)} chunk contents not embedded yet (this search embedded ${count(embedded.stored + embedded.transient)}); later searches embed the rest (or run tsift search once more)`,
    );
  }
  return {
    data: { ...outcome.value, freshness },
    root,
    pathArg,
    scope: options.scope !== undefined ? (targets[0]?.scope?.id ?? null) : null,
    notes,
    timings: { prepareMs: prepared - started, searchMs: performance.now() - prepared },
  };
}

/** The indexes a search reads: federated scopes, the named scope, the scope a nested path is in, or the project's own. */
function selectTargets(
  root: string,
  config: TsiftConfig,
  options: { federated: boolean; scope?: string },
  inferred: WorkspaceScope | null,
  strategy: SearchStrategy,
): FreshnessTarget[] {
  const target = (scope: WorkspaceScope | null): FreshnessTarget => ({ location: indexLocation(root, scope), scope });
  if (options.federated) {
    const scopes = discoverScopes(root).filter((scope) => resolveScopeTier(config, scope.id, scope.path).federation);
    if (scopes.length === 0) {
      throw new TsiftError("not_found", `no federated workspace scopes under ${root}`, {
        details: { root },
        hint: "search without --federated, or share a scope in .tsift/config.toml",
      });
    }
    return scopes.map(target);
  }
  if (options.scope !== undefined) return [target(selectScope(discoverScopes(root), options.scope))];
  if (inferred) return [target(inferred)];
  const own = target(null);
  if (strategy !== "exact" && !existsSync(own.location.dbPath)) {
    const indexed = discoverScopes(root).filter((scope) => existsSync(indexLocation(root, scope).dbPath));
    if (indexed.length > 0) {
      throw new TsiftError(
        "usage",
        `${root} has only workspace scope indexes: search requires \`--scope <scope>\` or \`--federated\`. Indexed scopes: ${indexed.map((scope) => scope.id).join(", ")}`,
        {
          details: { root, scopes: indexed.map((scope) => scope.id) },
          hint: `tsift search <query> --scope ${indexed[0]!.id}`,
        },
      );
    }
  }
  return [own];
}

function toSearchTarget(root: string, target: FreshnessTarget, indexed: boolean): SearchTarget {
  const prefix = relative(root, target.location.sourceRoot).split(sep).join("/");
  return {
    dbPath: target.location.dbPath,
    lockPath: target.location.lockPath,
    sourceRoot: target.location.sourceRoot,
    scope: target.scope?.id ?? null,
    prefix,
    indexed,
  };
}

/** Live files (the walk) plus indexed ones, for the in-process literal scan. */
function scanFiles(target: SearchTarget, config: TsiftConfig): string[] {
  const files = new Set(walkFiles(target.sourceRoot, { exclude: config.index.exclude }).files.map((file) => file.path));
  if (existsSync(target.dbPath)) {
    try {
      const connection = openIndexReader({
        projectRoot: target.sourceRoot,
        sourceRoot: target.sourceRoot,
        scope: target.scope,
        dbPath: target.dbPath,
        lockPath: target.lockPath,
      });
      try {
        for (const path of indexedFilePaths(connection.database)) files.add(path);
      } finally {
        void connection.close();
      }
    } catch {
      // an unreadable index adds nothing; the live walk still answers
    }
  }
  return [...files].sort();
}

/**
 * The two timeout messages: a fresh root means the search itself is slow (narrow it),
 * an index that went stale or disappeared meanwhile means rebuild it.
 */
async function timeoutError(seconds: number, strategy: SearchStrategy, targets: FreshnessTarget[], config: TsiftConfig, pathArg: string): Promise<TsiftError> {
  for (const target of targets) {
    const state = strategy === "exact" ? ({ kind: "fresh" } as const) : await probeFreshness(target, config);
    if (state.kind !== "fresh") {
      const run = indexCommand(pathArg, target);
      return new TsiftError(
        "timeout",
        `tsift search timed out after ${seconds}s (strategy: ${strategy}): the ${describeState(state)}. Run \`${run}\`, then retry.`,
        {
          details: { seconds, strategy, state: state.kind },
          hint: run,
        },
      );
    }
  }
  return new TsiftError(
    "timeout",
    `tsift search timed out after ${seconds}s (strategy: ${strategy}). The search root looks fresh, so reindexing is unlikely to help. Re-run with \`--timeout 0\` to disable the timeout, narrow \`--path\` / \`--scope\`, or try a different strategy.`,
    { details: { seconds, strategy, state: "fresh" } },
  );
}

function count(n: number): string {
  return n.toLocaleString("en-US");
}
