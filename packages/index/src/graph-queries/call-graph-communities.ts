import type Database from "better-sqlite3";
import { DEFAULT_COMMUNITY_SEED, detectCommunities } from "@tsift/algorithms";
import { communityCacheKey, indexWatermark, readCommunityCache, writeCommunityCache } from "./community-cache";
import { compareText } from "./graph-symbol";
import { loadCallGraph } from "./index-call-graph";

export interface CommunityMember {
  /** Qualified name. */
  name: string;
  file: string;
  line: number;
  handle: string;
}

export interface IndexCommunity {
  /** Position among all communities (0 = largest), stable for one index and seed. */
  id: number;
  /** Sorted by name, then file and line. */
  members: CommunityMember[];
  modularity_contribution: number;
}

/** What the cache holds: every community, singletons included, before `minSize` and `limit`. */
export interface CommunityPartition {
  modularity: number;
  iterations: number;
  node_count: number;
  edge_count: number;
  communities: IndexCommunity[];
}

export interface CommunityDiagnostics {
  /** The partition came from `.tsift/community-cache/` without reading call edges. */
  cache_hit: boolean;
  /** Cache file key; null when no cache directory was given. */
  cache_key: string | null;
  edge_count: number;
  iterations: number;
  seed: number;
}

export interface CommunityOptions {
  /** Louvain seed; default DEFAULT_COMMUNITY_SEED. */
  seed?: number;
  /** Modularity resolution; default 1. */
  resolution?: number;
  /** `communityCacheDir(location)` to read and write the cache; omitted or null computes every time. */
  cacheDir?: string | null;
  /** `indexWatermark(db)` when the caller already has it (saves a second read of `files`). */
  watermark?: string;
}

export interface CommunityQueryOptions extends CommunityOptions {
  /** Hide communities smaller than this (singletons by default); default 2. */
  minSize?: number;
  /** Most communities returned; default 10, 0 for all. */
  limit?: number;
}

/** `tsift communities --json` (tsift-rust-notes §2.5). */
export interface CommunitiesResult {
  modularity: number;
  iterations: number;
  node_count: number;
  edge_count: number;
  /** Communities with at least `minSize` members, before `limit`. */
  community_count: number;
  communities: IndexCommunity[];
  truncated: boolean;
  community_diagnostics: CommunityDiagnostics;
}

/**
 * Louvain communities of the resolved call graph, largest first. With `cacheDir`, a
 * partition computed for the same index watermark and options is read back instead of
 * reading every call edge and rerunning Louvain (`community_diagnostics.cache_hit`).
 */
export function callGraphCommunities(db: Database.Database, options: CommunityQueryOptions = {}): CommunitiesResult {
  const { partition, diagnostics } = communityPartition(db, options);
  const minSize = options.minSize ?? 2;
  const limit = options.limit ?? 10;
  const shown = partition.communities.filter((community) => community.members.length >= minSize);
  const kept = limit > 0 ? shown.slice(0, limit) : shown;
  return {
    modularity: partition.modularity,
    iterations: partition.iterations,
    node_count: partition.node_count,
    edge_count: partition.edge_count,
    community_count: shown.length,
    communities: kept,
    truncated: kept.length < shown.length,
    community_diagnostics: diagnostics,
  };
}

/** The full partition and how it was obtained; shared by `callGraphCommunities` and `explainSymbol`. */
export function communityPartition(db: Database.Database, options: CommunityOptions = {}): { partition: CommunityPartition; diagnostics: CommunityDiagnostics } {
  const seed = options.seed ?? DEFAULT_COMMUNITY_SEED;
  const resolution = options.resolution ?? 1;
  const cacheDir = options.cacheDir ?? null;
  const key = cacheDir === null ? null : communityCacheKey(options.watermark ?? indexWatermark(db), { algorithm: "louvain", seed, resolution });
  const diagnostics = (partition: CommunityPartition, cacheHit: boolean): CommunityDiagnostics => ({
    cache_hit: cacheHit,
    cache_key: key,
    edge_count: partition.edge_count,
    iterations: partition.iterations,
    seed,
  });
  if (cacheDir !== null && key !== null) {
    const cached = readCommunityCache<CommunityPartition>(cacheDir, key);
    if (cached) return { partition: cached, diagnostics: diagnostics(cached, true) };
  }

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
    .sort((a, b) => b.members.length - a.members.length || compareText(a.members[0]!.name, b.members[0]!.name) || compareText(a.members[0]!.handle, b.members[0]!.handle))
    .map((community, id) => ({ id, ...community }));
  const partition: CommunityPartition = {
    modularity: report.modularity,
    iterations: report.iterations,
    node_count: report.node_count,
    edge_count: report.edge_count,
    communities,
  };
  if (cacheDir !== null && key !== null) writeCommunityCache(cacheDir, key, partition);
  return { partition, diagnostics: diagnostics(partition, false) };
}
