import { TsiftError, type SqlGraphCompactResult, type SqlGraphFileStats } from "@tsift/core";
import { commandResult, type CommandResult } from "../command-result";
import { defineOutput } from "../output/output-spec";
import { graphDbPrefix, withGraphWriteLock } from "./graph-db-context";
import { compactionPolicy, type CompactionPolicy } from "./graph-db-refresh";
import { openGraphStore, type GraphDbTarget } from "./open-graph-store";

export interface CompactFlags {
  apply: boolean;
  pruneTombstones: boolean;
  confirmedConvexReconciled: boolean;
}

export interface CompactData {
  operation: "compact";
  applied: boolean;
  backend: string;
  location: string;
  /** What `--apply` does (or did), in order. */
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
 * The safe post-reconciliation compaction: without `--apply`, the plan; with it, a WAL
 * checkpoint and VACUUM under the graph writer lock. Tombstones are the deletion record
 * a Convex consumer reconciles from, so they are deleted only with both
 * `--prune-tombstones` and `--confirmed-convex-reconciled`.
 */
export async function graphDbCompact(target: GraphDbTarget, flags: CompactFlags): Promise<CommandResult<CompactData>> {
  if (target.backend === "convex-snapshot") throw new TsiftError("read_only", "a Convex snapshot is read-only: compact the local store");
  if (flags.pruneTombstones && !flags.confirmedConvexReconciled) {
    throw new TsiftError(
      "usage",
      "--prune-tombstones deletes the deletion record Convex reconciles from; add --confirmed-convex-reconciled once the remote consumer has reconciled it",
      {
        hint: `${graphDbPrefix(target)} drift --backend convex-snapshot --convex-snapshot <rows.json>`,
      },
    );
  }
  if (flags.confirmedConvexReconciled && !flags.pruneTombstones)
    throw new TsiftError("usage", "--confirmed-convex-reconciled only applies with --prune-tombstones");
  const plan = [
    "checkpoint the WAL (TRUNCATE)",
    ...(flags.pruneTombstones ? ["delete every tombstone (confirmed reconciled)"] : []),
    "VACUUM: rewrite the file without free pages",
  ];
  const prefix = graphDbPrefix(target);
  const run = async (readOnly: boolean) => {
    const opened = await openGraphStore(target, { readOnly });
    try {
      const store = opened.store as unknown as Partial<Compactable>;
      if (typeof store.compact !== "function") throw new TsiftError("unsupported", `the ${opened.store.backend} backend cannot be compacted`);
      const counts = await opened.store.counts();
      const result = readOnly ? null : await store.compact({ vacuum: true, pruneTombstones: flags.pruneTombstones });
      const after = result ? await opened.store.counts() : counts;
      const data: CompactData = {
        operation: "compact",
        applied: !readOnly,
        backend: opened.store.backend,
        location: opened.location,
        plan,
        policy: await compactionPolicy(opened.store, target, after.tombstones.total),
        tombstones: after.tombstones,
        result,
        next_commands: readOnly
          ? [`${prefix} compact --apply`, `${prefix} compact --apply --prune-tombstones --confirmed-convex-reconciled`]
          : [`${prefix} doctor`],
      };
      return commandResult(data, compactOutput, { root: target.root });
    } finally {
      await opened.store.close();
    }
  };
  if (!flags.apply) return run(true);
  return withGraphWriteLock(target, async (lock) => {
    const result = await run(false);
    return lock.warning ? { ...result, notes: [`warning: ${lock.warning}`, ...(result.notes ?? [])] } : result;
  });
}

const mib = (bytes: number | null | undefined) => (bytes === null || bytes === undefined ? "?" : `${(bytes / (1 << 20)).toFixed(2)} MiB`);

export const compactOutput = defineOutput<CompactData>({
  tool: "graph-db",
  pathKeys: ["location"],
  text: (data) =>
    [
      `graph-db compact ${data.applied ? "applied" : "plan"} (${data.location}, ${data.backend})`,
      ...data.plan.map((step) => `  ${data.applied ? "done" : "will"}: ${step}`),
      data.result
        ? `  size ${mib(data.result.before?.size_bytes)} -> ${mib(data.result.after?.size_bytes)}, free ${mib(data.result.before?.freelist_bytes)} -> ${mib(data.result.after?.freelist_bytes)}, checkpoint ${data.result.checkpoint}, tombstones pruned ${data.result.tombstones_pruned}`
        : `  size ${mib(data.policy.file_size_bytes)}, free ${mib(data.policy.freelist_bytes)}, tombstones ${data.tombstones.total} (kept until Convex reconciles them)`,
      `next: ${data.next_commands.join("\n      ")}`,
    ].join("\n"),
  envelope: {
    view: "report",
    summary: (data) => `graph-db compact ${data.applied ? "applied" : "plan"}`,
    metrics: (data) => [
      { label: "applied", value: data.applied },
      { label: "tombstones", value: data.tombstones.total },
      { label: "free_bytes", value: data.result?.after?.freelist_bytes ?? data.policy.freelist_bytes },
    ],
    followUp: (data) => data.next_commands,
    truncated: () => false,
  },
});
