import type { CompactData, CompactGraphDbOptions } from "@tsift/index/code-graph";
import { commandResult, type CommandResult } from "../command-result";
import { defineOutput } from "../output/output-spec";
import { graphDbPlace, graphWriteLockPath, isLocalFileBackend } from "./graph-db-context";
import { makeGraphDbDir, openGraphStore, type GraphDbTarget } from "./open-graph-store";

export type { CompactData };

/**
 * `tsift graph-db compact`: @tsift/index's `compactGraphDb` on this target's store (opened
 * writable only with `--apply`, under the graph writer lock for a local file).
 */
export async function graphDbCompact(target: GraphDbTarget, flags: CompactGraphDbOptions): Promise<CommandResult<CompactData>> {
  const { checkCompaction, compactGraphDb } = await import("@tsift/index/code-graph");
  const place = graphDbPlace(target);
  checkCompaction(place, flags);
  const lockPath = flags.apply && isLocalFileBackend(target) ? graphWriteLockPath(target) : undefined;
  if (lockPath) await makeGraphDbDir(target, lockPath);
  const opened = await openGraphStore(target, { readOnly: !flags.apply });
  try {
    const { data, lockWarning } = await compactGraphDb(opened.store, { ...flags, place, location: opened.location, lockPath });
    return commandResult(data, compactOutput, { root: target.root, ...(lockWarning ? { notes: [`warning: ${lockWarning}`] } : {}) });
  } finally {
    await opened.store.close();
  }
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
