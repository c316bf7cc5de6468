import type { CommandContext } from "../command-context";
import { readCommandModule } from "../graph-cmd/read-command-module";

/** `tsift analyze [dir]`: SCC, health, dead code from `--entry` (or inferred) entry points, and coupling. */
export function analyzeCommand(context: CommandContext) {
  return readCommandModule("analyze", context);
}
