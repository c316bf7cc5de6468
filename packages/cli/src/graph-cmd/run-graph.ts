import { symbolCallGraph } from "@tsift/index/graph-read";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { graphOutput, type GraphData } from "./graph-output";
import { rerunWith, symbolArgument } from "./symbol-argument";
import { checkLimit, withReadIndex } from "./with-read-index";

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
  checkLimit("limit", flags.limit, "graph");
  return withReadIndex(io, flags, (index) => {
    const direction = flags.callers && !flags.callees ? ["--callers"] : flags.callees && !flags.callers ? ["--callees"] : [];
    const outcome = symbolArgument(index.db, flags.symbol, index.place, index.location.sourceRoot, (handle) => [rerunWith("graph")(handle), ...direction].join(" "));
    if ("failure" in outcome) return outcome.failure;
    const { symbol } = outcome;
    const graph = symbolCallGraph(index.db, symbol, { callers: flags.callers, callees: flags.callees, limit: flags.limit });
    const { symbol: name, handle, ...lists } = graph;
    const data = { symbol: name, handle, kind: symbol.kind, file: symbol.file, line: symbol.line, ...lists } as GraphData;
    return commandResult(data, graphOutput(index.place), { root: index.location.sourceRoot });
  });
}
