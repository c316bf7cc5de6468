import type { ConvexSyncData } from "@tsift/index/code-graph";
import { defineOutput } from "../output/output-spec";

/** The plan's totals, the first ten chunks and what was applied; `--out` holds the whole plan. */
export const convexSyncOutput = defineOutput<ConvexSyncData>({
  tool: "convex-sync",
  pathKeys: ["out"],
  text: (data) => {
    const s = data.summary;
    return [
      `convex-sync plan: ${s.node_upserts} node and ${s.edge_upserts} edge upserts, ${s.edge_tombstones} edge then ${s.node_tombstones} node tombstones in ${s.chunks} chunk(s) of ${data.chunk_size}`,
      `  snapshot: ${data.snapshot_source ?? "none (every row is an upsert)"}${data.snapshot.provided ? ` — ${data.snapshot.status}, metadata ${data.snapshot.projection_metadata}` : ""}`,
      `  unchanged: ${s.unchanged_nodes} nodes, ${s.unchanged_edges} edges; required indexes: ${data.required_indexes.map((i) => `${i.table}.${i.name}`).join(", ")}`,
      ...data.chunks.slice(0, 10).map((chunk) => `  #${chunk.index} ${chunk.operation} ${chunk.count} (${chunk.first_key} .. ${chunk.last_key})`),
      ...(data.chunks_total > 10 ? [`  (+${data.chunks_total - Math.min(10, data.chunks.length)} more chunks)`] : []),
      ...(data.out ? [`  plan written to ${data.out}`] : []),
      ...(data.apply
        ? [
            `  applied ${data.apply.chunks_applied}/${data.apply.chunks_total} chunk(s) to ${data.apply.endpoint}${data.apply.error ? `; stopped: ${data.apply.error}` : ""}`,
          ]
        : []),
      `next: ${data.next_commands.join("\n      ")}`,
    ].join("\n");
  },
  compact: (data) =>
    `convex-sync +n:${data.summary.node_upserts} +e:${data.summary.edge_upserts} -e:${data.summary.edge_tombstones} -n:${data.summary.node_tombstones} chunks:${data.summary.chunks}${data.apply ? ` applied:${data.apply.chunks_applied}` : ""}`,
  tables: [
    {
      columns: ["index", "operation", "count", "first_key", "last_key"],
      rows: (data) => data.chunks.map((c) => [c.index, c.operation, c.count, c.first_key, c.last_key]),
      more: (data) => data.chunks_total - data.chunks.length,
    },
  ],
  envelope: {
    view: "report",
    summary: (data) => `convex-sync: ${data.summary.chunks} chunk(s)${data.apply ? `, ${data.apply.chunks_applied} applied` : ""}`,
    metrics: (data) => [
      { label: "node_upserts", value: data.summary.node_upserts },
      { label: "edge_upserts", value: data.summary.edge_upserts },
      { label: "tombstones", value: data.summary.node_tombstones + data.summary.edge_tombstones },
      { label: "chunks", value: data.summary.chunks },
    ],
    followUp: (data) => data.next_commands,
    truncated: (data) => data.truncated,
  },
});
