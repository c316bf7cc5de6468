import { readSymbolsOnFirstUse, type SymbolQuery } from "@tsift/index/graph-read";
import { commandResult, type CommandResult } from "../command-result";
import { resolveReadTarget, type ReadOptions } from "../graph-cmd/read-index";
import type { CliIo } from "../io";
import { symbolsOutput } from "./symbols-output";

/**
 * `tsift symbols`: ranked symbol listing from index.db, opened read-only (a snapshot
 * copy while a writer holds it), never refreshed here; a missing index follows the
 * first-use policy.
 */
export async function runSymbols(io: CliIo, options: SymbolQuery & ReadOptions): Promise<CommandResult> {
  const target = resolveReadTarget(io, options);
  const { name, kind, file, language, limit } = options;
  const query: SymbolQuery = { name, kind, file, language, limit };
  const { report, notes } = await readSymbolsOnFirstUse(target, query);
  return commandResult(report, symbolsOutput(target.place), { root: target.location.sourceRoot, notes });
}
