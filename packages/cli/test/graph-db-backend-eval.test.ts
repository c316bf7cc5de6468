import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parsePerformanceHistory } from "@tsift/quality";
import { repoRoot, run } from "./helpers";
import { CONFORMANCE_TREE, indexedProject, tsiftBin } from "./graph-db-helpers";

describe("graph-db backend-eval through the compiled CLI", () => {
  const root = indexedProject(CONFORMANCE_TREE);
  const evalRun = (...extra: string[]) =>
    tsiftBin(root, [
      "graph-db",
      "backend-eval",
      "--candidate",
      "libsql",
      "--samples",
      "1",
      "--iterations",
      "1",
      "--full-projection",
      "--append-history",
      "history.json",
      ...extra,
      "--json",
    ]);

  it("measures sqlite and libsql on every workload with parity, flat metrics and a gate decision", () => {
    const first = evalRun();
    expect(first.code, first.err).toBe(0);
    const json = first.json();
    expect(json).toMatchObject({ operation: "backend-eval", baseline: "sqlite", candidates: ["libsql"], samples: 1 });
    expect(json.datasets.map((d: { workload: string }) => d.workload)).toEqual(["real", "full_projection", "synthetic_high_degree", "synthetic_deep_chain"]);
    expect(json.parity.every((entry: { status: string }) => entry.status === "match")).toBe(true);
    for (const workload of ["real", "full_projection", "synthetic_high_degree", "synthetic_deep_chain"]) {
      for (const backend of ["sqlite", "libsql"]) {
        for (const metric of [
          "refresh.duration_micros",
          "total_duration_micros",
          "incident_edges.duration_micros",
          "path_max_hops_256.rows",
          "neighborhood.duration_micros_per_1k_graph_rows",
        ]) {
          expect(json.metrics[`${workload}.${backend}.${metric}`], `${workload}.${backend}.${metric}`).toBeTypeOf("number");
        }
      }
    }
    expect(json.metrics["full_projection.cache.hit"]).toBe(0);
    expect(json.metrics["synthetic_deep_chain.sqlite.path_max_hops.rows"]).toBe(0);
    expect(json.metrics["synthetic_deep_chain.sqlite.path_max_hops_128.rows"]).toBe(120);
    expect(json.performance_gate).toMatchObject({ status: "evaluated", history: "history.json" });
    expect(json.performance_gate.candidates[0]).toMatchObject({ candidate: "libsql", decision: "block" });
    expect(json.repeated_sample_command).toContain("--samples 3");
    expect(json.metric_digest_command).toContain("metric-digest");

    // The second run reuses the cached full projection: nothing rebuilt, and the sample is binding.
    const second = evalRun().json();
    expect(second.metrics).toMatchObject({
      "full_projection.cache.hit": 1,
      "full_projection.source_graph_build.duration_micros": 0,
      "full_projection.projection_rows.duration_micros": 0,
    });
    const history = parsePerformanceHistory(readFileSync(join(root, "history.json"), "utf8"));
    expect(history.runs).toHaveLength(2);
    expect(history.warnings).toEqual([]);
    expect(second.performance_gate.workload_samples).toMatchObject({ real: 2, full_projection: 2 });
    expect(second.performance_gate.candidates[0].reasons.join("\n")).toMatch(/2\/3|1\/3/);
  });

  it("the gate line quotes its medians as the table prints them: with a history of this run only, the same figures", async () => {
    const fresh = indexedProject(CONFORMANCE_TREE);
    const result = await run(fresh, "graph-db", "backend-eval", "--candidate", "libsql", "--samples", "3", "--iterations", "1", "--append-history", "h.json");
    expect(result.code, result.err).toBe(0);
    const lines = result.out.split("\n");
    const gateAt = lines.findIndex((line) => line.startsWith("  gate"));
    expect(lines[gateAt]).toBe("  gate: medians of 3 recorded run(s) in h.json");
    const table = lines.slice(0, gateAt).join("\n");
    // The first reason names the default workload's first metric libsql does not beat, when there is one.
    const quoted = /`default`: `([\w.]+)` does not beat sqlite: (\S+) vs (\S+)\)$/.exec(lines[gateAt + 1]!);
    if (quoted) {
      const [, metric, candidate, baseline] = quoted;
      const row = lines
        .slice(
          1,
          lines.findIndex((line) => line.startsWith("  synthetic_")),
        )
        .find((line) => line.startsWith(`    ${metric!.replace(/\.?duration_micros$/, "").replace(/_$/, "")} `));
      expect(row, table).toBeDefined();
      expect(row).toContain(`sqlite ${baseline}`);
      expect(row).toContain(`libsql ${candidate}`);
    }
  }, 600_000);

  it("rejects an unknown candidate", () => {
    expect(tsiftBin(root, ["graph-db", "backend-eval", "--candidate", "kuzu", "--json"]).code).toBe(2);
  });

  it("gates on the history @tsift/quality ships when the project has none (no fixtures/ directory)", () => {
    const bare = indexedProject(CONFORMANCE_TREE);
    expect(existsSync(join(bare, "fixtures"))).toBe(false);
    const run = tsiftBin(bare, ["graph-db", "backend-eval", "--candidate", "libsql", "--samples", "1", "--iterations", "1", "--json"]);
    expect(run.code, run.err).toBe(0);
    const json = run.json();
    expect(json.performance_gate).toMatchObject({
      status: "evaluated",
      history: join(repoRoot, "packages", "quality", "data", "graph-db-performance-history.json"),
    });
    expect(json.performance_gate.candidates[0]).toMatchObject({ candidate: "libsql" });
    expect(json.repeated_sample_command).toContain("--append-history graph-db-performance-history.json");
    expect(existsSync(join(bare, "fixtures"))).toBe(false);
  });

  it("ships a performance history with at least three binding samples per gate workload", () => {
    const path = join(repoRoot, "packages", "quality", "data", "graph-db-performance-history.json");
    expect(existsSync(path)).toBe(true);
    const history = parsePerformanceHistory(readFileSync(path, "utf8"));
    for (const workload of ["real", "full_projection", "synthetic_high_degree", "synthetic_deep_chain"]) {
      const runs = history.runs.filter(
        (run) => run.workloads.includes(workload as never) && (workload !== "full_projection" || run.metrics["full_projection.cache.hit"] === 1),
      );
      expect(runs.length, workload).toBeGreaterThanOrEqual(3);
    }
  });
});
