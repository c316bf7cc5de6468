import { readCommunities, type CommunitiesOptions } from "@tsift/index/graph-read";
import { commandResult, type CommandResult } from "../command-result";
import type { GlobalArgs } from "../definition/global-options";
import type { CliIo } from "../io";
import { communitiesOutput } from "./communities-output";
import type { ReadOptions } from "./read-index";
import { withReadIndex } from "./with-read-index";

/**
 * `tsift communities`: Louvain communities of the resolved call graph (cached per index,
 * see `readCommunities`).
 */
export async function runCommunities(io: CliIo, options: CommunitiesOptions & ReadOptions & GlobalArgs): Promise<CommandResult> {
  return withReadIndex(
    io,
    options,
    (open) => readCommunities(open, { minSize: options.minSize, limit: options.limit }),
    // Member files are root-relative already, so only `--absolute` changes them; the
    // rewrite would otherwise copy every member of the largest communities for nothing.
    (data, index) => commandResult(data, communitiesOutput(index.place), options.absolute !== true ? {} : { root: index.location.sourceRoot }),
  );
}
