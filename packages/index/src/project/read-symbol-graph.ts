import { symbolCallGraph, type SymbolCallGraph } from "../projection/graph-queries/call-edges";
import type { IndexOpener } from "../store/open-read-index";
import { checkLimit } from "./read-limits";
import { chooseSymbol, rerunWith } from "../projection/graph-queries/symbol-choice";
import { readTransaction } from "../store/queries/read-transaction";

export interface SymbolGraphOptions {
  /** A name, `Class.method`, `file:line` or a `gsym-*` handle. */
  symbol: string;
  /** Only the callers, or only the callees; neither or both means both. */
  callers?: boolean;
  callees?: boolean;
  /** Edges per direction (0 = all); default 20. */
  limit?: number;
}

/** `tsift graph` data: the call graph's shape plus where the symbol is defined. */
export type SymbolGraphReport = SymbolCallGraph & { kind: string; file: string; line: number };

/**
 * `tsift graph <symbol>`: the call sites that call the symbol and the calls it makes, by
 * resolved target. An argument naming several definitions (or none) throws with the
 * candidates (`chooseSymbol`).
 */
export async function readSymbolGraph(open: IndexOpener, options: SymbolGraphOptions): Promise<SymbolGraphReport> {
  const limit = options.limit ?? 20;
  checkLimit("limit", limit, "graph");
  const callers = options.callers === true;
  const callees = options.callees === true;
  const index = await open();
  const direction = callers && !callees ? ["--callers"] : callees && !callers ? ["--callees"] : [];
  // One snapshot: the symbol chosen is the one whose edges are read.
  return readTransaction(index.db, async () => {
    const rerun = (handle: string) => [rerunWith("graph")(handle), ...direction].join(" ");
    const symbol = await chooseSymbol(index.db, options.symbol, index.place, rerun, index.location);
    const { symbol: name, handle, ...lists } = symbolCallGraph(index.db, symbol, { callers, callees, limit });
    return { symbol: name, handle, kind: symbol.kind, file: symbol.file, line: symbol.line, ...lists } as SymbolGraphReport;
  });
}
