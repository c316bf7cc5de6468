import { TsiftError } from "@tsift/core/light";
import { communityCacheDir, memoizedIndexWatermark } from "../projection/graph-queries/community-cache";
import { cachedCommunities, type CommunitiesResult, type CommunityQueryOptions } from "../projection/graph-queries/community-view";
import type { IndexOpener } from "../store/open-read-index";
import { checkLimit } from "./read-limits";
import { readTransaction } from "../store/queries/read-transaction";

export interface CommunitiesOptions {
  /** Smallest community listed; default 2. */
  minSize?: number;
  /** Communities listed (0 = all); default 10, as `tsift communities`. */
  limit?: number;
}

/**
 * `tsift communities`: Louvain communities of the resolved call graph, largest first. A
 * partition cached for this index (`.tsift/community-cache/<scope>/`) is shown without
 * reading call edges or loading the graph algorithms; otherwise it is computed and cached.
 */
export async function readCommunities(open: IndexOpener, options: CommunitiesOptions = {}): Promise<CommunitiesResult> {
  const limit = options.limit ?? 10;
  const minSize = options.minSize ?? 2;
  checkLimit("limit", limit, "communities");
  if (!Number.isInteger(minSize) || minSize < 1)
    throw new TsiftError("usage", `--min-size must be a whole number >= 1, got ${String(minSize)}`, { hint: "tsift communities --help" });
  const index = await open();
  const cacheDir = communityCacheDir(index.location);
  // One snapshot for the watermark, the cache lookup and, on a miss, the edges partitioned.
  return readTransaction(index.db, async () => {
    const query: CommunityQueryOptions = { minSize, limit, cacheDir, watermark: memoizedIndexWatermark(index.db, cacheDir) };
    const cached = cachedCommunities(index.db, query);
    if (cached) return cached;
    const { callGraphCommunities } = await import("../projection/graph-queries/call-graph-communities");
    return callGraphCommunities(index.db, query);
  });
}
