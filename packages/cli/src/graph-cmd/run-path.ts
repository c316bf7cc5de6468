import { shortestCallPath } from "@tsift/index/graph-read";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { shellArg } from "@tsift/digest";
import { pathOutput } from "./path-output";
import { symbolArgument } from "./symbol-argument";
import { withReadIndex } from "./with-read-index";

export interface PathFlags {
  from: string;
  to: string;
  path?: string | undefined;
  scope?: string | undefined;
}

/** `tsift path <from> <to>`: the shortest chain of resolved calls, either direction; not connected is `path: null`, exit 0. */
export async function runPath(io: CliIo, flags: PathFlags): Promise<CommandResult> {
  return withReadIndex(io, flags, (index) => {
    const root = index.location.sourceRoot;
    const from = symbolArgument(index.db, flags.from, index.place, root, (handle) => `tsift path ${handle} ${shellArg(flags.to)}`);
    if ("failure" in from) return from.failure;
    const to = symbolArgument(index.db, flags.to, index.place, root, (handle) => `tsift path ${shellArg(flags.from)} ${handle}`);
    if ("failure" in to) return to.failure;
    return commandResult(shortestCallPath(index.db, from.symbol, to.symbol), pathOutput(index.place), { root });
  });
}
