import { isTsiftError } from "@tsift/core";
import { describe, expect, it } from "vitest";
import { parsePerformanceHistory } from "./parse-performance-history";

const run = (id: string, metrics: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  label: `graph-db backend-eval ${id}`,
  id,
  timestamp: "2026-05-24T17:24:34Z",
  metrics,
  ...extra,
});

function expectInvalid(input: string | object): void {
  try {
    parsePerformanceHistory(input);
  } catch (error) {
    expect(isTsiftError(error, "invalid_input")).toBe(true);
    return;
  }
  throw new Error("expected invalid_input");
}

describe("parsePerformanceHistory", () => {
  it("reads workloads, backends and the sample index from a run", () => {
    const history = parsePerformanceHistory(
      JSON.stringify({
        runs: [
          run("agent-loop-full-projection-2026-05-24-sample-2", {
            "full_projection.sqlite.refresh.duration_micros": 1000,
            "full_projection.falkordb.refresh.duration_micros": 500,
            "full_projection.edges": 596824,
            "full_projection.cache.hit": 1,
            "other_workload.sqlite.x.duration_micros": 3,
          }),
        ],
      }),
    );
    expect(history.warnings).toEqual([]);
    expect(history.runs).toHaveLength(1);
    const [sample] = history.runs;
    expect(sample).toMatchObject({
      id: "agent-loop-full-projection-2026-05-24-sample-2",
      timestamp: "2026-05-24T17:24:34Z",
      sample_index: 2,
      workloads: ["full_projection"],
    });
    expect(sample!.backends.full_projection).toEqual(["cache", "falkordb", "sqlite"]);
    expect(sample!.metrics["full_projection.edges"]).toBe(596824);
  });

  it("accepts a bare array and an already-parsed value", () => {
    const runs = [run("s-real-2026-05-24-sample-1", { "real.sqlite.total_duration_micros": 5 })];
    expect(parsePerformanceHistory(runs).runs).toHaveLength(1);
    expect(parsePerformanceHistory({ runs }).runs).toHaveLength(1);
    expect(parsePerformanceHistory(JSON.stringify(runs)).runs).toHaveLength(1);
  });

  it("lists workloads in gate order", () => {
    const history = parsePerformanceHistory([
      run("x-sample-1", {
        "synthetic_deep_chain.sqlite.total_duration_micros": 1,
        "real.sqlite.total_duration_micros": 1,
        "synthetic_high_degree.sqlite.total_duration_micros": 1,
      }),
    ]);
    expect(history.runs[0]!.workloads).toEqual(["real", "synthetic_high_degree", "synthetic_deep_chain"]);
  });

  it("ignores additive run metadata", () => {
    const history = parsePerformanceHistory([
      run("x-sample-1", { "real.sqlite.total_duration_micros": 1 }, { workload: "bogus", backend: "kuzu", cache_state: "cold" }),
    ]);
    expect(history.runs[0]!.workloads).toEqual(["real"]);
  });

  it("drops non-numeric metrics with a warning", () => {
    const history = parsePerformanceHistory([
      run("x-sample-1", { "real.sqlite.total_duration_micros": 1, "real.sqlite.note": "n/a", "real.sqlite.flag": null }),
    ]);
    expect(Object.keys(history.runs[0]!.metrics)).toEqual(["real.sqlite.total_duration_micros"]);
    expect(history.warnings).toEqual(["run #0 (x-sample-1): 2 non-numeric metric(s) ignored"]);
  });

  it("keeps the first of duplicate ids so a run cannot count twice", () => {
    const history = parsePerformanceHistory([
      run("dup-sample-1", { "real.sqlite.total_duration_micros": 1 }),
      run("dup-sample-1", { "real.sqlite.total_duration_micros": 2 }),
    ]);
    expect(history.runs).toHaveLength(1);
    expect(history.runs[0]!.metrics["real.sqlite.total_duration_micros"]).toBe(1);
    expect(history.warnings[0]).toContain("duplicate id dup-sample-1");
  });

  it("tolerates ids without a sample index and a missing timestamp", () => {
    const history = parsePerformanceHistory([{ label: "l", id: "adhoc-run", metrics: {} }]);
    expect(history.runs[0]).toMatchObject({ sample_index: null, timestamp: null, workloads: [] });
    expect(history.warnings).toHaveLength(1);
  });

  it("rejects malformed input with invalid_input", () => {
    expectInvalid("{not json");
    expectInvalid("42");
    expectInvalid({ samples: [] });
    expectInvalid({ runs: {} });
    expectInvalid([42]);
    expectInvalid([{ id: "x-sample-1", metrics: {} }]);
    expectInvalid([{ label: "l", metrics: {} }]);
    expectInvalid([{ label: "l", id: "", metrics: {} }]);
    expectInvalid([{ label: "l", id: "x-sample-1" }]);
    expectInvalid([{ label: "l", id: "x-sample-1", metrics: [] }]);
    expectInvalid([{ label: "l", id: "x-sample-1", timestamp: 5, metrics: {} }]);
  });

  it("returns an empty history for no runs", () => {
    expect(parsePerformanceHistory({ runs: [] })).toEqual({ runs: [], warnings: [] });
  });
});
