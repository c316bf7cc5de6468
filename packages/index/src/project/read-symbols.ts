import { openIndexReader } from "../open-index";
import { querySymbols, type SymbolQuery, type SymbolQueryResult, type SymbolRow } from "../query-symbols";
import type { ReadTarget } from "./read-target";
import { checkLimit } from "./read-limits";

/** `tsift symbols` data. */
export interface SymbolsReport {
  /** The name asked for, when one was. */
  query?: string;
  symbols: SymbolRow[];
  total: number;
  truncated: boolean;
  /** Set when a writer held the index and a snapshot copy was read. */
  recovery?: string;
}

/**
 * `tsift symbols`: ranked symbol listing (exact, case-insensitive, prefix, then fuzzy)
 * from the target's index.db, opened read-only (a snapshot copy while a writer holds it)
 * and never refreshed: listing definitions stays instant on a large tree.
 */
export async function readSymbols(target: ReadTarget, query: SymbolQuery = {}): Promise<SymbolsReport> {
  if (query.limit !== undefined) checkLimit("limit", query.limit, "symbols");
  const connection = openIndexReader(target.location);
  let result: SymbolQueryResult;
  try {
    result = querySymbols(connection.database, query);
  } finally {
    await connection.close();
  }
  const recovery = connection.recovery;
  return {
    ...(query.name !== undefined ? { query: query.name } : {}),
    symbols: result.symbols,
    total: result.total,
    truncated: result.truncated,
    ...(recovery ? { recovery } : {}),
  };
}
