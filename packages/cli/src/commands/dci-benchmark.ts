import { resolve } from "node:path";
import { defineCommand } from "../definition/define-command";

/** How the report names the shipped benchmark: the same on every machine, wherever npm installed the package. */
const SHIPPED_FIXTURE = "@tsift/quality/data/dci-search-benchmark.json";

/** `tsift dci-benchmark --fixture F`: recorded search-strategy runs per lane, ranked by localization then agent budget. */
export const dciBenchmark = defineCommand({
  name: "dci-benchmark",
  summary: "recorded search-strategy runs (exact, lexical, hybrid): localization rate, tool calls, latency and tokens per lane, ranked",
  helpOrder: 550,
  positionals: [],
  options: { fixture: { type: "string", description: "the recorded benchmark (tasks and per-lane runs); default: the benchmark shipped with @tsift/quality" } },
  examples: [{ command: "tsift dci-benchmark --json", description: "the shipped benchmark's lanes, ranked" }],
  // @tsift/quality's `evaluateDciBenchmark`: warnings (missing lanes, partial runs) go to stderr and never fail it.
  async run(options, io) {
    const { evaluateDciBenchmark, readDciBenchmarkFixture } = await import("@tsift/quality");
    const fixture = options.fixture === undefined ? readDciBenchmarkFixture() : readDciBenchmarkFixture(resolve(io.cwd, options.fixture));
    const data = evaluateDciBenchmark(fixture, options.fixture ?? SHIPPED_FIXTURE);
    return { data, ...(data.warnings.length ? { notes: data.warnings.map((warning) => `warning: ${warning}`) } : {}) };
  },
  output: async () => (await import("../dci-benchmark/dci-benchmark-output")).dciOutput,
});
