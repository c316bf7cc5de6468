import { resolve } from "node:path";
import { TsiftError, type ConvexDriftReport } from "@tsift/core";
import { commandResult, type CommandResult } from "../command-result";
import { EXIT_CODES } from "../exit-codes";
import { shellArg } from "@tsift/digest";
import { defineOutput } from "../output/output-spec";
import { graphDbPrefix, localPrefix, tsiftCommand } from "./graph-db-context";
import { loadLocalProjection } from "./local-projection";
import { displayPath, type GraphDbTarget } from "./open-graph-store";

export interface DriftData extends ConvexDriftReport {
  operation: "drift";
  snapshot: string;
  /** What the file was: a Convex snapshot, or a `tsift-graph-rows/v1` export compared as the rows it stands for. */
  snapshot_format: "convex-snapshot" | "tsift-graph-rows/v1";
  local: { refresh: string; projection_version: string | null; content_hash: string | null; nodes: number; edges: number };
  next_commands: string[];
}

/**
 * Refreshes the local SQLite projection, then compares a Convex snapshot with it:
 * upserts and edge-before-node tombstones still to send, stale projection metadata,
 * duplicate and dangling rows, missing index metadata. Convex-backed reads are allowed
 * only when the snapshot is current; otherwise the next commands plan and apply a sync.
 */
export async function graphDbDrift(target: GraphDbTarget): Promise<CommandResult<DriftData>> {
  if (target.backend !== "convex-snapshot" || !target.convexSnapshot) {
    throw new TsiftError("usage", "drift compares a Convex snapshot with the local projection: pass --backend convex-snapshot --convex-snapshot <rows.json>", {
      hint: `${localPrefix(target)} drift --backend convex-snapshot --convex-snapshot <rows.json>`,
    });
  }
  const { convexDrift, driftSnapshotOf, readConvexSnapshotFile } = await import("@tsift/core");
  const snapshotPath = resolve(target.root, target.convexSnapshot);
  const local = await loadLocalProjection(target);
  // A `graph-db export` rows file is compared as the Convex rows it stands for.
  const { snapshot, format } = driftSnapshotOf(await readConvexSnapshotFile(snapshotPath), displayPath(target.root, snapshotPath));
  const report = convexDrift(local.projection, snapshot, local.meta);
  const snapshotArg = shellArg(displayPath(target.root, snapshotPath));
  const sync = tsiftCommand(target, "convex-sync");
  const next =
    report.status === "current"
      ? [`${graphDbPrefix(target)} kind <kind> --limit 20`]
      : [
          `${sync} --snapshot ${snapshotArg} --json`,
          `${sync} --snapshot ${snapshotArg} --apply --endpoint <url>`,
          `${sync} --remote-snapshot --apply --endpoint <url>`,
          ...(report.status === "fail_closed" ? [`${graphDbPrefix(target)} doctor`] : []),
        ];
  const data: DriftData = {
    operation: "drift",
    snapshot: displayPath(target.root, snapshotPath),
    snapshot_format: format,
    ...report,
    local: {
      refresh: local.refresh,
      projection_version: local.meta.projectionVersion ?? null,
      content_hash: local.meta.projectionHash ?? null,
      nodes: local.projection.nodes.length,
      edges: local.projection.edges.length,
    },
    next_commands: next,
  };
  return commandResult(data, driftOutput, {
    root: target.root,
    exitCode: report.status === "fail_closed" ? EXIT_CODES.checkFailed : EXIT_CODES.ok,
    notes:
      report.status === "fail_closed"
        ? [
            `tsift: Convex snapshot ${data.snapshot} failed closed: ${report.problems
              .map((p) => p.message)
              .slice(0, 3)
              .join("; ")}`,
          ]
        : [],
  });
}

export const driftOutput = defineOutput<DriftData>({
  tool: "graph-db",
  pathKeys: ["snapshot"],
  text: (data) => {
    const s = data.summary;
    return [
      `graph-db drift: ${data.status} (${data.snapshot}${data.snapshot_format === "convex-snapshot" ? "" : `, a ${data.snapshot_format} export`}); Convex-backed reads ${data.graph_reads_allowed ? "allowed" : "not allowed"}`,
      `  to send: ${s.node_upserts} node and ${s.edge_upserts} edge upserts, ${s.edge_tombstones} edge then ${s.node_tombstones} node tombstones`,
      `  stale projection metadata: ${s.stale_projection_metadata ? "yes" : "no"}  duplicates: ${s.duplicate_failures}  dangling edges: ${s.orphan_failures}  missing indexes: ${s.missing_required_indexes.join(", ") || "none"}`,
      ...data.problems.slice(0, 5).map((problem) => `  problem: ${problem.message}`),
      `next: ${data.next_commands.join("\n      ")}`,
    ].join("\n");
  },
  compact: (data) =>
    `gdb drift ${data.status} +n:${data.summary.node_upserts} +e:${data.summary.edge_upserts} -e:${data.summary.edge_tombstones} -n:${data.summary.node_tombstones}`,
  envelope: {
    view: "report",
    summary: (data) => `Convex snapshot ${data.status}`,
    metrics: (data) => [
      { label: "status", value: data.status },
      { label: "reads_allowed", value: data.graph_reads_allowed },
      { label: "upserts", value: data.summary.node_upserts + data.summary.edge_upserts },
      { label: "tombstones", value: data.summary.node_tombstones + data.summary.edge_tombstones },
    ],
    followUp: (data) => data.next_commands,
    truncated: () => false,
  },
});
