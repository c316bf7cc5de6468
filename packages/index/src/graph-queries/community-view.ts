import type Database from "better-sqlite3";
import { communityCacheKey, indexWatermark, readCommunityCache } from "./community-cache";

/** Louvain's default seed (@tsift/algorithms `DEFAULT_COMMUNITY_SEED`, asserted equal in a test), kept here so reading a cached partition loads no graph algorithms. */
export const COMMUNITY_SEED = 1;

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

/** The cache key and options of a partition request. */
export function partitionKey(db: Database.Database, options: CommunityOptions): { key: string | null; seed: number; resolution: number } {
  const seed = options.seed ?? COMMUNITY_SEED;
  const resolution = options.resolution ?? 1;
  const cacheDir = options.cacheDir ?? null;
  const key = cacheDir === null ? null : communityCacheKey(options.watermark ?? indexWatermark(db), { algorithm: "louvain", seed, resolution });
  return { key, seed, resolution };
}

export function partitionDiagnostics(partition: CommunityPartition, cacheHit: boolean, key: string | null, seed: number): CommunityDiagnostics {
  return { cache_hit: cacheHit, cache_key: key, edge_count: partition.edge_count, iterations: partition.iterations, seed };
}

/** The cached partition for these options, or null (no cache directory, or not computed for this index yet). */
export function cachedCommunityPartition(db: Database.Database, options: CommunityOptions = {}): { partition: CommunityPartition; diagnostics: CommunityDiagnostics } | null {
  const { key, seed } = partitionKey(db, options);
  if (key === null || !options.cacheDir) return null;
  const cached = readCommunityCache<CommunityPartition>(options.cacheDir, key);
  return cached ? { partition: cached, diagnostics: partitionDiagnostics(cached, true, key, seed) } : null;
}

/** Applies `minSize` and `limit` to a partition (`tsift communities`). */
export function shapeCommunities(partition: CommunityPartition, diagnostics: CommunityDiagnostics, options: CommunityQueryOptions = {}): CommunitiesResult {
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

/** `callGraphCommunities` when its partition is cached, else null; reads no call edges and loads no graph algorithms. */
export function cachedCommunities(db: Database.Database, options: CommunityQueryOptions = {}): CommunitiesResult | null {
  const cached = cachedCommunityPartition(db, options);
  return cached ? shapeCommunities(cached.partition, cached.diagnostics, options) : null;
}
