import { TsiftError, isTsiftError } from "@tsift/core";
import { indexOnFirstUse, warmIndexIsFresh } from "@tsift/index/graph-read";
import { indexFreshness, shellArg, updateIndex, type IndexLocation, type TsiftConfig, type WorkspaceScope } from "@tsift/index/indexer";

/** One index a read may refresh: where it is, and the workspace scope it belongs to (null: the project's own). */
export interface FreshnessTarget {
  location: IndexLocation;
  scope: Pick<WorkspaceScope, "id" | "path"> | null;
}

export type FreshnessState = { kind: "fresh" } | { kind: "missing" } | { kind: "stale"; files: number; schema: boolean };

/**
 * The cheap stale precheck, @tsift/index's one freshness answer: a stat walk compared
 * with the index (no file reads, no lock), stale too when an older tsift wrote it (such
 * an index has no search chunks yet).
 */
export async function probeFreshness(target: FreshnessTarget, config: TsiftConfig): Promise<FreshnessState> {
  // A warm index in this process (`tsift mcp`, the daemon) has applied every change its watcher saw.
  if (await warmIndexIsFresh(target.location)) return { kind: "fresh" };
  const freshness = await indexFreshness(target.location, { exclude: config.index.exclude, maxFileBytes: config.index.maxFileBytes });
  if (freshness.state === "missing") return { kind: "missing" };
  if (freshness.schema_outdated) return { kind: "stale", files: Math.max(freshness.stale_files, 1), schema: true };
  return freshness.state === "stale" ? { kind: "stale", files: freshness.stale_files, schema: false } : { kind: "fresh" };
}

/** `tsift index` spelled for this target, as the next command to run. */
export function indexCommand(pathArg: string, target: FreshnessTarget): string {
  return `tsift index ${pathArg}${target.scope ? ` --submodule ${shellArg(target.scope.id)}` : ""}`;
}

export function describeState(state: FreshnessState): string {
  if (state.kind === "fresh") return "index is fresh";
  if (state.kind === "missing") return "index is missing";
  if (state.schema) return "index is stale (written by an older tsift, no search chunks)";
  return `index is stale (${state.files} file${state.files === 1 ? "" : "s"})`;
}

export interface Refreshed {
  /** How the target can be searched now. */
  mode: "fresh" | "refreshed" | "stale_snapshot" | "missing_exact";
  files: number;
  /** One line for the user: the refresh lost the lock race, or a first use built the index. */
  note?: string;
}

/**
 * Default search freshness: a stale index is refreshed incrementally first, a missing one
 * follows the first-use policy (`indexOnFirstUse`: built when the project is small).
 * Without `autoindex` a stale or missing index fails closed (`index_stale` /
 * `index_missing`) naming the command to run. Losing the writer-lock race to another
 * tsift degrades instead of failing: a stale index is read as it is (the reader's
 * snapshot fallback), a missing one (or one too old to have chunks) is answered by an
 * exact live-file search.
 */
export async function ensureFresh(target: FreshnessTarget, config: TsiftConfig, autoindex: boolean, pathArg: string): Promise<Refreshed> {
  const state = await probeFreshness(target, config);
  if (state.kind === "fresh") return { mode: "fresh", files: 0 };
  const run = indexCommand(pathArg, target);
  if (!autoindex) {
    throw new TsiftError(
      state.kind === "missing" ? "index_missing" : "index_stale",
      `tsift search aborted: ${describeState(state)}${target.scope ? ` for scope ${target.scope.id}` : ""}. Run \`${run}\` or re-run without \`--no-autoindex\` (or with \`--autoindex\`).`,
      { details: { index: target.location.dbPath, state: state.kind, ...(state.kind === "stale" ? { files: state.files } : {}) }, hint: run },
    );
  }
  try {
    if (state.kind === "missing") {
      // The first-use policy every read command shares; a writer building the index meanwhile gets the exact search below.
      const first = await indexOnFirstUse(target.location, config, { pathArg, scope: target.scope?.id ?? null }, { waitMs: 0 });
      return { mode: "refreshed", files: first.files, note: first.note };
    }
    const summary = await updateIndex(target.location, { maxFileBytes: config.index.maxFileBytes, exclude: config.index.exclude });
    return { mode: "refreshed", files: summary.new + summary.modified + summary.deleted };
  } catch (error) {
    // A read-only caller (the MCP server) may not refresh: like a held lock, it reads what is there.
    const readOnly = isTsiftError(error, "read_only");
    if (!isTsiftError(error, "lock_held") && !readOnly) throw error;
    const usable = state.kind === "stale" && !state.schema;
    if (readOnly && !usable) throw error;
    const note = readOnly
      ? `note: searched the index as it is (${describeState(state)}); this caller does not write, so run \`${run}\` for fresh results.`
      : usable
        ? `note: another tsift writer holds ${target.location.lockPath}; searched the current index snapshot (${describeState(state)}). Re-run after it finishes for fresh results.`
        : `note: another tsift writer holds ${target.location.lockPath} and the ${describeState(state)}; answered with an exact live-file search. Re-run after it finishes for symbol and ranked results.`;
    return { mode: usable ? "stale_snapshot" : "missing_exact", files: state.kind === "stale" ? state.files : 0, note };
  }
}
