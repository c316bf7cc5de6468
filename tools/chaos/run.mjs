#!/usr/bin/env node
// The chaos harness: reproduces the reliability campaign against the built CLI
// (packages/cli/dist/bin.js and bin/tsift.js) and exits 1 on any failure.
//   node tools/chaos/run.mjs [--short|--full] [--only kills,edits,concurrency,corpus,corruption,escapes,epipe,fuzz,privacy]
//                            [--json] [--seed N]
// --short (the default; run by `npm test` through test/chaos-short.test.ts) is a bounded
// sample of every suite; --full is the campaign RELIABILITY.md records: 100 kills, 100 killed
// edit batches over 500 files,
// 10 minutes of 4 writers + 8 readers, the whole corpus, 10k fuzzed inputs.
// Build first: `npx nx run-many -t build`. Temp projects live under os.tmpdir() and are
// removed afterwards, also when a suite throws.
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { concurrency } from "./concurrency.mjs";
import { corpus } from "./corpus.mjs";
import { corruption } from "./corruption.mjs";
import { edits } from "./edits.mjs";
import { epipe } from "./epipe.mjs";
import { escapes } from "./escapes.mjs";
import { fuzz } from "./fuzz.mjs";
import { kills } from "./kills.mjs";
import { privacy } from "./privacy.mjs";
import { CLI_BIN, PUBLISHED_BIN, ROOT, failureCount, rebuildRetries, removeAllTempDirs } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    short: { type: "boolean", default: false },
    full: { type: "boolean", default: false },
    only: { type: "string" },
    json: { type: "boolean", default: false },
    seed: { type: "string", default: "1" },
    quiet: { type: "boolean", default: false },
  },
});
const mode = values.full ? "full" : "short";
const seed = Number(values.seed) || 1;

/** Per-suite size of each mode; the full one is the issue's target. */
const PLANS = {
  // The short plan is what `npm test` pays for on every run: each suite's trials on projects just
  // large enough that a kill lands mid-operation (the kill window is calibrated to the project).
  short: {
    kills: { trials: 5, lockProbeCount: 1, tsFiles: 24, pyFiles: 6 },
    edits: { trials: 6, tsFiles: 50, pyFiles: 10 },
    concurrency: { writers: 2, readers: 3, seconds: 6, tsFiles: 40, pyFiles: 12 },
    corpus: { full: false },
    corruption: { full: false },
    escapes: { full: false },
    epipe: { full: false },
    fuzz: { configs: 300, rows: 300, cliSamples: 4 },
    // One-page damage is left to the corruption suite (mid-file garbage) and the CLI's own tests.
    privacy: { full: false, onePageDamage: false },
  },
  full: {
    kills: { trials: 100, tsFiles: 240, pyFiles: 80 },
    edits: { trials: 100, tsFiles: 420, pyFiles: 80 },
    concurrency: { writers: 4, readers: 8, seconds: 600, tsFiles: 240, pyFiles: 80 },
    corpus: { full: true },
    corruption: { full: true },
    escapes: { full: true },
    epipe: { full: true },
    fuzz: { configs: 5000, rows: 5000, cliSamples: 40 },
    privacy: { full: true },
  },
};
const SUITES = { kills, edits, concurrency, corpus, corruption, escapes, epipe, fuzz, privacy };
const only = values.only ? values.only.split(",").map((name) => name.trim()) : Object.keys(SUITES);
for (const name of only) if (!SUITES[name]) usage(`unknown suite "${name}" (known: ${Object.keys(SUITES).join(", ")})`);
if (!existsSync(CLI_BIN) || !existsSync(PUBLISHED_BIN)) usage(`build the CLI first: ${CLI_BIN} is missing`);

const log = values.quiet || values.json ? () => {} : (line) => process.stderr.write(`${line}\n`);
const started = Date.now();
// The build under test is the one at the start; others may commit while a full run goes on.
const startCommit = commit();
const startDate = new Date(started).toISOString();
const results = [];
for (const name of only) {
  const suiteStarted = Date.now();
  log(`${name}: running (${mode})`);
  let result;
  try {
    result = await SUITES[name]({ ...PLANS[mode][name], seed, log });
  } catch (error) {
    // A harness error is a failure too: a suite that cannot run proves nothing.
    result = { suite: name, trials: 0, failures: [{ trial: "harness", detail: error.stack ?? String(error) }], figures: {} };
  }
  result.seconds = Math.round((Date.now() - suiteStarted) / 100) / 10;
  results.push(result);
  log(`${name}: ${result.trials} trials, ${failureCount(result)} failures, ${result.seconds} s`);
}
removeAllTempDirs();

const failures = results.reduce((sum, result) => sum + failureCount(result), 0);
const report = {
  mode,
  seed,
  commit: startCommit,
  date: startDate,
  ended: new Date().toISOString(),
  seconds: Math.round((Date.now() - started) / 100) / 10,
  failures,
  rebuild_retries: rebuildRetries.count,
  results,
};
if (values.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
else process.stdout.write(table(report));
process.exitCode = failures > 0 ? 1 : 0;

function table(report) {
  const rows = report.results.map((result) => [
    result.suite,
    String(result.trials),
    String(failureCount(result)),
    `${result.seconds} s`,
    Object.entries(result.figures)
      .map(([key, value]) => `${key} ${typeof value === "object" ? JSON.stringify(value) : value}`)
      .join(", "),
  ]);
  const header = ["suite", "trials", "failures", "time", "figures"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]))).join("  ");
  const retries = report.rebuild_retries ? `, ${report.rebuild_retries} runs retried while dist/ was being rebuilt` : "";
  const out = [
    `chaos ${report.mode} (seed ${report.seed}, commit ${report.commit}, ${report.date}, ${report.seconds} s${retries})`,
    line(header),
    ...rows.map(line),
  ];
  for (const result of report.results) {
    for (const failure of result.failures) {
      const times = failure.count > 1 ? ` (x${failure.count})` : "";
      out.push(`FAIL ${result.suite} ${failure.trial}${times}: ${failure.detail}${failure.repro ? `\n     repro: ${failure.repro}` : ""}`);
    }
  }
  out.push(report.failures === 0 ? "0 failures" : `${report.failures} failures`);
  return `${out.join("\n")}\n`;
}

function commit() {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

function usage(message) {
  process.stderr.write(`chaos: ${message}\n`);
  process.exit(2);
}
