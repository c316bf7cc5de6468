import type Database from "better-sqlite3";
import {
  cacheLineAt,
  communityCacheKey,
  indexWatermark,
  lineStart,
  readCacheLines,
  readCommunityCache,
  writeCommunityCacheLines,
  type CacheLines,
} from "./community-cache";
import { readTransaction } from "../../store/queries/read-transaction";

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

/** `tsift communities --json`. */
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

/** The cached partition file's head: the partition without its communities, plus every community's member count in id order. */
interface PartitionHead {
  modularity: number;
  iterations: number;
  node_count: number;
  edge_count: number;
  sizes: number[];
}

/**
 * Caches a partition one community per line, after a head that carries each community's
 * size, so a cache hit parses only the communities it shows (`cachedCommunities`) or the
 * one a symbol belongs to (`cachedCommunityOf`).
 */
export function writeCommunityPartition(cacheDir: string, key: string, partition: CommunityPartition): boolean {
  const { communities, ...rest } = partition;
  const head: PartitionHead = { ...rest, sizes: communities.map((community) => community.members.length) };
  return writeCommunityCacheLines(cacheDir, key, { ...head }, "communities", communities);
}

/** The cached partition for these options, or null (no cache directory, or not computed for this index yet). */
export function cachedCommunityPartition(
  db: Database.Database,
  options: CommunityOptions = {},
): { partition: CommunityPartition; diagnostics: CommunityDiagnostics } | null {
  const { key, seed } = partitionKey(db, options);
  if (key === null || !options.cacheDir) return null;
  const cached = readCommunityCache<CommunityPartition & { sizes?: number[] }>(options.cacheDir, key);
  if (!cached || !Array.isArray(cached.communities)) return null;
  const { sizes: _sizes, ...partition } = cached;
  return { partition, diagnostics: partitionDiagnostics(partition, true, key, seed) };
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

/** The partition file for these options with its head checked, or null. */
function partitionLines(db: Database.Database, options: CommunityOptions): { lines: CacheLines; head: PartitionHead; key: string; seed: number } | null {
  const { key, seed } = partitionKey(db, options);
  if (key === null || !options.cacheDir) return null;
  const lines = readCacheLines(options.cacheDir, key);
  const head = lines?.head as Partial<PartitionHead> | undefined;
  if (!lines || !head || !Array.isArray(head.sizes)) return null;
  return { lines, head: head as PartitionHead, key, seed };
}

/**
 * `callGraphCommunities` when its partition is cached, else null; reads no call edges,
 * loads no graph algorithms, and parses only the communities it returns.
 */
export function cachedCommunities(db: Database.Database, options: CommunityQueryOptions = {}): CommunitiesResult | null {
  return readTransaction(db, () => {
    const found = partitionLines(db, options);
    if (!found) return null;
    const { lines, head, key, seed } = found;
    const minSize = options.minSize ?? 2;
    const limit = options.limit ?? 10;
    const shown = head.sizes.flatMap((size, id) => (size >= minSize ? [id] : []));
    const wanted = limit > 0 ? shown.slice(0, limit) : shown;
    const communities: IndexCommunity[] = [];
    try {
      let start = lines.body;
      for (let id = 0; communities.length < wanted.length; id++) {
        if (id === wanted[communities.length]) {
          const line = cacheLineAt(lines, start);
          if (!line) return null;
          communities.push(line.item as IndexCommunity);
          start = line.next;
        } else {
          start = lines.text.indexOf("\n", start) + 1;
          if (start === 0) return null;
        }
      }
    } catch {
      return null;
    }
    return {
      modularity: head.modularity,
      iterations: head.iterations,
      node_count: head.node_count,
      edge_count: head.edge_count,
      community_count: shown.length,
      communities,
      truncated: communities.length < shown.length,
      community_diagnostics: { cache_hit: true, cache_key: key, edge_count: head.edge_count, iterations: head.iterations, seed },
    };
  });
}

/**
 * The cached community holding the symbol with `handle` (null when the symbol takes part
 * in no resolved call) and the partition's diagnostics, or null when the partition is not
 * cached. One community is parsed: its line is found by the member's handle.
 */
export function cachedCommunityOf(
  db: Database.Database,
  handle: string,
  options: CommunityOptions = {},
): { community: IndexCommunity | null; diagnostics: CommunityDiagnostics } | null {
  const found = partitionLines(db, options);
  if (!found) return null;
  const { lines, head, key, seed } = found;
  const diagnostics: CommunityDiagnostics = { cache_hit: true, cache_key: key, edge_count: head.edge_count, iterations: head.iterations, seed };
  const at = lines.text.indexOf(`"handle":${JSON.stringify(handle)}`, lines.body);
  if (at < 0) return { community: null, diagnostics };
  try {
    const line = cacheLineAt(lines, lineStart(lines, at));
    return line ? { community: line.item as IndexCommunity, diagnostics } : null;
  } catch {
    return null;
  }
}
