import { openIndexReader, querySymbols, type SymbolQuery, type SymbolQueryResult } from "@tsift/index/graph-read";
import { commandResult, type CommandResult } from "../command-result";
import { resolveReadTarget } from "../graph-cmd/read-index";
import type { CliIo } from "../io";
import { symbolsOutput, type SymbolsData } from "./symbols-output";

export interface SymbolsFlags extends SymbolQuery {
  path?: string;
  scope?: string;
}

/**
 * `tsift symbols`: ranked symbol listing from index.db, opened read-only (a snapshot
 * copy while a writer holds it), never refreshed here.
 */
export async function runSymbols(io: CliIo, flags: SymbolsFlags): Promise<CommandResult> {
  const target = resolveReadTarget(io, { path: flags.path, scope: flags.scope });
  const connection = openIndexReader(target.location);
  let result: SymbolQueryResult;
  try {
    result = querySymbols(connection.database, flags);
  } finally {
    await connection.close();
  }
  const recovery = connection.recovery;
  const data: SymbolsData = { ...(flags.name !== undefined ? { query: flags.name } : {}), symbols: result.symbols, total: result.total, truncated: result.truncated, ...(recovery ? { recovery } : {}) };
  return commandResult(data, symbolsOutput(target.place), {
    root: target.location.sourceRoot,
    notes: recovery ? [`note: the index is being written; read a snapshot copy (${recovery})`] : [],
  });
}
