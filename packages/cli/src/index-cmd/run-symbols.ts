import { readSymbolsOnFirstUse, type SymbolQuery } from "@tsift/index/graph-read";
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
  const { report, notes } = await readSymbolsOnFirstUse(target, query);
  return commandResult(report, symbolsOutput(target.place), { root: target.location.sourceRoot, notes });
}
