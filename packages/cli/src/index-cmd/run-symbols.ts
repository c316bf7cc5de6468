import { existsSync } from "node:fs";
import { TsiftError } from "@tsift/core";
import { discoverScopes, indexLocation, openIndexReader, querySymbols, type SymbolQuery, type SymbolQueryResult } from "@tsift/index";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { pathArg } from "../path-arg";
import { resolveTargets } from "./index-targets";
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
  const { root, targets } = await resolveTargets(io.cwd, flags.path, flags.scope !== undefined ? { scope: flags.scope } : {});
  const target = targets[0]!;
  if (!target.scope && !existsSync(target.location.dbPath)) {
    const indexed = discoverScopes(root).filter((scope) => existsSync(indexLocation(root, scope).dbPath));
    if (indexed.length > 0) {
      throw new TsiftError("index_missing", `${root} has only workspace scope indexes; pick one with --scope <scope>. Indexed scopes: ${indexed.map((scope) => scope.id).join(", ")}`, {
        details: { root, scopes: indexed.map((scope) => scope.id) },
      });
    }
  }
  const connection = openIndexReader(target.location);
  let result: SymbolQueryResult;
  try {
    result = querySymbols(connection.database, flags);
  } finally {
    await connection.close();
  }
  const recovery = connection.recovery;
  const data: SymbolsData = { ...(flags.name !== undefined ? { query: flags.name } : {}), symbols: result.symbols, total: result.total, truncated: result.truncated, ...(recovery ? { recovery } : {}) };
  return commandResult(data, symbolsOutput({ pathArg: pathArg(io.cwd, root), scope: target.scope?.id ?? null }), {
    root: target.location.sourceRoot,
    notes: recovery ? [`note: the index is being written; read a snapshot copy (${recovery})`] : [],
  });
}
