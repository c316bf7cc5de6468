import type { TraverseData } from "@tsift/index/code-graph";
import { defineOutput } from "../output/output-spec";

/** `--format html` without `--out`: the page itself is the output, in every mode. */
export const htmlOutput = defineOutput<string>({ tool: "traverse", text: (html) => html });

export const traverseOutput = defineOutput<TraverseData>({
  tool: "traverse",
  pathKeys: ["html"],
  text: (data) => {
    const head =
      data.mode === "path"
        ? data.path
          ? `path ${data.path.direction === "reverse" ? "(reverse) " : ""}${data.path.nodes.join(" -> ")} (${data.path.hops} hops)`
          : `no path from ${data.target?.id} to ${data.to?.id}`
        : `${data.mode}${data.target ? ` of ${data.target.id}` : ""}: ${data.nodes.length} nodes, ${data.edges.length} edges${data.truncated ? " (capped)" : ""}`;
    const width = Math.max(14, ...data.recommendations.map((rec) => rec.reason.length));
    const left = data.recommendations_total - data.recommendations.length;
    return [
      head,
      ...data.recommendations.map((rec) => `  ${rec.reason.padEnd(width)} ${rec.handle ?? ""} ${rec.label} [${rec.kind}]`),
      ...(left > 0 ? [`  (+${left} more; --format json lists every node)`] : []),
      ...(data.html ? [`html: ${data.html}`] : []),
      ...(data.next_commands.length ? [`next: ${data.next_commands.join("\n      ")}`] : []),
    ].join("\n");
  },
  tables: [
    { columns: ["id", "kind", "label", "depth"], rows: (data) => data.nodes.map((node) => [node.id, node.kind, node.label, node.depth ?? ""]) },
    { columns: ["from_id", "kind", "to_id"], rows: (data) => data.edges.map((edge) => [edge.from_id, edge.kind, edge.to_id]) },
  ],
  envelope: {
    view: "graph",
    summary: (data) => `traverse ${data.mode}: ${data.nodes.length} nodes, ${data.edges.length} edges`,
    metrics: (data) => [
      { label: "nodes", value: data.nodes.length },
      { label: "edges", value: data.edges.length },
      { label: "hops", value: data.path?.hops ?? null },
    ],
    followUp: (data) => data.next_commands,
    truncated: (data) => data.truncated,
  },
});
