import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { digestMetrics, inferDirection, parseMetricRuns } from "../src/index";

const REPO = join(import.meta.dirname, "..", "..", "..");
const COMMUNITY = readFileSync(join(REPO, "fixtures", "metrics", "community-search-gate-history.json"), "utf8");
const SHIPPED_HISTORY = readFileSync(join(REPO, "packages", "quality", "data", "graph-db-performance-history.json"), "utf8");

const run = (label: string, metrics: Record<string, number>) => ({ label, metrics });

describe("parseMetricRuns: every input shape", () => {
  const expected = [{ label: "a", id: null, timestamp: null, metrics: { session_mae: 2, composite_score: 0.5 } }];
  it.each([
    ["an object with a metrics map", JSON.stringify({ label: "a", metrics: { session_mae: 2, composite_score: 0.5 } })],
    ["an object with runs", JSON.stringify({ runs: [{ label: "a", metrics: { session_mae: 2, composite_score: 0.5 } }] })],
    ["an array of runs", JSON.stringify([{ label: "a", session_mae: 2, composite_score: 0.5 }])],
    ["NDJSON", `${JSON.stringify({ label: "a", session_mae: 2, composite_score: 0.5 })}\n\n`],
  ])("%s", (_name, text) => {
    expect(parseMetricRuns(text)).toEqual(expected);
  });

  it("reads NDJSON with one run per line and flattens nested metrics to dotted names", () => {
    const text = [
      JSON.stringify({ id: "1", metrics: { communities: { real: { duration_micros: 10 } } } }),
      JSON.stringify({ id: "2", passed: true, latency_ms: 4 }),
    ].join("\n");
    expect(parseMetricRuns(text)).toEqual([
      { label: null, id: "1", timestamp: null, metrics: { "communities.real.duration_micros": 10 } },
      { label: null, id: "2", timestamp: null, metrics: { passed: 1, latency_ms: 4 } },
    ]);
  });

  it.each([
    ["empty input", "  \n"],
    ["a bad NDJSON line", '{"a": 1}\n{"b": '],
    ["a bare number", "42"],
    ["a truncated document", '{"metrics": {"a": 1}'],
    ["a run that is not an object", "[1, 2]"],
    ["metrics that are not an object", '{"metrics": [1]}'],
  ])("%s is invalid_input", (_name, text) => {
    expect(() => parseMetricRuns(text)).toThrowError(expect.objectContaining({ code: "invalid_input" }) as Error);
  });
});

describe("inferDirection", () => {
  it.each([
    ["session_mae", "lower"],
    ["p95_latency_ms", "lower"],
    ["real.sqlite.refresh.duration_micros", "lower"],
    ["error_rate", "lower"],
    ["composite_score", "higher"],
    ["pass_rate", "higher"],
    ["handle_coverage_pct", "higher"],
    ["stale_behavior_pass", "higher"],
    ["throughputPerSecond", "higher"],
    ["rows", "unknown"],
  ])("%s is %s-is-better", (metric, direction) => {
    expect(inferDirection(metric)).toBe(direction);
  });
});

describe("digestMetrics", () => {
  const history = JSON.stringify({
    runs: [run("mon", { session_mae: 2.0, composite_score: 0.8, rows: 10 }), run("tue", { session_mae: 2.5, composite_score: 0.9, rows: 12, new_metric: 1 })],
  });

  it("compares the latest run with the previous one, classifying by direction", () => {
    const digest = digestMetrics(history);
    expect(digest.compared_from).toBe("previous");
    expect(digest.compared?.label).toBe("mon");
    expect(digest.counts).toEqual({ improved: 1, regressed: 1, unchanged: 0, changed: 1 });
    expect(digest.regressions).toEqual([
      { metric: "session_mae", direction: "lower", baseline: 2, current: 2.5, delta: 0.5, delta_pct: 25, status: "regressed" },
    ]);
    expect(digest.improvements.map((delta) => delta.metric)).toEqual(["composite_score"]);
    expect(digest.added).toEqual(["new_metric"]);
    expect(digest.deltas[0]!.status).toBe("regressed");
  });

  it("compares against the baseline's latest run when given, and explicit directions win", () => {
    const baseline = JSON.stringify(run("base", { session_mae: 3, composite_score: 0.95, rows: 12 }));
    const digest = digestMetrics(history, { baseline, higherIsBetter: ["rows"], lowerIsBetter: ["composite_score"] });
    expect(digest.compared_from).toBe("baseline");
    expect(Object.fromEntries(digest.deltas.map((delta) => [delta.metric, delta.status]))).toEqual({
      session_mae: "improved",
      composite_score: "improved",
      rows: "unchanged",
    });
    expect(digest.history_table[2]).toMatch(/^\| baseline: base \|/);
  });

  it("fails the gate on a regression past the threshold, passes under it", () => {
    expect(digestMetrics(history, { gate: true }).gate).toMatchObject({ enforced: true, status: "fail", failures: [{ metric: "session_mae" }] });
    expect(digestMetrics(history, { gate: true, thresholdPct: 30 }).gate.status).toBe("pass");
  });

  it("keeps only the chosen metrics", () => {
    const digest = digestMetrics(history, { metrics: ["session_*"] });
    expect(digest.deltas.map((delta) => delta.metric)).toEqual(["session_mae"]);
    expect(() => digestMetrics(history, { metrics: ["nope"] })).toThrowError(expect.objectContaining({ code: "not_found" }) as Error);
  });

  it("draws a markdown history table of the runs", () => {
    const table = digestMetrics(history, { metrics: ["session_mae", "composite_score"] }).history_table;
    expect(table).toEqual(["| run | composite_score | session_mae |", "|---|---:|---:|", "| mon | 0.8 | 2 |", "| tue | 0.9 | 2.5 |"]);
  });

  it("reports a single run without comparing", () => {
    const digest = digestMetrics(JSON.stringify({ metrics: { a_score: 1 } }));
    expect(digest.compared_from).toBe("none");
    expect(digest.deltas).toEqual([]);
    expect(digest.gate.status).toBe("pass");
  });

  it("treats metric names that are Object's own properties as plain names", () => {
    const digest = digestMetrics('{"runs": [{"metrics": {"a_score": 1}}, {"metrics": {"constructor": 2, "toString": 3, "__proto__": 4, "a_score": 1}}]}');
    expect(digest.added).toEqual(["__proto__", "constructor", "toString"]);
    expect(digest.deltas.map((delta) => delta.metric)).toEqual(["a_score"]);
  });

  it("reads a run with more metrics than the per-run cap, keeping the first 100k", () => {
    // Counting the metrics already kept once per metric made this quadratic (minutes).
    const metrics = Object.fromEntries(Array.from({ length: 100_001 }, (_, i) => [`m${i}.duration_micros`, i]));
    const digest = digestMetrics(JSON.stringify({ runs: [{ metrics }, { metrics }] }), { limit: 1 });
    expect(digest.metrics_total).toBe(100_000);
    expect(digest.counts.unchanged).toBe(100_000);
  });

  it("reads the backend-eval history @tsift/quality ships", () => {
    const digest = digestMetrics(SHIPPED_HISTORY, { limit: 5 });
    expect(digest.runs).toBeGreaterThan(1);
    expect(digest.deltas).toHaveLength(5);
    expect(digest.deltas_total).toBeGreaterThan(100);
    expect(digest.truncated).toBe(true);
    expect(digest.economy.saved_percent).toBeGreaterThan(80);
  });
});

describe("community_search_gate", () => {
  it("passes the checked-in real + synthetic multi-module sample", () => {
    const gate = digestMetrics(COMMUNITY).community_search_gate!;
    expect(gate.status).toBe("pass");
    expect(gate.workloads).toEqual(["real", "synthetic_multi_module"]);
    expect(gate.checks).toHaveLength(12);
  });

  it("blocks a runtime regression over 25%, a low coverage, a failed behaviour check and a missing workload", () => {
    const history = JSON.parse(COMMUNITY) as { runs: { metrics: Record<string, number> }[] };
    const latest = history.runs[1]!.metrics;
    latest["communities.real.duration_micros"] = 41250 * 1.3;
    latest["communities.real.handle_coverage_pct"] = 90;
    latest["communities.real.stale_behavior_pass"] = 0;
    for (const key of Object.keys(latest)) if (key.includes("synthetic_multi_module")) delete latest[key];
    const digest = digestMetrics(JSON.stringify(history));
    const gate = digest.community_search_gate!;
    expect(gate.status).toBe("fail");
    expect(gate.missing_workloads).toEqual(["synthetic_multi_module"]);
    expect(gate.checks.filter((check) => check.status === "fail").map((check) => check.check)).toEqual([
      "workload_present",
      "runtime",
      "handle_coverage",
      "stale_behavior_pass",
    ]);
    expect(digest.gate.failures.map((failure) => failure.metric)).toContain("community_search_gate");
  });

  it("accepts the community_search prefix and runtime_micros", () => {
    const metrics: Record<string, number> = {};
    for (const workload of ["real", "synthetic_multi_module"])
      Object.assign(metrics, {
        [`community_search.${workload}.runtime_micros`]: 5,
        [`community_search.${workload}.handle_coverage_pct`]: 95,
        [`community_search.${workload}.stale_behavior_pass`]: 1,
        [`community_search.${workload}.no_tagpath_behavior_pass`]: 1,
        [`community_search.${workload}.duplicate_name_precision`]: 0.99,
        [`community_search.${workload}.top_community_stability`]: 0.95,
      });
    expect(digestMetrics(JSON.stringify({ metrics })).community_search_gate?.status).toBe("pass");
  });

  it("is absent without community metrics", () => {
    expect(digestMetrics(JSON.stringify({ metrics: { a: 1 } })).community_search_gate).toBeNull();
  });
});
