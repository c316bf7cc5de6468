import { mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openSqliteGraphStore } from "@tsift/sqlite";
import { evaluateGraphBackends } from "./evaluate-graph-backends";

const root = realpathSync(mkdtempSync(join(tmpdir(), "tsift-evaluate-backends-")));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("evaluateGraphBackends", () => {
  it("runs the synthetic workloads on the baseline, records history and reports the gate, skipping a missing index", async () => {
    const data = await evaluateGraphBackends({
      root,
      index: null,
      pathArg: ".",
      commandPrefix: "tsift graph-db",
      openBackend: (_id, path) => openSqliteGraphStore(path),
      candidates: [],
      samples: 1,
      iterations: 1,
      fullProjection: false,
      appendHistory: "history.json",
    });
    expect(data.operation).toBe("backend-eval");
    expect(data.baseline).toBe("sqlite");
    expect(data.datasets.map((dataset) => dataset.workload)).toEqual(["synthetic_high_degree", "synthetic_deep_chain"]);
    expect(data.notes[0]).toMatch(/^no code index under \.: the real and full-projection workloads were skipped/);
    expect(data.appended_runs).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(root, "history.json"), "utf8")).runs).toHaveLength(1);
    expect(data.performance_gate.history).toBe("history.json");
    expect(data.repeated_sample_command).toBe("tsift graph-db backend-eval  --samples 3 --full-projection --append-history history.json --json");
    expect(Object.keys(data.metrics).length).toBeGreaterThan(0);
  });
});
