import { isTsiftError } from "@tsift/core";
import { describe, expect, it } from "vitest";
import { evaluateHopCapPromotion } from "./evaluate-hop-cap-promotion";
import { parsePerformanceHistory, type PerformanceHistory } from "./parse-performance-history";
import { FULL_PROJECTION_CACHE_HIT_METRIC, HOP_CAP_REQUIRED_WORKLOADS, type GateWorkload } from "./perf-gate-rules";

interface HopSpec {
  /** Median latency of every higher tier (the 64-hop baseline is 1000µs). */
  tierMicros?: number;
  /** Rows returned by higher tiers on the deep chain (64 hops returns 65). */
  deepRows?: number;
  tiers?: readonly number[];
  cacheHit?: 0 | 1;
}

function hopRun(workload: GateWorkload, sample: number, spec: HopSpec) {
  const baseRows = workload === "synthetic_deep_chain" ? 65 : 2;
  const tierRows = workload === "synthetic_deep_chain" ? (spec.deepRows ?? 513) : 2;
  const metrics: Record<string, number> = {
    [`${workload}.sqlite.path_max_hops.duration_micros`]: 1000,
    [`${workload}.sqlite.path_max_hops.rows`]: baseRows,
  };
  for (const tier of spec.tiers ?? [128, 256, 512]) {
    metrics[`${workload}.sqlite.path_max_hops_${tier}.duration_micros`] = spec.tierMicros ?? 1050;
    metrics[`${workload}.sqlite.path_max_hops_${tier}.rows`] = tierRows;
  }
  if (workload === "full_projection") metrics[FULL_PROJECTION_CACHE_HIT_METRIC] = spec.cacheHit ?? 1;
  return {
    label: `hop ${workload} sample ${sample}`,
    id: `agent-loop-${workload}-hop-2026-05-26-sample-${sample}`,
    timestamp: "2026-05-26T00:00:00Z",
    metrics,
  };
}

function hopHistory(spec: HopSpec = {}, workloads: readonly GateWorkload[] = HOP_CAP_REQUIRED_WORKLOADS, samples = 3): PerformanceHistory {
  return parsePerformanceHistory({
    runs: workloads.flatMap((workload) => Array.from({ length: samples }, (_, i) => hopRun(workload, i + 1, spec))),
  });
}

describe("evaluateHopCapPromotion", () => {
  it("promotes a tier that fits the budget with useful rows everywhere", () => {
    const report = evaluateHopCapPromotion(hopHistory(), 512);
    expect(report.decision).toBe("promote");
    expect(report).toMatchObject({
      backend: "sqlite",
      current_default_hops: 64,
      candidate_hops: 512,
      allowed_regression_percent: 10,
      min_samples_per_workload: 3,
    });
    expect(report.workloads.map((workload) => workload.workload)).toEqual(["real", "full_projection", "synthetic_deep_chain"]);
    expect(report.workloads.every((workload) => workload.status === "promotable")).toBe(true);
    expect(report.workloads[0]!.checks).toEqual([
      {
        check: "latency",
        metric: "path_max_hops_512.duration_micros",
        status: "pass",
        baseline_median: 1000,
        candidate_median: 1050,
        allowed: 1100,
      },
      {
        check: "rows",
        metric: "path_max_hops_512.rows",
        status: "pass",
        baseline_median: 2,
        candidate_median: 2,
        allowed: null,
      },
    ]);
  });

  it("allows exactly the 10% budget and no more", () => {
    expect(evaluateHopCapPromotion(hopHistory({ tierMicros: 1100 }), 128).decision).toBe("promote");
    const report = evaluateHopCapPromotion(hopHistory({ tierMicros: 1101 }), 128);
    expect(report.decision).toBe("block");
    expect(report.workloads.every((workload) => workload.status === "hold")).toBe(true);
    expect(report.reasons[0]).toContain("regresses");
  });

  it("holds on a latency regression", () => {
    const report = evaluateHopCapPromotion(hopHistory({ tierMicros: 1500 }), 512);
    expect(report.decision).toBe("block");
    expect(report.workloads[0]!.checks[0]!.status).toBe("regresses");
  });

  it("honours a custom allowance", () => {
    expect(evaluateHopCapPromotion(hopHistory({ tierMicros: 1500 }), 512, { allowedRegressionPercent: 50 }).decision).toBe("promote");
  });

  it("blocks when full-projection samples are missing", () => {
    const report = evaluateHopCapPromotion(hopHistory({}, ["real", "synthetic_deep_chain"]), 512);
    expect(report.decision).toBe("block");
    expect(report.workloads[1]).toMatchObject({ workload: "full_projection", status: "missing" });
  });

  it("blocks when full-projection runs were cache misses", () => {
    const report = evaluateHopCapPromotion(hopHistory({ cacheHit: 0 }), 512);
    expect(report.decision).toBe("block");
    expect(report.workloads[1]).toMatchObject({ status: "insufficient_samples", excluded_samples: 3 });
  });

  it("blocks with fewer than three samples", () => {
    const report = evaluateHopCapPromotion(hopHistory({}, HOP_CAP_REQUIRED_WORKLOADS, 2), 256);
    expect(report.decision).toBe("block");
    expect(report.workloads.every((workload) => workload.status === "insufficient_samples")).toBe(true);
  });

  it("requires deep-chain rows to grow beyond the 64-hop result", () => {
    const report = evaluateHopCapPromotion(hopHistory({ deepRows: 65 }), 512);
    expect(report.decision).toBe("block");
    const deepChain = report.workloads[2]!;
    expect(deepChain.status).toBe("hold");
    expect(deepChain.checks.find((check) => check.check === "rows")!.status).toBe("not_useful");
    expect(report.reasons.some((reason) => reason.includes("not useful"))).toBe(true);
  });

  it("holds when only some candidate tiers were recorded", () => {
    const report = evaluateHopCapPromotion(hopHistory({ tiers: [512] }), 512);
    expect(report.decision).toBe("block");
    const coverage = report.workloads[0]!.checks.filter((check) => check.check === "coverage");
    expect(coverage.map((check) => check.metric)).toEqual([
      "path_max_hops_128.duration_micros",
      "path_max_hops_128.rows",
      "path_max_hops_256.duration_micros",
      "path_max_hops_256.rows",
    ]);
    expect(coverage.every((check) => check.status === "missing")).toBe(true);
  });

  it("holds when the evaluated tier itself was not recorded", () => {
    const report = evaluateHopCapPromotion(hopHistory({ tiers: [128, 256] }), 512);
    expect(report.decision).toBe("block");
    expect(report.workloads[0]!.checks.map((check) => check.status)).toEqual(["missing", "missing"]);
  });

  it("rejects tiers that are not measured promotion tiers", () => {
    for (const tier of [64, 96, 1024, 0]) {
      try {
        evaluateHopCapPromotion(hopHistory(), tier);
        throw new Error("expected a throw");
      } catch (error) {
        expect(isTsiftError(error, "invalid_input")).toBe(true);
      }
    }
    expect(() => evaluateHopCapPromotion(hopHistory(), 128, { allowedRegressionPercent: -1 })).toThrow();
  });
});
