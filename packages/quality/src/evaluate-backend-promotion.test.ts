import { isTsiftError } from "@tsift/core";
import { describe, expect, it } from "vitest";
import { evaluateBackendPromotion } from "./evaluate-backend-promotion";
import { parsePerformanceHistory, type PerformanceHistory } from "./parse-performance-history";
import { FULL_PROJECTION_CACHE_HIT_METRIC, GATE_WORKLOADS, type GateWorkload } from "./perf-gate-rules";

interface RunSpec {
  sqlite?: number;
  candidate?: number;
  extra?: Record<string, number>;
  cacheHit?: 0 | 1 | null;
}

// One backend-eval run: refresh cost as given, total cost twice that.
function run(workload: GateWorkload, sample: number, spec: RunSpec = {}) {
  const sqlite = spec.sqlite ?? 1000;
  const candidate = spec.candidate ?? 500;
  const metrics: Record<string, number> = {
    [`${workload}.sqlite.refresh.duration_micros`]: sqlite,
    [`${workload}.sqlite.total_duration_micros`]: sqlite * 2,
    [`${workload}.falkordb.refresh.duration_micros`]: candidate,
    [`${workload}.falkordb.total_duration_micros`]: candidate * 2,
    ...spec.extra,
  };
  const cacheHit = spec.cacheHit === undefined ? 1 : spec.cacheHit;
  if (workload === "full_projection" && cacheHit !== null) metrics[FULL_PROJECTION_CACHE_HIT_METRIC] = cacheHit;
  return {
    label: `graph-db backend-eval ${workload} agent-loop sample ${sample}`,
    id: `agent-loop-${workload}-2026-05-24-sample-${sample}`,
    timestamp: "2026-05-24T00:00:00Z",
    metrics,
  };
}

function history(
  workloads: readonly GateWorkload[] = GATE_WORKLOADS,
  samples = 3,
  spec: (workload: GateWorkload, sample: number) => RunSpec = () => ({}),
): PerformanceHistory {
  const runs = workloads.flatMap((workload) => Array.from({ length: samples }, (_, i) => run(workload, i + 1, spec(workload, i + 1))));
  return parsePerformanceHistory({ runs });
}

const statuses = (report: ReturnType<typeof evaluateBackendPromotion>) =>
  Object.fromEntries(report.workloads.map((workload) => [workload.workload, workload.status]));

describe("evaluateBackendPromotion", () => {
  it("promotes a candidate that beats sqlite on every workload", () => {
    const report = evaluateBackendPromotion(history(), "falkordb");
    expect(report.decision).toBe("promote");
    expect(report.workloads.map((workload) => workload.status)).toEqual(["beats", "beats", "beats", "beats"]);
    expect(report.workloads.map((workload) => workload.display_name)).toEqual(["default", "full-projection", "high-degree", "deep-chain"]);
    const real = report.workloads[0]!;
    expect(real.sample_count).toBe(3);
    expect(real.metrics).toEqual([
      {
        metric: "refresh.duration_micros",
        kind: "required",
        status: "beats",
        baseline_median: 1000,
        candidate_median: 500,
        baseline_samples: 3,
        candidate_samples: 3,
      },
      {
        metric: "total_duration_micros",
        kind: "required",
        status: "beats",
        baseline_median: 2000,
        candidate_median: 1000,
        baseline_samples: 3,
        candidate_samples: 3,
      },
    ]);
    expect(report.reasons).toHaveLength(1);
  });

  it("blocks when a workload is missing from history", () => {
    const report = evaluateBackendPromotion(history(["real"]), "falkordb");
    expect(report.decision).toBe("block");
    expect(statuses(report)).toEqual({
      real: "beats",
      full_projection: "missing",
      synthetic_high_degree: "missing",
      synthetic_deep_chain: "missing",
    });
    expect(report.reasons.filter((reason) => reason.includes("missing"))).toHaveLength(3);
  });

  it("blocks when a workload has fewer than three samples", () => {
    const runs = [...history(GATE_WORKLOADS.slice(0, 3)).runs, ...history(["synthetic_deep_chain"], 2).runs];
    const report = evaluateBackendPromotion({ runs, warnings: [] }, "falkordb");
    expect(report.decision).toBe("block");
    const deepChain = report.workloads.find((workload) => workload.workload === "synthetic_deep_chain")!;
    expect(deepChain.status).toBe("insufficient_samples");
    expect(deepChain.sample_count).toBe(2);
    expect(report.reasons).toEqual(["`deep-chain`: only 2/3 binding samples"]);
  });

  it("blocks on a regression in a single workload", () => {
    const report = evaluateBackendPromotion(
      history(GATE_WORKLOADS, 3, (workload) => (workload === "synthetic_high_degree" ? { candidate: 1200 } : {})),
      "falkordb",
    );
    expect(report.decision).toBe("block");
    expect(statuses(report)).toEqual({
      real: "beats",
      full_projection: "beats",
      synthetic_high_degree: "regresses",
      synthetic_deep_chain: "beats",
    });
    expect(report.reasons).toHaveLength(2);
    expect(report.reasons[0]).toContain("`high-degree`: `refresh.duration_micros` does not beat sqlite");
  });

  it("blocks when the candidate is slower everywhere", () => {
    const report = evaluateBackendPromotion(
      history(GATE_WORKLOADS, 3, () => ({ candidate: 2000 })),
      "falkordb",
    );
    expect(report.decision).toBe("block");
    expect(report.workloads.every((workload) => workload.status === "regresses")).toBe(true);
  });

  it("requires beating, not matching, on required metrics", () => {
    const report = evaluateBackendPromotion(
      history(GATE_WORKLOADS, 3, () => ({ candidate: 1000 })),
      "falkordb",
    );
    expect(report.decision).toBe("block");
    expect(report.workloads[0]!.metrics[0]!.status).toBe("regresses");
  });

  it("applies an improvement threshold", () => {
    const faster = history(GATE_WORKLOADS, 3, () => ({ candidate: 900 }));
    expect(evaluateBackendPromotion(faster, "falkordb", { improvementThreshold: 0.05 }).decision).toBe("promote");
    expect(evaluateBackendPromotion(faster, "falkordb", { improvementThreshold: 0.1 }).decision).toBe("block");
  });

  it("uses medians, so one outlier sample cannot flip the call", () => {
    const report = evaluateBackendPromotion(
      history(GATE_WORKLOADS, 3, (_, sample) => (sample === 2 ? { candidate: 50_000 } : {})),
      "falkordb",
    );
    expect(report.decision).toBe("promote");
    expect(report.workloads[0]!.metrics[0]!.candidate_median).toBe(500);
  });

  it("blocks when the candidate reports worse lock behaviour", () => {
    const report = evaluateBackendPromotion(
      history(GATE_WORKLOADS, 3, (workload) => ({
        extra: { [`${workload}.sqlite.lock_wait_micros`]: 10, [`${workload}.falkordb.lock_wait_micros`]: 5000 },
      })),
      "falkordb",
    );
    expect(report.decision).toBe("block");
    expect(report.workloads.every((workload) => workload.status === "regresses")).toBe(true);
    expect(report.workloads[0]!.metrics[2]).toMatchObject({ metric: "lock_wait_micros", kind: "lock", status: "regresses" });
  });

  it("accepts lock behaviour that matches sqlite, matched by suffix", () => {
    const report = evaluateBackendPromotion(
      history(GATE_WORKLOADS, 3, (workload) => ({
        extra: {
          [`${workload}.sqlite.refresh.lock_contention_micros`]: 7,
          [`${workload}.falkordb.refresh.lock_contention_micros`]: 7,
        },
      })),
      "falkordb",
    );
    expect(report.decision).toBe("promote");
    expect(report.workloads[0]!.metrics[2]).toMatchObject({ metric: "refresh.lock_contention_micros", status: "matches" });
  });

  it("blocks when the candidate reports a lock metric sqlite cannot be compared with", () => {
    const report = evaluateBackendPromotion(
      history(GATE_WORKLOADS, 3, (workload) => ({ extra: { [`${workload}.falkordb.lock_wait_micros`]: 1 } })),
      "falkordb",
    );
    expect(report.decision).toBe("block");
    expect(report.workloads[0]!.status).toBe("insufficient_samples");
    expect(report.workloads[0]!.metrics[2]!.status).toBe("missing");
  });

  it("ignores lock metrics only sqlite reports", () => {
    const report = evaluateBackendPromotion(
      history(GATE_WORKLOADS, 3, (workload) => ({ extra: { [`${workload}.sqlite.lock_wait_micros`]: 1 } })),
      "falkordb",
    );
    expect(report.decision).toBe("promote");
  });

  it("blocks a backend that was never measured", () => {
    const report = evaluateBackendPromotion(history(), "kuzu");
    expect(report.decision).toBe("block");
    expect(report.workloads.every((workload) => workload.status === "insufficient_samples")).toBe(true);
    expect(report.workloads[0]!.metrics[0]).toMatchObject({ status: "missing", candidate_samples: 0 });
  });

  it("blocks when one backend has fewer than three samples of a metric", () => {
    const h = history();
    delete h.runs[0]!.metrics["real.sqlite.total_duration_micros"];
    const report = evaluateBackendPromotion(h, "falkordb");
    expect(report.decision).toBe("block");
    expect(report.workloads[0]!.metrics[1]).toMatchObject({ status: "insufficient_samples", baseline_samples: 2 });
  });

  it("does not count full-projection cache misses as evidence", () => {
    const misses = history(GATE_WORKLOADS, 3, (workload) => (workload === "full_projection" ? { cacheHit: 0 } : {}));
    const report = evaluateBackendPromotion(misses, "falkordb");
    expect(report.decision).toBe("block");
    const fullProjection = report.workloads[1]!;
    expect(fullProjection).toMatchObject({ status: "insufficient_samples", sample_count: 0, excluded_samples: 3 });
    expect(report.reasons[0]).toContain("cache-miss");

    const unknown = history(GATE_WORKLOADS, 3, () => ({ cacheHit: null }));
    expect(evaluateBackendPromotion(unknown, "falkordb").decision).toBe("block");
    expect(evaluateBackendPromotion(unknown, "falkordb", { requireFullProjectionCacheHit: false }).decision).toBe("promote");
  });

  it("counts cache hits even when misses are mixed in", () => {
    const mixed = history(GATE_WORKLOADS, 4, (workload, sample) => (workload === "full_projection" && sample === 1 ? { cacheHit: 0, candidate: 99_999 } : {}));
    const report = evaluateBackendPromotion(mixed, "falkordb");
    expect(report.decision).toBe("promote");
    expect(report.workloads[1]).toMatchObject({ sample_count: 3, excluded_samples: 1 });
  });

  it("does not depend on run order", () => {
    const h = history(GATE_WORKLOADS, 3, (workload, sample) => ({ candidate: 400 + sample * 10 + workload.length }));
    const reversed = { runs: [...h.runs].reverse(), warnings: [] };
    expect(evaluateBackendPromotion(reversed, "falkordb")).toEqual(evaluateBackendPromotion(h, "falkordb"));
  });

  it("rejects invalid arguments", () => {
    for (const call of [
      () => evaluateBackendPromotion(history(), "sqlite"),
      () => evaluateBackendPromotion(history(), ""),
      () => evaluateBackendPromotion(history(), "a.b"),
      () => evaluateBackendPromotion(history(), "falkordb", { improvementThreshold: -0.1 }),
      () => evaluateBackendPromotion(history(), "falkordb", { improvementThreshold: 1 }),
    ]) {
      try {
        call();
        throw new Error("expected a throw");
      } catch (error) {
        expect(isTsiftError(error, "invalid_input")).toBe(true);
      }
    }
  });
});
