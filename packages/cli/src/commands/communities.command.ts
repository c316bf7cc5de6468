import type { CommandContext } from "../command-context";
import { readCommandModule } from "../graph-cmd/read-command-module";

/** `tsift communities [dir]`: Louvain communities of the call graph, cached per index under `.tsift/community-cache/`. */
export function communitiesCommand(context: CommandContext) {
  return readCommandModule("communities", context);
}
