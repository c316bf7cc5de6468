import type { DciBenchmarkReport } from "@tsift/quality";
import { defineOutput } from "../output/output-spec";

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The lanes in rank order; the warnings are notes on stderr, not part of the text. */
export const dciOutput = defineOutput<DciBenchmarkReport>({
  tool: "dci-benchmark",
  text: (data) =>
    [
      `${data.tasks} tasks, ${data.lanes.length} lanes`,
      ...data.lanes.map(
        (lane) =>
          `${lane.rank}. ${lane.lane}: ${lane.localized}/${data.tasks} localized (${percent(lane.localization_rate)}), ${lane.avg_tool_calls} tool calls, ${lane.avg_latency_ms} ms, ${lane.avg_tokens} tokens`,
      ),
    ].join("\n"),
  tables: [
    {
      columns: ["rank", "lane", "localization_rate", "avg_tool_calls", "avg_latency_ms", "avg_tokens"],
      rows: (data) => data.lanes.map((lane) => [lane.rank, lane.lane, lane.localization_rate, lane.avg_tool_calls, lane.avg_latency_ms, lane.avg_tokens]),
    },
  ],
  envelope: {
    view: "report",
    summary: (data) => (data.lanes[0] ? `best: ${data.lanes[0].lane} (${percent(data.lanes[0].localization_rate)})` : "no runs"),
    metrics: (data) => [
      { label: "tasks", value: data.tasks },
      { label: "lanes", value: data.lanes.length },
      { label: "warnings", value: data.warnings.length },
    ],
  },
});
