import type Database from "better-sqlite3";
import { detectCommunities } from "@tsift/algorithms";
import {
  cachedCommunityPartition,
  partitionDiagnostics,
  partitionKey,
  shapeCommunities,
  writeCommunityPartition,
  type CommunitiesResult,
  type CommunityDiagnostics,
  type CommunityMember,
  type CommunityOptions,
  type CommunityPartition,
  type CommunityQueryOptions,
} from "./community-view";
import { compareText } from "./graph-symbol";
import { loadCallGraph } from "./index-call-graph";
import { readTransaction } from "../../store/queries/read-transaction";

/**
 * Louvain communities of the resolved call graph, largest first. With `cacheDir`, a
 * partition computed for the same index watermark and options is read back instead of
 * reading every call edge and rerunning Louvain (`community_diagnostics.cache_hit`).
 */
export function callGraphCommunities(db: Database.Database, options: CommunityQueryOptions = {}): CommunitiesResult {
  return readTransaction(db, () => {
    const { partition, diagnostics } = communityPartition(db, options);
    return shapeCommunities(partition, diagnostics, options);
  });
}

/** The full partition and how it was obtained; shared by `callGraphCommunities` and `explainSymbol`. */
export function communityPartition(
  db: Database.Database,
  options: CommunityOptions = {},
): { partition: CommunityPartition; diagnostics: CommunityDiagnostics } {
  const cached = cachedCommunityPartition(db, options);
  if (cached) return cached;
  const { key, seed, resolution } = partitionKey(db, options);
  const { graph, symbols } = loadCallGraph(db);
  const report = detectCommunities(graph, { seed, resolution });
  const member = (handle: string): CommunityMember => {
    const symbol = symbols.get(handle)!;
    return { name: symbol.qualified_name, file: symbol.file, line: symbol.line, handle };
  };
  const communities = report.communities
    .map((community) => ({
      members: community.members.map(member).sort((a, b) => compareText(a.name, b.name) || compareText(a.file, b.file) || a.line - b.line),
      modularity_contribution: community.modularity_contribution,
    }))
    .sort(
      (a, b) =>
        b.members.length - a.members.length || compareText(a.members[0]!.name, b.members[0]!.name) || compareText(a.members[0]!.handle, b.members[0]!.handle),
    )
    .map((community, id) => ({ id, ...community }));
  const partition: CommunityPartition = {
    modularity: report.modularity,
    iterations: report.iterations,
    node_count: report.node_count,
    edge_count: report.edge_count,
    communities,
  };
  if (options.cacheDir && key !== null) writeCommunityPartition(options.cacheDir, key, partition);
  return { partition, diagnostics: partitionDiagnostics(partition, false, key, seed) };
}
