import { existsSync } from "node:fs";
import { TsiftError, isTsiftError } from "@tsift/core";
import { checkIndex, INDEX_SCHEMA_VERSION, openIndexReader, updateIndex, type TsiftConfig } from "@tsift/index/indexer";
import { shellArg } from "@tsift/digest";
import type { IndexTarget } from "../index-cmd/index-targets";

export type FreshnessState = { kind: "fresh" } | { kind: "missing" } | { kind: "stale"; files: number; schema: boolean };

/**
 * The cheap stale precheck: a stat walk compared with the index (`checkIndex`, no file
 * reads, no lock), plus the schema version, since an index written by an older tsift
 * has no search chunks yet.
 */
export async function probeFreshness(target: IndexTarget, config: TsiftConfig): Promise<FreshnessState> {
  if (!existsSync(target.location.dbPath)) return { kind: "missing" };
  let version = 0;
  try {
    const connection = openIndexReader(target.location);
    try {
      version = Number(connection.database.pragma("user_version", { simple: true }));
    } finally {
      await connection.close();
    }
  } catch (error) {
    if (isTsiftError(error, "index_missing")) return { kind: "missing" };
    throw error;
  }
  const summary = await checkIndex(target.location, { exclude: config.index.exclude, maxFileBytes: config.index.maxFileBytes });
  const files = summary.new + summary.modified + summary.deleted;
  if (version < INDEX_SCHEMA_VERSION) return { kind: "stale", files: Math.max(files, 1), schema: true };
  return files > 0 ? { kind: "stale", files, schema: false } : { kind: "fresh" };
}

/** `tsift index` spelled for this target, as the next command to run. */
export function indexCommand(pathArg: string, target: IndexTarget): string {
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
  /** One stderr line when the refresh lost the lock race. */
  note?: string;
}

/**
 * Default search freshness: a stale or missing index is refreshed incrementally first.
 * With `--no-autoindex` a stale or missing index fails closed (exit 4) naming the
 * command to run. Losing the writer-lock race to another tsift degrades instead of
 * failing: a stale index is read as it is (the reader's snapshot fallback), a missing
 * one (or one too old to have chunks) is answered by an exact live-file search.
 */
export async function ensureFresh(target: IndexTarget, config: TsiftConfig, autoindex: boolean, pathArg: string): Promise<Refreshed> {
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
    const summary = await updateIndex(target.location, { maxFileBytes: config.index.maxFileBytes, exclude: config.index.exclude });
    return { mode: "refreshed", files: summary.new + summary.modified + summary.deleted };
  } catch (error) {
    if (!isTsiftError(error, "lock_held")) throw error;
    const usable = state.kind === "stale" && !state.schema;
    const note = usable
      ? `note: another tsift writer holds ${target.location.lockPath}; searched the current index snapshot (${describeState(state)}). Re-run after it finishes for fresh results.`
      : `note: another tsift writer holds ${target.location.lockPath} and the ${describeState(state)}; answered with an exact live-file search. Re-run after it finishes for symbol and ranked results.`;
    return { mode: usable ? "stale_snapshot" : "missing_exact", files: state.kind === "stale" ? state.files : 0, note };
  }
}
