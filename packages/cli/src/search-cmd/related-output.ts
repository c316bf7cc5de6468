import type { RelatedData } from "@tsift/search";
import { defineOutput } from "../output/output-spec";

/** `tsift related` output: the source chunk, then each related chunk with its score. */
export const relatedOutput = defineOutput<RelatedData>({
  tool: "related",
  text: (data) => {
    const lines = [`related to ${data.source.path}:${data.source.start_line}-${data.source.end_line}${data.source.symbol ? ` (${data.source.symbol})` : ""}:`];
    if (data.hits.length === 0) lines.push("  nothing similar found");
    for (const hit of data.hits) lines.push(`  ${hit.path}:${hit.start_line}-${hit.end_line}  ${hit.score.toFixed(4)}${hit.symbol ? `  ${hit.symbol}` : ""}`);
    return lines.join("\n");
  },
  tables: [
    {
      columns: ["rank", "path", "start_line", "end_line", "score", "symbol"],
      rows: (data) => data.hits.map((hit) => [hit.rank, hit.path, hit.start_line, hit.end_line, hit.score, hit.symbol]),
    },
  ],
  envelope: {
    view: "report",
    summary: (data) => `${data.hits.length} chunks related to ${data.source.path}:${data.source.start_line}`,
    metrics: (data) => [
      { label: "hits", value: data.hits.length },
      { label: "encoder", value: data.encoder },
    ],
    followUp: (data) => data.hits.map((hit) => hit.expand),
  },
});
