import type { CommandContext } from "../command-context";
import { readCommandModule } from "../graph-cmd/read-command-module";

/** `tsift symbols [name]`: indexed symbols ranked exact, case-insensitive, prefix, then fuzzy (options shared with its fast path). */
export function symbolsCommand(context: CommandContext) {
  return readCommandModule("symbols", context);
}
