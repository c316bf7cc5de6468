import type { CommandContext } from "../command-context";
import { readCommandModule } from "../graph-cmd/read-command-module";

/** `tsift explain <symbol> [dir]`: definition, callers, callees, community, PageRank and complexity; a preview with `--budget`. */
export function explainCommand(context: CommandContext) {
  return readCommandModule("explain", context);
}
