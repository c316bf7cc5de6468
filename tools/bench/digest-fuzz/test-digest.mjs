/**
 * The test digest's robustness figures for docs/benchmarks/digests.md:
 *
 *  1. fuzz: the property tests of packages/digest/test/test-digest.property.test.ts at
 *     10,000 cases each (random text, mutated real captures, determinism), through vitest;
 *  2. linear time: every capture in fixtures/test-output/ repeated 1×…64× (up to ~6 MB),
 *     and adversarial shapes (one huge line, a flood of failure headers, deep XML), each
 *     digested with the built @tsift/digest; CPU time per MB should stay flat as size grows.
 *
 *   node tools/bench/digest-fuzz/test-digest.mjs [--runs 10000] [--skip-fuzz]
 *
 * Needs `npx nx run @tsift/digest:build` first (part 2 imports packages/digest/dist).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const RUNS = Number(arg("--runs", "10000"));

if (!process.argv.includes("--skip-fuzz")) {
  const started = performance.now();
  const result = spawnSync("npx", ["vitest", "run", "test/test-digest.property.test.ts", "--testTimeout=1800000"], {
    cwd: join(REPO, "packages", "digest"),
    // 10k cases of a property outlast the suite's 60 s test timeout on a busy machine.
    env: { ...process.env, TSIFT_FUZZ_RUNS: String(RUNS), NO_COLOR: "1" },
    encoding: "utf8",
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const tests = /Tests\s+(.*)/.exec(result.stdout)?.[1]?.trim() ?? "?";
  const perProperty = [...result.stdout.matchAll(/[✓×] (.+?)\s+(\d+)ms$/gm)].map((match) => `${match[1]}: ${(Number(match[2]) / 1000).toFixed(1)}s`);
  console.log(`fuzz: ${RUNS} cases per property, 3 properties: ${result.status === 0 ? "passed" : "FAILED"} (${tests}) in ${seconds}s`);
  for (const line of perProperty) console.log(`  ${line}`);
  if (result.status !== 0) {
    process.stdout.write(result.stdout.slice(-4000));
    process.exitCode = 1;
  }
}

const { digestTestOutput } = await import(pathToFileURL(join(REPO, "packages", "digest", "dist", "index.js")).href);
const FIXTURES = join(REPO, "fixtures", "test-output");

function time(text, runner) {
  // Process CPU time (user + system, GC threads included), best of three: the machine is
  // shared, and wall time there measures the neighbours as much as the parser.
  let best = Infinity;
  let digest;
  for (let i = 0; i < 3; i++) {
    const before = process.cpuUsage();
    digest = digestTestOutput(text, runner ? { runner } : {});
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return { ms: best, digest };
}

const rows = [];
function measure(name, make, runner) {
  const points = [];
  // Warmed up first, so the JIT's first compile is not read as the small input's cost.
  time(make(1), runner);
  for (const times of [1, 4, 16, 64]) {
    const text = make(times);
    const mb = Buffer.byteLength(text) / 1e6;
    const { ms, digest } = time(text, runner);
    points.push({ times, mb, ms, perMb: ms / mb, out: digest.economy.output_bytes });
  }
  // Growth is judged from 4x, the first size big enough for the timer to resolve.
  const first = points[1];
  const last = points.at(-1);
  rows.push({ name, mb: last.mb, ms: last.ms, perMbSmall: first.perMb, perMbLarge: last.perMb, growth: last.perMb / first.perMb, out: last.out });
}

for (const file of readdirSync(FIXTURES)
  .filter((name) => /\.(txt|xml)$/.test(name))
  .sort()) {
  const text = readFileSync(join(FIXTURES, file), "utf8");
  // XML repeats as sibling suites inside one document; text repeats whole runs.
  const make = file.endsWith(".xml")
    ? (n) => {
        const body = text.replace(/^<\?xml[^>]*\?>/, "").replace(/<\/?testsuites[^>]*>/g, "");
        return `<?xml version="1.0"?><testsuites>${body.repeat(n)}</testsuites>`;
      }
    : (n) => text.repeat(n);
  measure(file, make);
}
measure("adversarial: one line without newline", (n) => "x".repeat(100_000 * n), "vitest");
measure("adversarial: FAIL headers only", (n) => " FAIL  a > b\n".repeat(8_000 * n), "vitest");
measure("adversarial: jest bullets only", (n) => "  ● a › b\n".repeat(8_000 * n), "jest");
measure("adversarial: not ok with open YAML", (n) => "not ok 1 - x\n  ---\n  error: |-\n".repeat(3_000 * n), "tap");
measure("adversarial: pytest block titles", (n) => "=== FAILURES ===\n" + "___ t ___\nE   assert 1 == 2\na.py:1: AssertionError\n".repeat(3_000 * n), "pytest");
measure(
  "adversarial: nested XML",
  (n) =>
    `${"<testsuite>".repeat(40)}${'<testcase name="t"><failure message="m">at f (a.js:1:1)</failure></testcase>'.repeat(1_000 * n)}${"</testsuite>".repeat(40)}`,
  "junit",
);
measure(
  "adversarial: go, distinct failing subtests",
  (n) => Array.from({ length: 2_000 * n }, (_, i) => `    --- FAIL: TestA/case_${i} (0.00s)\n        a_test.go:${i + 1}: bad ${i}\n`).join(""),
  "go",
);
measure(
  "adversarial: pytest, distinct failures named by the summary",
  (n) => {
    const count = 1_000 * n;
    const blocks = Array.from({ length: count }, (_, i) => `___ test_${i} ___\nE   assert ${i} == 0\ntests/test_a.py:${i + 1}: AssertionError\n`).join("");
    const summary = Array.from({ length: count }, (_, i) => `FAILED tests/test_a.py::test_${i} - assert ${i} == 0\n`).join("");
    return `=== FAILURES ===\n${blocks}=== short test summary info ===\n${summary}=== ${count} failed in 1.00s ===\n`;
  },
  "pytest",
);
measure(
  "adversarial: cargo, distinct failures without output",
  (n) => Array.from({ length: 3_000 * n }, (_, i) => `test t${i} ... FAILED\n`).join(""),
  "cargo",
);
measure("adversarial: random bytes", (n) => {
  let seed = 7;
  let out = "";
  for (let i = 0; i < 50_000 * n; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    out += String.fromCharCode(seed % 128);
  }
  return out;
});

console.log("\ninput | size at 64x (MB) | CPU at 64x (ms) | CPU ms/MB at 4x | CPU ms/MB at 64x | growth | digest bytes");
console.log("---|---:|---:|---:|---:|---:|---:");
for (const row of rows) {
  console.log(
    `${row.name} | ${row.mb.toFixed(2)} | ${row.ms.toFixed(0)} | ${row.perMbSmall.toFixed(1)} | ${row.perMbLarge.toFixed(1)} | ${row.growth.toFixed(2)}x | ${row.out}`,
  );
}
