import { resolve } from "node:path";
import { evaluateDciBenchmark, readDciBenchmarkFixture, type DciBenchmarkReport } from "@tsift/quality";
import { commandResult, type CommandResult } from "../command-result";
import type { CliIo } from "../io";
import { defineOutput } from "../output/output-spec";

/** How the report names the shipped benchmark: the same on every machine, wherever npm installed the package. */
const SHIPPED_FIXTURE = "@tsift/quality/data/dci-search-benchmark.json";

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

const dciOutput = defineOutput<DciBenchmarkReport>({
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

/** `tsift dci-benchmark` (`evaluateDciBenchmark`): warnings (missing lanes, partial runs) go to stderr and never fail it. */
export function runDciBenchmark(io: CliIo, flags: { fixture: string | undefined }): CommandResult<DciBenchmarkReport> {
  const fixture = flags.fixture === undefined ? readDciBenchmarkFixture() : readDciBenchmarkFixture(resolve(io.cwd, flags.fixture));
  const report = evaluateDciBenchmark(fixture, flags.fixture ?? SHIPPED_FIXTURE);
  return commandResult(report, dciOutput, report.warnings.length ? { notes: report.warnings.map((warning) => `warning: ${warning}`) } : {});
}
