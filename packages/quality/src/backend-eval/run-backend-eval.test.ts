import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { GraphStore } from "@tsift/core";
import { canonicalProjection } from "@tsift/core/testing";
import { openSqliteGraphStore } from "@tsift/sqlite";
import { parsePerformanceHistory } from "../parse-performance-history";
import { historyEntries, performanceGateDecision } from "./performance-gate";
import { readProjectionCache, writeProjectionCache } from "./projection-cache";
import { runBackendEval, type BackendEvalBackend } from "./run-backend-eval";
import { deepChainEnds, deepChainGraph, highDegreeGraph } from "./synthetic-graphs";

const dir = mkdtempSync(join(tmpdir(), "tsift-backend-eval-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function sqliteBackend(id: string, wrap: (store: GraphStore) => GraphStore = (store) => store): BackendEvalBackend {
  return {
    id,
    async open(workload, sample) {
      return wrap(await openSqliteGraphStore(join(dir, `${id}-${workload}-${sample}.db`)));
    },
  };
}

describe("runBackendEval", () => {
  const datasets = [
    { workload: "real" as const, projection: canonicalProjection() },
    { workload: "synthetic_high_degree" as const, projection: highDegreeGraph(300) },
    {
      workload: "synthetic_deep_chain" as const,
      projection: deepChainGraph(),
      probes: { nodeId: deepChainEnds().head, pathFrom: deepChainEnds().head, pathTo: deepChainEnds().tail },
    },
  ];

  it("measures refresh and every read per workload and backend, with parity and hop tiers", async () => {
    const result = await runBackendEval({ datasets, backends: [sqliteBackend("sqlite"), sqliteBackend("candidate")], samples: 2, iterations: 2 });
    expect(result.samples).toHaveLength(2);
    const metrics = result.samples[0]!.metrics;
    for (const workload of ["real", "synthetic_high_degree", "synthetic_deep_chain"]) {
      for (const backend of ["sqlite", "candidate"]) {
        for (const name of [
          "refresh.duration_micros",
          "total_duration_micros",
          "edge_lookup.duration_micros",
          "incident_edges.duration_micros_per_1k_graph_rows",
          "path_max_hops_512.rows",
        ]) {
          expect(metrics[`${workload}.${backend}.${name}`], `${workload}.${backend}.${name}`).toBeTypeOf("number");
        }
      }
    }
    // The chain's tail is 119 hops away: out of reach at 64, found from 128 on.
    expect(metrics["synthetic_deep_chain.sqlite.path_max_hops.rows"]).toBe(0);
    expect(metrics["synthetic_deep_chain.sqlite.path_max_hops_128.rows"]).toBe(120);
    expect(result.parity.every((entry) => entry.status === "match")).toBe(true);
    expect(result.datasets.find((d) => d.workload === "synthetic_high_degree")!.probes.hubId).toBe("sym:hub.ts#log");
  });

  it("reports a parity mismatch when a candidate answers differently", async () => {
    const lying = sqliteBackend("liar", (store) => Object.assign(Object.create(store) as GraphStore, { getNode: async () => null }));
    const result = await runBackendEval({ datasets: datasets.slice(0, 1), backends: [sqliteBackend("sqlite"), lying], iterations: 1 });
    expect(result.parity).toEqual([{ workload: "real", backend: "liar", status: "mismatch", mismatches: ["node_lookup"] }]);
  });

  it("turns samples into history entries the gate parses and decides on", async () => {
    const result = await runBackendEval({ datasets, backends: [sqliteBackend("sqlite"), sqliteBackend("libsql")], samples: 3, iterations: 1 });
    const entries = historyEntries(result, { scope: "unit", now: new Date("2026-01-02T03:04:05.678Z"), cacheState: "cold" });
    expect(entries.map((entry) => entry.id)).toEqual([
      "unit-all-20260102T030405Z-sample-1",
      "unit-all-20260102T030405Z-sample-2",
      "unit-all-20260102T030405Z-sample-3",
    ]);
    const history = parsePerformanceHistory({ runs: entries });
    expect(history.warnings).toEqual([]);
    const gate = performanceGateDecision(history, ["libsql"]);
    expect(gate.workload_samples).toMatchObject({ real: 3, synthetic_high_degree: 3, synthetic_deep_chain: 3, full_projection: 0 });
    // No full-projection samples: the gate blocks, whatever the timings say.
    expect(gate.candidates[0]!.decision).toBe("block");
    expect(gate.candidates[0]!.reasons.join("\n")).toContain("full-projection");
    expect(gate.hop_cap.map((tier) => tier.candidate_hops)).toEqual([128, 256, 512]);
  });
});

describe("projection cache", () => {
  it("round-trips rows by watermark and misses on another watermark", () => {
    const cache = join(dir, "cache");
    const projection = canonicalProjection();
    const written = writeProjectionCache(cache, "w1", projection);
    expect(written.diskBytes).toBeGreaterThan(0);
    const hit = readProjectionCache(cache, "w1");
    expect(hit!.projection).toEqual(JSON.parse(JSON.stringify(projection)));
    expect(hit!.compressionRatio).toBeGreaterThan(1);
    expect(readProjectionCache(cache, "w2")).toBeNull();
  });
});
