// metric-digest benchmark: (1) digestMetrics fuzzed with fast-check, 10k cases per
// property (generated documents in every accepted shape plus arbitrary JSON and text,
// and mutated real histories: the community-gate sample and the backend-eval history
// @tsift/quality ships, with and without a baseline): it returns a digest within its caps
// or throws TsiftError invalid_input/not_found/usage, never anything else; (2) linear
// time: CPU ms per 1k runs on NDJSON histories of 1k to 8k runs with 50 metrics each, and on
// one run with 10k to 80k metrics.
// Usage: node tools/bench/digest-fuzz/metric-digest.mjs [--runs 10000]
// Needs a built @tsift/digest and @tsift/core (packages/*/dist).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";

const repoRoot = join(import.meta.dirname, "..", "..", "..");
const { digestMetrics } = await import(join(repoRoot, "packages", "digest", "dist", "index.js"));
const { TsiftError } = await import(join(repoRoot, "packages", "core", "dist", "index.js"));
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
};
const RUNS = Number(arg("runs", "10000"));
const REAL = [
  readFileSync(join(repoRoot, "fixtures", "metrics", "community-search-gate-history.json"), "utf8"),
  readFileSync(join(repoRoot, "packages", "quality", "data", "graph-db-performance-history.json"), "utf8").slice(0, 30_000),
];

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
const options = fc.record(
  {
    limit: fc.integer({ min: 1, max: 30 }),
    top: fc.integer({ min: 0, max: 8 }),
    historyRows: fc.integer({ min: 1, max: 12 }),
    thresholdPct: fc.integer({ min: 0, max: 50 }),
    gate: fc.boolean(),
  },
  { requiredKeys: [] },
);

function digestOrInvalid(text, opts) {
  try {
    return digestMetrics(text, opts);
  } catch (error) {
    if (!(error instanceof TsiftError) || !["invalid_input", "not_found", "usage"].includes(error.code)) throw error;
    return null;
  }
}
function checkBudget(digest, opts) {
  const limit = opts.limit ?? 20;
  for (const list of [digest.deltas, digest.added, digest.removed, digest.gate.failures]) if (list.length > limit) throw new Error("list over limit");
  if (digest.improvements.length > (opts.top ?? 5) || digest.regressions.length > (opts.top ?? 5)) throw new Error("top over cap");
  if (digest.history_table.length > (opts.historyRows ?? 10) + 3) throw new Error("history table over cap");
}

const fuzz = [];
function time(label, property) {
  const start = performance.now();
  fc.assert(property, { numRuns: RUNS });
  fuzz.push({ label, runs: RUNS, ms: Math.round(performance.now() - start) });
}
time(
  "generated documents: a digest within caps or invalid_input",
  fc.property(document, options, (text, opts) => {
    const digest = digestOrInvalid(text, opts);
    if (digest) checkBudget(digest, opts);
  }),
);
time(
  "mutated real histories, with or without a baseline",
  fc.property(mutatedReal, fc.option(mutatedReal, { nil: undefined }), options, (text, baseline, opts) => {
    const digest = digestOrInvalid(text, baseline === undefined ? opts : { ...opts, baseline });
    if (digest) checkBudget(digest, opts);
  }),
);

// CPU time, not wall time: on a shared machine the wall clock measures the neighbours.
const cpuMs = (work) => {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return Math.round((used.user + used.system) / 1000);
};
const scaling = [];
const metricsOf = (n, seed) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`workload${i % 7}.metric_${i}.duration_micros`, ((i * 7919 + seed * 104729) % 100000) + 1]));
for (const runs of [1000, 2000, 4000, 8000]) {
  const text = Array.from({ length: runs }, (_, i) => JSON.stringify({ label: `run ${i}`, metrics: metricsOf(50, i) })).join("\n");
  const cpu = cpuMs(() => digestMetrics(text));
  scaling.push({ shape: "NDJSON runs x 50 metrics", runs, cpu_ms: cpu, cpu_ms_per_1k: Math.round(cpu / (runs / 1000)) });
}
for (const metrics of [10_000, 20_000, 40_000, 80_000]) {
  const text = JSON.stringify({ runs: [{ metrics: metricsOf(metrics, 1) }, { metrics: metricsOf(metrics, 2) }] });
  const cpu = cpuMs(() => digestMetrics(text));
  scaling.push({ shape: "2 runs x N metrics", metrics, cpu_ms: cpu, cpu_ms_per_1k: Math.round(cpu / (metrics / 1000)) });
}
console.log(JSON.stringify({ node: process.version, fuzz, scaling }, null, 2));
