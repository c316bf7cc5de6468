import { readCommunities } from "@tsift/index/graph-read";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { communitiesOutput } from "./communities-output";
import { withReadIndex } from "./with-read-index";

export interface CommunitiesFlags {
  minSize: number;
  limit: number;
  path?: string | undefined;
  scope?: string | undefined;
  /** `--absolute`: only then do member paths need rewriting (see below). */
  absolute?: boolean;
}

/**
 * `tsift communities`: Louvain communities of the resolved call graph (cached per index,
 * see `readCommunities`).
 */
export async function runCommunities(io: CliIo, flags: CommunitiesFlags): Promise<CommandResult> {
  return withReadIndex(
    io,
    flags,
    (open) => readCommunities(open, { minSize: flags.minSize, limit: flags.limit }),
    // Member files are root-relative already, so only `--absolute` changes them; the
    // rewrite would otherwise copy every member of the largest communities for nothing.
    (data, index) => commandResult(data, communitiesOutput(index.place), flags.absolute === false ? {} : { root: index.location.sourceRoot }),
  );
}
