import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers";
import { CONFORMANCE_TREE, indexedProject, tsiftBin } from "./graph-db-helpers";
import { project, spawnBuilt, tsift } from "./index-helpers";

const COMMUNITY = join(repoRoot, "fixtures", "metrics", "community-search-gate-history.json");
const SHIPPED_HISTORY = join(repoRoot, "packages", "quality", "data", "graph-db-performance-history.json");

const runs = (...values: [number, number][]) =>
  values.map(([mae, score], i) => JSON.stringify({ label: `run ${i + 1}`, session_mae: mae, composite_score: score })).join("\n");

describe("tsift metric-digest", () => {
  it("digests NDJSON from stdin: deltas against the previous run, a history table", async () => {
    const cwd = project({});
    const result = await tsift(cwd, ["metric-digest"], { stdin: runs([2, 0.8], [2.5, 0.9]) });
    expect(result.code, result.err).toBe(0);
    const lines = result.out.split("\n");
    expect(lines[0]).toBe("metric-digest: run 2 vs previous run 1; 2 metrics: 1 regressed, 1 improved, 0 changed, 0 unchanged");
    expect(result.out).toContain("  session_mae: 2 -> 2.5 (+25%, lower is better)");
    expect(result.out).toContain("gate (report only, threshold 10%): fail: session_mae regressed 25% (threshold 10%)");
    expect(result.out).toContain("| run | session_mae | composite_score |\n|---|---:|---:|\n| run 1 | 2 | 0.8 |\n| run 2 | 2.5 | 0.9 |");
  });

  it("--gate exits 1 on a regression past --threshold and 0 under it", async () => {
    const cwd = project({ "runs.ndjson": runs([2, 0.8], [2.5, 0.9]) });
    const failed = await tsift(cwd, ["metric-digest", "--input", "runs.ndjson", "--gate"]);
    expect(failed.code).toBe(1);
    expect(failed.err).toContain("metric gate failed: session_mae regressed 25%");
    expect((await tsift(cwd, ["metric-digest", "runs.ndjson", "--gate", "--threshold", "30"])).code).toBe(0);
    expect(
      (
        await tsift(cwd, [
          "metric-digest",
          "runs.ndjson",
          "--gate",
          "--lower-is-better",
          "composite_score",
          "--higher-is-better",
          "session_mae",
          "--threshold",
          "13",
        ])
      ).code,
    ).toBe(0);
  });

  it("compares against --baseline and keeps only --metric", async () => {
    const cwd = project({
      "today.json": JSON.stringify({ metrics: { session_mae: 1.5, composite_score: 0.7 } }),
      "base.json": JSON.stringify({ runs: [{ label: "yesterday", metrics: { session_mae: 2, composite_score: 0.7 } }] }),
    });
    const json = (await tsift(cwd, ["metric-digest", "--input", "today.json", "--baseline", "base.json", "--metric", "session_mae", "--json"])).json();
    expect(json.compared_from).toBe("baseline");
    expect(json.compared.label).toBe("yesterday");
    expect(json.deltas).toEqual([{ metric: "session_mae", direction: "lower", baseline: 2, current: 1.5, delta: -0.5, delta_pct: -25, status: "improved" }]);
  });

  it("reports the community_search_gate of the checked-in sample", async () => {
    const cwd = project({});
    const json = (await tsift(cwd, ["metric-digest", "--input", COMMUNITY, "--json"])).json();
    expect(json.community_search_gate.status).toBe("pass");
    expect(json.community_search_gate.workloads).toEqual(["real", "synthetic_multi_module"]);
  });

  it("malformed JSON or NDJSON is invalid input (exit 2, one line), never a crash", async () => {
    const cwd = project({ "base.json": "{" });
    for (const stdin of ['{"metrics": {"a": 1}', '{"a": 1}\nnot json', "", "[1,2]"]) {
      const result = await tsift(cwd, ["metric-digest"], { stdin });
      expect(result.code, stdin).toBe(2);
      expect(result.err.split("\n")[0]).toMatch(/^tsift: /);
    }
    expect((await tsift(cwd, ["metric-digest", "--baseline", "base.json"], { stdin: runs([1, 1]) })).code).toBe(2);
    expect((await tsift(cwd, ["metric-digest", "--baseline", "missing.json"], { stdin: runs([1, 1]) })).code).toBe(3);
    expect((await tsift(cwd, ["metric-digest", "a.json", "--input", "b.json"])).code).toBe(2);
  });

  it("--envelope carries the gate and follow-up commands", async () => {
    const cwd = project({ "runs.ndjson": runs([2, 0.8], [2.5, 0.9]) });
    const envelope = (await tsift(cwd, ["--envelope", "metric-digest", "--input", "runs.ndjson"])).json();
    expect(envelope.tool).toBe("metric-digest");
    expect(envelope.summary.metrics).toEqual(expect.arrayContaining([{ label: "gate", value: "fail" }]));
    expect(envelope.follow_up).toEqual([
      "tsift metric-digest --input runs.ndjson --metric session_mae",
      "tsift metric-digest --input runs.ndjson --metric composite_score",
      "tsift metric-digest --input runs.ndjson --gate",
    ]);
  });

  it("tsift graph-db backend-eval --json | tsift metric-digest works through the built binary", () => {
    const root = indexedProject(CONFORMANCE_TREE);
    const evaluated = tsiftBin(root, ["graph-db", "backend-eval", "--samples", "1", "--iterations", "1", "--json"]);
    expect(evaluated.code, evaluated.err).toBe(0);
    const piped = spawnBuilt(root, ["metric-digest", "--baseline", SHIPPED_HISTORY, "--json"], { stdin: evaluated.out });
    expect(piped.code, piped.err).toBe(0);
    const json = JSON.parse(piped.out) as { compared_from: string; metrics_total: number; deltas: { metric: string; direction: string }[] };
    expect(json.compared_from).toBe("baseline");
    expect(json.metrics_total).toBeGreaterThan(50);
    expect(json.deltas.length).toBe(20);
    expect(json.deltas.filter((delta) => delta.metric.endsWith(".duration_micros")).every((delta) => delta.direction === "lower")).toBe(true);
    const history = JSON.parse(readFileSync(SHIPPED_HISTORY, "utf8")) as { runs: unknown[] };
    expect(history.runs.length).toBeGreaterThan(0);
  });
});
