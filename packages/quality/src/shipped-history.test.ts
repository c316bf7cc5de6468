import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { GATE_WORKLOADS } from "./perf-gate-rules";
import { readPerformanceHistory, shippedPerformanceHistoryPath } from "./shipped-history";

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));

describe("the shipped performance history", () => {
  it("lives in the package's data/ directory, which the package publishes", async () => {
    expect(shippedPerformanceHistoryPath()).toBe(join(packageDir, "data", "graph-db-performance-history.json"));
    const manifest = (await import("../package.json", { with: { type: "json" } })).default as { files: string[] };
    expect(manifest.files).toContain("data");
  });

  it("holds at least three binding samples per gate workload", () => {
    const history = readPerformanceHistory();
    expect(history.warnings).toEqual([]);
    for (const workload of GATE_WORKLOADS) {
      // A full-projection sample binds only when it reused the cached projection.
      const runs = history.runs.filter(
        (run) => run.workloads.includes(workload) && (workload !== "full_projection" || run.metrics["full_projection.cache.hit"] === 1),
      );
      expect(runs.length, workload).toBeGreaterThanOrEqual(3);
    }
  });

  it("reads an explicit path instead when one is given", () => {
    const dir = mkdtempSync(join(tmpdir(), "tsift-history-"));
    try {
      const path = join(dir, "history.json");
      writeFileSync(path, JSON.stringify({ runs: [{ label: "one", id: "root-all-20260101-sample-1", metrics: { "real.sqlite.total_duration_micros": 5 } }] }));
      const history = readPerformanceHistory(path);
      expect(history.runs.map((run) => run.id)).toEqual(["root-all-20260101-sample-1"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
