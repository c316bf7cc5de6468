import { graphDbPrefix, type GraphDbPlace } from "./graph-db-place";
import type { GraphStore } from "./graph-store";
import type { SqlGraphFileStats } from "./sql/sql-graph-maintenance";

/** How graph.db is kept small, and the commands that do it. */
export interface CompactionPolicy {
  tombstone_retention: "retain_until_convex_reconciled";
  tombstones: number;
  file_size_bytes: number | null;
  freelist_bytes: number | null;
  vacuum_recommended: boolean;
  compact_command: string;
  prune_command: string;
}

/** Free pages worth a VACUUM: a quarter of the file and at least 1 MiB (as doctor warns). */
const VACUUM_FREE_RATIO = 0.25;
const VACUUM_FREE_BYTES = 1 << 20;

/** A SQL store's file statistics, or null for stores that have no file (snapshots, remote libSQL). */
export async function graphStoreFileStats(store: GraphStore): Promise<SqlGraphFileStats | null> {
  const probe = (store as { fileStats?: () => Promise<SqlGraphFileStats | null> }).fileStats;
  return typeof probe === "function" ? probe.call(store) : null;
}

/** The compaction facts and commands a refresh or compact reports for a store. */
export async function compactionPolicy(
  store: GraphStore,
  place: GraphDbPlace,
  tombstones: number,
  known?: SqlGraphFileStats | null,
): Promise<CompactionPolicy> {
  const file = known !== undefined ? known : await graphStoreFileStats(store);
  const prefix = graphDbPrefix(place);
  return {
    tombstone_retention: "retain_until_convex_reconciled",
    tombstones,
    file_size_bytes: file?.size_bytes ?? null,
    freelist_bytes: file?.freelist_bytes ?? null,
    vacuum_recommended: file ? file.freelist_bytes >= VACUUM_FREE_BYTES && file.freelist_bytes >= file.size_bytes * VACUUM_FREE_RATIO : false,
    compact_command: `${prefix} compact --apply`,
    prune_command: `${prefix} compact --apply --prune-tombstones --confirmed-convex-reconciled`,
  };
}
