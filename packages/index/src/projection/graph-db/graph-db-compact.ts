import {
  TsiftError,
  compactionPolicy,
  graphDbPrefix,
  type CompactionPolicy,
  type GraphDbPlace,
  type GraphStore,
  type SqlGraphCompactResult,
  type SqlGraphFileStats,
} from "@tsift/core";
import { acquireWriterLock } from "@tsift/sqlite";

/** `tsift graph-db compact`'s options: every default is the command's (print the plan, keep the tombstones). */
export interface CompactGraphDbOptions {
  /** Run the compaction (default false: the plan only). */
  apply?: boolean;
  /** Also delete every tombstone; needs `confirmedConvexReconciled`. */
  pruneTombstones?: boolean;
  /** The Convex consumer has reconciled the deletions the tombstones record. */
  confirmedConvexReconciled?: boolean;
}

/** What `tsift graph-db compact --json` reports. */
export interface CompactData {
  operation: "compact";
  applied: boolean;
  backend: string;
  location: string;
  /** What `apply` does (or did), in order. */
  plan: string[];
  policy: CompactionPolicy;
  tombstones: { nodes: number; edges: number; total: number };
  result: SqlGraphCompactResult | null;
  next_commands: string[];
}

type Compactable = {
  compact(options: { vacuum?: boolean; pruneTombstones?: boolean }): Promise<SqlGraphCompactResult>;
  fileStats(): Promise<SqlGraphFileStats | null>;
};

/**
 * Checks the compaction options before any store is opened: tombstones are the deletion
 * record a Convex consumer reconciles from, so they are deleted only with both
 * `pruneTombstones` and `confirmedConvexReconciled`; a Convex snapshot is never compacted.
 */
export function checkCompaction(place: GraphDbPlace, options: CompactGraphDbOptions): void {
  if (place.backend === "convex-snapshot") throw new TsiftError("read_only", "a Convex snapshot is read-only: compact the local store");
  if (options.pruneTombstones && !options.confirmedConvexReconciled) {
    throw new TsiftError(
      "usage",
      "--prune-tombstones deletes the deletion record Convex reconciles from; add --confirmed-convex-reconciled once the remote consumer has reconciled it",
      { hint: `${graphDbPrefix(place)} drift --backend convex-snapshot --convex-snapshot <rows.json>` },
    );
  }
  if (options.confirmedConvexReconciled && !options.pruneTombstones)
    throw new TsiftError("usage", "--confirmed-convex-reconciled only applies with --prune-tombstones");
}

/**
 * `tsift graph-db compact`: the safe post-reconciliation compaction of an open store
 * (writable when `apply`). Without `apply`, the plan and the policy; with it, a WAL
 * checkpoint and VACUUM (and the tombstones, when confirmed) under the graph writer lock
 * (`lockPath`, a local file's). `lockWarning` says a stale lock was taken over.
 */
export async function compactGraphDb(
  store: GraphStore,
  options: CompactGraphDbOptions & { place: GraphDbPlace; location: string; lockPath?: string | undefined },
): Promise<{ data: CompactData; lockWarning: string | null }> {
  checkCompaction(options.place, options);
  const apply = options.apply === true;
  const prune = options.pruneTombstones === true;
  const compactable = store as unknown as Partial<Compactable>;
  if (typeof compactable.compact !== "function") throw new TsiftError("unsupported", `the ${store.backend} backend cannot be compacted`);
  const plan = [
    "checkpoint the WAL (TRUNCATE)",
    ...(prune ? ["delete every tombstone (confirmed reconciled)"] : []),
    "VACUUM: rewrite the file without free pages",
  ];
  const prefix = graphDbPrefix(options.place);
  const lock = apply && options.lockPath ? acquireWriterLock(options.lockPath, { what: "graph" }) : null;
  try {
    const counts = await store.counts();
    const result = apply ? await compactable.compact({ vacuum: true, pruneTombstones: prune }) : null;
    const after = result ? await store.counts() : counts;
    const data: CompactData = {
      operation: "compact",
      applied: apply,
      backend: store.backend,
      location: options.location,
      plan,
      policy: await compactionPolicy(store, options.place, after.tombstones.total),
      tombstones: after.tombstones,
      result,
      next_commands: apply ? [`${prefix} doctor`] : [`${prefix} compact --apply`, `${prefix} compact --apply --prune-tombstones --confirmed-convex-reconciled`],
    };
    return { data, lockWarning: lock?.warning ?? null };
  } finally {
    lock?.release();
  }
}
