import type { CommandContext } from "../command-context";
import { readCommandModule } from "../graph-cmd/read-command-module";

/** `tsift graph <symbol> [dir]`: callers and callees by resolved call target, `--callers` / `--callees` for one direction. */
export function graphCommand(context: CommandContext) {
  return readCommandModule("graph", context);
}
