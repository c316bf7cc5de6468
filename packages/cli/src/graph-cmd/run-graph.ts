import { readSymbolGraph } from "@tsift/index/graph-read";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { graphOutput } from "./graph-output";
import { withReadIndex } from "./with-read-index";

export interface GraphFlags {
  symbol: string;
  callers: boolean;
  callees: boolean;
  limit: number;
  path?: string | undefined;
  scope?: string | undefined;
}

/** `tsift graph <symbol>`: the call sites that call it and the calls it makes, by resolved target. */
export async function runGraph(io: CliIo, flags: GraphFlags): Promise<CommandResult> {
  return withReadIndex(
    io,
    flags,
    (open) => readSymbolGraph(open, { symbol: flags.symbol, callers: flags.callers, callees: flags.callees, limit: flags.limit }),
    (data, index) => commandResult(data, graphOutput(index.place), { root: index.location.sourceRoot }),
  );
}
