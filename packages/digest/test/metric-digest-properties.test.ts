import { readFileSync } from "node:fs";
import { join } from "node:path";
import { TsiftError } from "@tsift/core/light";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { digestMetrics, type DigestMetricsOptions, type MetricDigest } from "../src/index";

const REPO = join(import.meta.dirname, "..", "..", "..");
const REAL = [
  readFileSync(join(REPO, "fixtures", "metrics", "community-search-gate-history.json"), "utf8"),
  readFileSync(join(REPO, "packages", "quality", "data", "graph-db-performance-history.json"), "utf8").slice(0, 30_000),
];
// `npm test` runs a few hundred cases; tools/bench/digest-fuzz/metric-digest.mjs runs 10k.
const RUNS = Number(process.env.TSIFT_FUZZ_RUNS ?? 200);

const metricName = fc.oneof(
  fc.constantFrom("session_mae", "composite_score", "latency_ms", "rows", "communities.real.duration_micros"),
  fc.string({ maxLength: 12 }),
);
const runObject = fc.record(
  {
    label: fc.oneof(fc.string({ maxLength: 10 }), fc.integer()),
    timestamp: fc.string({ maxLength: 10 }),
    metrics: fc.dictionary(metricName, fc.oneof(fc.double(), fc.integer(), fc.boolean(), fc.jsonValue({ maxDepth: 2 }))),
  },
  { requiredKeys: [] },
);
const document = fc.oneof(
  runObject.map((run) => JSON.stringify(run)),
  fc.array(runObject, { maxLength: 6 }).map((runs) => JSON.stringify({ runs })),
  fc.array(runObject, { maxLength: 6 }).map((runs) => JSON.stringify(runs)),
  fc.array(runObject, { maxLength: 6 }).map((runs) => runs.map((run) => JSON.stringify(run)).join("\n")),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ unit: "binary", maxLength: 200 }),
);
const mutatedReal = fc
  .tuple(fc.constantFrom(...REAL), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 60 }), fc.string({ maxLength: 12 })), { maxLength: 4 }))
  .map(([text, edits]) =>
    edits.reduce((acc, [at, cut, insert]) => acc.slice(0, at % (acc.length + 1)) + insert + acc.slice((at % (acc.length + 1)) + cut), text),
  );
const options: fc.Arbitrary<DigestMetricsOptions> = fc.record(
  {
    limit: fc.integer({ min: 1, max: 30 }),
    top: fc.integer({ min: 0, max: 8 }),
    historyRows: fc.integer({ min: 1, max: 12 }),
    thresholdPct: fc.integer({ min: 0, max: 50 }),
    gate: fc.boolean(),
    lowerIsBetter: fc.array(metricName, { maxLength: 2 }),
  },
  { requiredKeys: [] },
);

function digestOrInvalid(text: string, opts: DigestMetricsOptions, baseline?: string): MetricDigest | null {
  try {
    return digestMetrics(text, baseline === undefined ? opts : { ...opts, baseline });
  } catch (error) {
    // Bad input is the caller's error, reported with a code; anything else is a crash.
    expect(error).toBeInstanceOf(TsiftError);
    expect(["invalid_input", "not_found", "usage"]).toContain((error as TsiftError).code);
    return null;
  }
}

function checkBudget(digest: MetricDigest, opts: DigestMetricsOptions): void {
  const limit = opts.limit ?? 20;
  expect(digest.deltas.length).toBeLessThanOrEqual(limit);
  expect(digest.added.length).toBeLessThanOrEqual(limit);
  expect(digest.removed.length).toBeLessThanOrEqual(limit);
  expect(digest.gate.failures.length).toBeLessThanOrEqual(limit);
  expect(digest.improvements.length).toBeLessThanOrEqual(opts.top ?? 5);
  expect(digest.regressions.length).toBeLessThanOrEqual(opts.top ?? 5);
  const table = digest.history_table;
  expect(table.length).toBeLessThanOrEqual((opts.historyRows ?? 10) + 3);
  for (const row of table) expect(row.split(" | ").length).toBeLessThanOrEqual(7 + 20);
  for (const delta of digest.deltas) expect(Number.isFinite(delta.delta)).toBe(true);
}

describe("metric-digest properties (fast-check)", () => {
  it("never crashes on generated documents: a digest within budget, or invalid_input", () => {
    fc.assert(
      fc.property(document, options, (text, opts) => {
        const digest = digestOrInvalid(text, opts);
        if (digest) checkBudget(digest, opts);
      }),
      { numRuns: RUNS },
    );
  });

  it("never crashes on mutated real histories, with or without a baseline", () => {
    fc.assert(
      fc.property(mutatedReal, fc.option(mutatedReal, { nil: undefined }), options, (text, baseline, opts) => {
        const digest = digestOrInvalid(text, opts, baseline);
        if (digest) checkBudget(digest, opts);
      }),
      { numRuns: RUNS },
    );
  });
});
