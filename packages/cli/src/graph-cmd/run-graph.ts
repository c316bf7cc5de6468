import { readSymbolGraph, type SymbolGraphOptions } from "@tsift/index/graph-read";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { graphOutput } from "./graph-output";
import type { ReadOptions } from "./read-index";
import { withReadIndex } from "./with-read-index";

/** `tsift graph <symbol>`: the call sites that call it and the calls it makes, by resolved target. */
export async function runGraph(io: CliIo, options: SymbolGraphOptions & ReadOptions): Promise<CommandResult> {
  return withReadIndex(
    io,
    options,
    (open) => readSymbolGraph(open, { symbol: options.symbol, callers: options.callers, callees: options.callees, limit: options.limit }),
    (data, index) => commandResult(data, graphOutput(index.place), { root: index.location.sourceRoot }),
  );
}
