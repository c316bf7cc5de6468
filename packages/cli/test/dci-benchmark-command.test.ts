import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers";
import { project, tsift } from "./index-helpers";

const run = (task: string, lane: string, localized: boolean, tokens: number, calls = 1) => ({
  task,
  lane,
  localized,
  tool_calls: calls,
  latency_ms: 10,
  estimated_tokens: tokens,
});
const tasks = ["a", "b"].map((id) => ({ id, question: `find ${id}`, target: `${id}.ts` }));

describe("tsift dci-benchmark", () => {
  it("ranks lanes by localization, then tokens, and warns about a missing lane", async () => {
    const root = project({});
    writeFileSync(
      join(root, "bench.json"),
      JSON.stringify({
        version: 1,
        tasks,
        runs: [
          run("a", "exact_chained_rg", true, 300, 4),
          run("b", "exact_chained_rg", false, 500, 6),
          run("a", "lexical_bm25", true, 900),
          run("b", "lexical_bm25", false, 700),
        ],
      }),
    );
    const result = await tsift(root, ["dci-benchmark", "--fixture", "bench.json", "--json"]);
    expect(result.code).toBe(0);
    const report = result.json();
    expect(
      report.lanes.map((lane: { lane: string; rank: number; localization_rate: number; avg_tokens: number; avg_tool_calls: number }) => [
        lane.rank,
        lane.lane,
        lane.localization_rate,
        lane.avg_tokens,
        lane.avg_tool_calls,
      ]),
    ).toEqual([
      [1, "exact_chained_rg", 0.5, 400, 5],
      [2, "lexical_bm25", 0.5, 800, 1],
    ]);
    expect(report.warnings).toEqual(["lane hybrid is missing"]);
    expect(result.err).toMatch(/warning: lane hybrid is missing/);
    const text = await tsift(root, ["dci-benchmark", "--fixture", "bench.json"]);
    expect(text.out).toMatch(/^2 tasks, 2 lanes\n1\. exact_chained_rg: 1\/2 localized \(50\.0%\)/);
  });

  it("counts a lane's unrun tasks as misses, so a partial lane ranks below a complete one", async () => {
    const root = project({});
    writeFileSync(
      join(root, "bench.json"),
      JSON.stringify({ version: 1, tasks, runs: [run("a", "hybrid", true, 10), run("a", "lexical_bm25", true, 50), run("b", "lexical_bm25", true, 50)] }),
    );
    const report = (await tsift(root, ["dci-benchmark", "--fixture", "bench.json", "--json"])).json();
    expect(report.lanes.map((lane: { lane: string }) => lane.lane)).toEqual(["lexical_bm25", "hybrid"]);
    expect(report.warnings).toEqual(["lane exact_chained_rg is missing", "lane hybrid ran 1 of 2 tasks"]);
  });

  it("rejects a malformed fixture with invalid_input", async () => {
    const root = project({ "bad.json": JSON.stringify({ version: 1, tasks, runs: [{ task: "a", lane: "hybrid", localized: "yes" }] }) });
    const result = await tsift(root, ["dci-benchmark", "--fixture", "bad.json"]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/bad\.json is not a DCI benchmark fixture: run 1 \(a\/hybrid\): localized must be true or false/);
  });

  it("reads the shipped benchmark recorded on effect's source from any directory: 30+ tasks, every lane", async () => {
    // An empty project outside the repository: the default is the benchmark @tsift/quality ships.
    const outside = project({});
    const report = (await tsift(outside, ["dci-benchmark", "--json"])).json();
    expect(report.fixture).toBe("@tsift/quality/data/dci-search-benchmark.json");
    expect((await tsift(repoRoot, ["dci-benchmark", "--json"])).json()).toEqual(report);
    expect(report.tasks).toBeGreaterThanOrEqual(30);
    expect(report.warnings).toEqual([]);
    expect(report.lanes.map((lane: { lane: string }) => lane.lane).sort()).toEqual(["exact_chained_rg", "hybrid", "lexical_bm25"]);
  });
});
