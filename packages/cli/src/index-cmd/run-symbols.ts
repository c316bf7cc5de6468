import { isTsiftError } from "@tsift/core/light";
import { indexHasRun, indexMissingTarget, readSymbols, type SymbolQuery, type SymbolsReport } from "@tsift/index/graph-read";
import { commandResult, type CommandResult } from "../command-result";
import { resolveReadTarget } from "../graph-cmd/read-index";
import type { CliIo } from "../io";
import { symbolsOutput } from "./symbols-output";

export interface SymbolsFlags extends SymbolQuery {
  path?: string;
  scope?: string;
}

/**
 * `tsift symbols`: ranked symbol listing from index.db, opened read-only (a snapshot
 * copy while a writer holds it), never refreshed here; a missing index follows the
 * first-use policy.
 */
export async function runSymbols(io: CliIo, flags: SymbolsFlags): Promise<CommandResult> {
  const { path, scope, ...query } = flags;
  const target = resolveReadTarget(io, { path, scope });
  const notes: string[] = [];
  let data: SymbolsReport;
  try {
    data = await readSymbols(target, query);
  } catch (error) {
    if (!isTsiftError(error, "index_missing")) throw error;
    // No index yet: the first-use policy every read command follows.
    notes.push((await indexMissingTarget(target)).note);
    data = await readSymbols(target, query);
  }
  // Nothing found may mean nothing indexed yet (a first run still being written): asked only then, so a hit costs nothing.
  if (data.total === 0 && notes.length === 0 && !indexHasRun(target.location)) {
    notes.push((await indexMissingTarget(target)).note);
    data = await readSymbols(target, query);
  }
  if (data.recovery) notes.push(`note: the index is being written; read a snapshot copy (${data.recovery})`);
  return commandResult(data, symbolsOutput(target.place), { root: target.location.sourceRoot, notes });
}
