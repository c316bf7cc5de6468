import type { CommandContext } from "../command-context";
import { readCommandModule } from "../graph-cmd/read-command-module";

/** `tsift path <from> <to> [dir]`: the shortest chain of calls between two symbols, `path: null` when they are not connected. */
export function pathCommand(context: CommandContext) {
  return readCommandModule("path", context);
}
