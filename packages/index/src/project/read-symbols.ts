import { isTsiftError } from "@tsift/core/light";
import { openIndexReader } from "../store/open-index";
import { querySymbols, type SymbolQuery, type SymbolQueryResult, type SymbolRow } from "../projection/graph-queries/query-symbols";
import type { ReadTarget } from "../walk/read-target";
import { checkLimit } from "./read-limits";
import { borrowWarmIndex } from "../store/warm/warm-registry";
import { indexHasRun, indexMissingTarget } from "../store/first-use-index";

/** `tsift symbols` data. */
export interface SymbolsReport {
  /** The name asked for, when one was. */
  query?: string;
  symbols: SymbolRow[];
  total: number;
  truncated: boolean;
  /** Set when `total` is a lower bound: the better tiers alone exceeded the limit, so fuzzy matches were not looked for. */
  total_at_least?: true;
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
  // A warm index's shared connection (its close does nothing), or the file opened for this read.
  const connection = (await borrowWarmIndex(target.location))?.connection ?? openIndexReader(target.location);
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
    ...(result.total_at_least ? { total_at_least: true as const } : {}),
    ...(recovery ? { recovery } : {}),
  };
}

/** `readSymbols` under the first-use policy, with the lines a CLI prints on stderr. */
export interface SymbolsReading {
  report: SymbolsReport;
  notes: string[];
}

/**
 * `tsift symbols` as every read command behaves: a missing index follows the first-use
 * policy (built for a small project, else `index_missing`), and a first run still being
 * written counts as no index rather than as an index without symbols.
 */
export async function readSymbolsOnFirstUse(target: ReadTarget, query: SymbolQuery = {}): Promise<SymbolsReading> {
  // First, how resolving the target settled an interrupted `tsift edit`, if it did.
  const notes: string[] = [...(target.notes ?? [])];
  let report: SymbolsReport;
  try {
    report = await readSymbols(target, query);
  } catch (error) {
    if (!isTsiftError(error, "index_missing")) throw error;
    notes.push((await indexMissingTarget(target)).note);
    report = await readSymbols(target, query);
  }
  // Asked only when nothing was found, so a hit costs nothing.
  if (report.total === 0 && notes.length === 0 && !indexHasRun(target.location)) {
    notes.push((await indexMissingTarget(target)).note);
    report = await readSymbols(target, query);
  }
  if (report.recovery) notes.push(`note: the index is being written; read a snapshot copy (${report.recovery})`);
  return { report, notes };
}
