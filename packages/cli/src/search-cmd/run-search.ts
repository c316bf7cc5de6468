import { existsSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { TsiftError } from "@tsift/core";
import { discoverScopes, indexedFilePaths, indexLocation, loadConfig, openIndexReader, resolveProjectRoot, resolveScopeTier, selectScope, walkFiles, type TsiftConfig } from "@tsift/index/indexer";
import { exactBackend, loadPageRank, PageRankNotLoaded, prefersExact, type PageRankFn, type SearchStrategy } from "@tsift/search";
import { commandResult, type CommandResult } from "../command-result";
import type { IndexTarget } from "../index-cmd/index-targets";
import type { CliIo } from "../io";
import { resolveBudget, type BudgetFlags } from "@tsift/digest";
import { pathArg as spellPath } from "../path-arg";
import { describeState, ensureFresh, indexCommand, probeFreshness } from "./search-freshness";
import { searchOutput } from "./search-output";
import { buildSearchPreview } from "./search-preview";
import type { SearchData, SearchRequest, SearchTarget } from "./search-request";
import { runSearchEngine } from "./search-engine";
import { runWithDeadline } from "./search-deadline";

export interface SearchFlags {
  query: string;
  path?: string;
  limit: number;
  strategy?: SearchStrategy;
  exact: boolean;
  scope?: string;
  federated: boolean;
  autoindex: boolean;
  timeout: number;
  languages: string[];
  kinds: string[];
  alpha?: number;
  model?: string;
  budget: BudgetFlags;
  envelope: boolean;
}

/**
 * `tsift search`: resolves the project, scope(s) and strategy, makes the index fresh
 * (or degrades, or fails closed), runs the search under the timeout, and shapes the
 * report (a preview with handles when a budget applies).
 */
export async function runSearch(io: CliIo, flags: SearchFlags): Promise<CommandResult> {
  const query = flags.query.trim();
  if (query === "") throw new TsiftError("usage", "the search query is empty", { hint: 'tsift search "<query>"' });
  if (flags.exact && flags.strategy !== undefined && flags.strategy !== "exact") {
    throw new TsiftError("usage", `--exact cannot be combined with --strategy ${flags.strategy}`, { hint: "pass one of them" });
  }
  if (flags.scope !== undefined && flags.federated) throw new TsiftError("usage", "--scope and --federated cannot be combined", { hint: "pass one of them" });

  const started = performance.now();
  const absolute = resolve(io.cwd, flags.path ?? ".");
  // `--path` inside the project the cwd belongs to narrows the search there; it does not
  // make a new project of the subdirectory (which would index it separately).
  const fromCwd = resolveProjectRoot(io.cwd);
  const inside = absolute === fromCwd.root || absolute.startsWith(`${fromCwd.root}${sep}`);
  const own = resolveProjectRoot(absolute);
  const ownsState = existsSync(join(own.root, ".tsift")) || existsSync(join(own.root, ".git"));
  const project = inside && own.root !== fromCwd.root && !ownsState ? fromCwd : own;
  const root = project.root;
  const config = await loadConfig(root);
  const pathFilter = absolute === root ? null : relative(root, absolute).split(sep).join("/");
  const pathArg = spellPath(io.cwd, root);
  const strategy: SearchStrategy = flags.exact ? "exact" : (flags.strategy ?? (prefersExact(query) ? "exact" : "lexical"));
  const strategySource: SearchRequest["strategySource"] = flags.exact || flags.strategy !== undefined ? "flag" : strategy === "exact" ? "auto" : "default";
  const targets = selectTargets(root, config, flags, project.scope, strategy);

  const notes = config.warnings.map((warning) => `warning: ${warning}`);
  const searchTargets: SearchTarget[] = [];
  let freshness: NonNullable<SearchData["freshness"]> = { state: strategy === "exact" ? "unchecked" : "fresh" };
  let refreshedFiles = 0;
  for (const target of targets) {
    let indexed = strategy !== "exact";
    if (strategy !== "exact") {
      const result = await ensureFresh(target, config, flags.autoindex, pathArg);
      refreshedFiles += result.files;
      if (result.note && !notes.includes(result.note)) notes.push(result.note);
      if (result.mode === "missing_exact") indexed = false;
      if (result.mode !== "fresh" && freshness.state !== "missing_exact") freshness = { state: result.mode };
    }
    searchTargets.push(toSearchTarget(root, target, indexed));
  }
  if (refreshedFiles > 0) freshness = { ...freshness, refreshed_files: refreshedFiles };
  // The in-process literal scan needs file lists; ripgrep walks by itself.
  const needsFiles = (strategy === "exact" || searchTargets.some((target) => !target.indexed)) && exactBackend(io.env) === "scan";
  if (needsFiles) for (const target of searchTargets) target.files = scanFiles(target, config);

  const request: SearchRequest = {
    query,
    strategy: searchTargets.every((target) => !target.indexed) && strategy !== "exact" ? "exact" : strategy,
    strategySource: searchTargets.every((target) => !target.indexed) && strategy !== "exact" ? "degraded" : strategySource,
    limit: flags.limit,
    root,
    targets: searchTargets,
    pathFilter,
    languages: flags.languages,
    kinds: flags.kinds,
    alpha: flags.alpha ?? null,
    model: flags.model !== undefined ? resolve(io.cwd, flags.model) : null,
    maxFileBytes: config.index.maxFileBytes,
    env: { ...io.env },
  };
  const prepared = performance.now();
  const search = (pageRank: PageRankFn | null | undefined) =>
    runWithDeadline(
      () => runSearchEngine(request, { ...(pageRank !== undefined ? { pageRank } : {}), ...(flags.timeout > 0 ? { timeoutMs: flags.timeout * 1000 } : {}) }),
      flags.timeout,
      `tsift: error[timeout]: tsift search timed out after ${flags.timeout}s (strategy: ${request.strategy}) inside a native call; the process was stopped. Re-run with \`--timeout 0\` or narrow \`--path\` / \`--scope\`.`,
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
  if (outcome.kind === "timeout") throw await timeoutError(flags.timeout, request.strategy, targets, config, pathArg);
  const data: SearchData = { ...outcome.value, freshness };
  // Phase timings on stderr for benchmarking (TSIFT_SEARCH_TIMINGS=1); never in the report, which stays deterministic.
  if (io.env.TSIFT_SEARCH_TIMINGS === "1") {
    notes.push(`timings: prepare ${Math.round(prepared - started)} ms (freshness precheck and refresh), search ${Math.round(performance.now() - prepared)} ms`);
  }

  const budget = resolveBudget(flags.budget, io.env, flags.envelope);
  const place = { pathArg, scope: flags.scope !== undefined ? (targets[0]?.scope?.id ?? null) : null };
  const report = budget ? buildSearchPreview(data, place, { federated: flags.federated, corpusLimit: 20_000 }) : data;
  return commandResult(report, searchOutput(place, budget !== null), { root, notes });
}

/** The indexes a search reads: `--federated` scopes, `--scope`, the scope a nested path is in, or the project's own. */
function selectTargets(root: string, config: TsiftConfig, flags: SearchFlags, inferred: { id: string; path: string } | null, strategy: SearchStrategy): IndexTarget[] {
  const target = (scope: { id: string; path: string } | null): IndexTarget => ({
    location: indexLocation(root, scope),
    scope,
    tier: scope ? resolveScopeTier(config, scope.id, scope.path).tier : null,
  });
  if (flags.federated) {
    const scopes = discoverScopes(root).filter((scope) => resolveScopeTier(config, scope.id, scope.path).federation);
    if (scopes.length === 0) {
      throw new TsiftError("not_found", `no federated workspace scopes under ${root}`, { details: { root }, hint: "search without --federated, or share a scope in .tsift/config.toml" });
    }
    return scopes.map(target);
  }
  if (flags.scope !== undefined) return [target(selectScope(discoverScopes(root), flags.scope))];
  if (inferred) return [target(inferred)];
  const own = target(null);
  if (strategy !== "exact" && !existsSync(own.location.dbPath)) {
    const indexed = discoverScopes(root).filter((scope) => existsSync(indexLocation(root, scope).dbPath));
    if (indexed.length > 0) {
      throw new TsiftError("usage", `${root} has only workspace scope indexes: search requires \`--scope <scope>\` or \`--federated\`. Indexed scopes: ${indexed.map((scope) => scope.id).join(", ")}`, {
        details: { root, scopes: indexed.map((scope) => scope.id) },
        hint: `tsift search <query> --scope ${indexed[0]!.id}`,
      });
    }
  }
  return [own];
}

function toSearchTarget(root: string, target: IndexTarget, indexed: boolean): SearchTarget {
  const prefix = relative(root, target.location.sourceRoot).split(sep).join("/");
  return { dbPath: target.location.dbPath, lockPath: target.location.lockPath, sourceRoot: target.location.sourceRoot, scope: target.scope?.id ?? null, prefix, indexed };
}

/** Live files (the walk) plus indexed ones, for the in-process literal scan. */
function scanFiles(target: SearchTarget, config: TsiftConfig): string[] {
  const files = new Set(walkFiles(target.sourceRoot, { exclude: config.index.exclude }).files.map((file) => file.path));
  if (existsSync(target.dbPath)) {
    try {
      const connection = openIndexReader({ projectRoot: target.sourceRoot, sourceRoot: target.sourceRoot, scope: target.scope, dbPath: target.dbPath, lockPath: target.lockPath });
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
async function timeoutError(seconds: number, strategy: SearchStrategy, targets: IndexTarget[], config: TsiftConfig, pathArg: string): Promise<TsiftError> {
  for (const target of targets) {
    const state = strategy === "exact" ? ({ kind: "fresh" } as const) : await probeFreshness(target, config);
    if (state.kind !== "fresh") {
      const run = indexCommand(pathArg, target);
      return new TsiftError("timeout", `tsift search timed out after ${seconds}s (strategy: ${strategy}): the ${describeState(state)}. Run \`${run}\`, then retry.`, {
        details: { seconds, strategy, state: state.kind },
        hint: run,
      });
    }
  }
  return new TsiftError(
    "timeout",
    `tsift search timed out after ${seconds}s (strategy: ${strategy}). The search root looks fresh, so reindexing is unlikely to help. Re-run with \`--timeout 0\` to disable the timeout, narrow \`--path\` / \`--scope\`, or try a different strategy.`,
    { details: { seconds, strategy, state: "fresh" } },
  );
}
