import { readCallPath, type CallPathOptions } from "@tsift/index/graph-read";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { pathOutput } from "./path-output";
import type { ReadOptions } from "./read-index";
import { withReadIndex } from "./with-read-index";

/** `tsift path <from> <to>`: the shortest chain of resolved calls (caller to callee, else the reverse; `--undirected` either way); not connected is `path: null`, exit 0. */
export async function runPath(io: CliIo, options: CallPathOptions & ReadOptions): Promise<CommandResult> {
  return withReadIndex(
    io,
    options,
    (open) => readCallPath(open, { from: options.from, to: options.to, undirected: options.undirected }),
    (data, index) => commandResult(data, pathOutput(index.place), { root: index.location.sourceRoot }),
  );
}
