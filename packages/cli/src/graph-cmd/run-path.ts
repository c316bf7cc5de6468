import { readCallPath } from "@tsift/index/graph-read";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { pathOutput } from "./path-output";
import { withReadIndex } from "./with-read-index";

export interface PathFlags {
  from: string;
  to: string;
  undirected: boolean;
  path?: string | undefined;
  scope?: string | undefined;
}

/** `tsift path <from> <to>`: the shortest chain of resolved calls (caller to callee, else the reverse; `--undirected` either way); not connected is `path: null`, exit 0. */
export async function runPath(io: CliIo, flags: PathFlags): Promise<CommandResult> {
  return withReadIndex(
    io,
    flags,
    (open) => readCallPath(open, { from: flags.from, to: flags.to, undirected: flags.undirected }),
    (data, index) => commandResult(data, pathOutput(index.place), { root: index.location.sourceRoot }),
  );
}
