import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

interface ChaosReport {
  failures: number;
  results: { suite: string; trials: number; failures: { trial: string; detail: string; count?: number; repro?: string }[] }[];
}

// The short form of the chaos harness (tools/chaos, RELIABILITY.md) against the built CLI:
// kills, killed edit batches, writers + readers, the bad-input corpus, corruption, path escapes, EPIPE and
// fuzzed config/JSON, each a bounded sample. Any failure is a reliability regression.
describe("chaos harness, short form", () => {
  it("finds no failures in any suite", async () => {
    let stdout: string;
    try {
      ({ stdout } = await promisify(execFile)(process.execPath, [join(root, "tools", "chaos", "run.mjs"), "--short", "--json"], {
        cwd: root,
        maxBuffer: 64 * 1024 * 1024,
      }));
    } catch (error) {
      // Exit 1 means failures were found; the report on stdout says which.
      stdout = (error as { stdout?: string }).stdout ?? "";
      if (!stdout) throw error;
    }
    const report = JSON.parse(stdout) as ChaosReport;
    for (const result of report.results) expect(result.trials, `${result.suite} ran no trials`).toBeGreaterThan(0);
    const failures = report.results.flatMap((result) =>
      result.failures.map(
        (failure) => `${result.suite} ${failure.trial}${failure.count && failure.count > 1 ? ` (x${failure.count})` : ""}: ${failure.detail}`,
      ),
    );
    expect(failures).toEqual([]);
    expect(report.failures).toBe(0);
    // The whole harness is one test: about 80 s of CPU run one process at a time, so on a busy
    // machine it outlasts the shared 300 s bound. Every run inside it has its own hang bound.
  }, 1_200_000);
});
