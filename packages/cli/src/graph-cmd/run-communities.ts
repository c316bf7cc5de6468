import { TsiftError } from "@tsift/core";
import { cachedCommunities, communityCacheDir, indexWatermark, type CommunityQueryOptions } from "@tsift/index/graph-read";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { communitiesOutput } from "./communities-output";
import { checkLimit, withReadIndex } from "./with-read-index";

export interface CommunitiesFlags {
  minSize: number;
  limit: number;
  path?: string | undefined;
  scope?: string | undefined;
  /** `--absolute`: only then do member paths need rewriting (see below). */
  absolute?: boolean;
}

/**
 * `tsift communities`: Louvain communities of the resolved call graph. A partition cached
 * for this index (`.tsift/community-cache/<scope>/`) is shown without reading call edges
 * or loading the graph algorithms; otherwise it is computed and cached.
 */
export async function runCommunities(io: CliIo, flags: CommunitiesFlags): Promise<CommandResult> {
  checkLimit("limit", flags.limit, "communities");
  if (!Number.isInteger(flags.minSize) || flags.minSize < 1) throw new TsiftError("usage", `--min-size must be a whole number >= 1, got ${String(flags.minSize)}`, { hint: "tsift communities --help" });
  return withReadIndex(io, flags, async (index) => {
    const options: CommunityQueryOptions = { minSize: flags.minSize, limit: flags.limit, cacheDir: communityCacheDir(index.location), watermark: indexWatermark(index.db) };
    let data = cachedCommunities(index.db, options);
    if (!data) {
      const { callGraphCommunities } = await import("@tsift/index");
      data = callGraphCommunities(index.db, options);
    }
    // Member files are root-relative already, so only `--absolute` changes them; the
    // rewrite would otherwise copy every member of the largest communities for nothing.
    return commandResult(data, communitiesOutput(index.place), flags.absolute === false ? {} : { root: index.location.sourceRoot });
  });
}
