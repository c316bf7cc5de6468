#!/usr/bin/env node
// Per-package test-suite cost: runs each package's vitest once (one package at a time, after
// `npm run build`), with the JSON reporter and /usr/bin/time, and prints wall time, CPU time
// (user + system of vitest and every process it started) and the load average around it, then
// the slowest test files over all packages.
//   node tools/bench/test-suite/run.mjs [--packages cli,index] [--top 15] [--out /tmp/suite] [--json out.json]
//                                       [--per-file N] [--files test/a.test.ts,test/b.test.ts]
// --per-file N then runs the N slowest files of the run again, each alone in its own vitest, for
// its CPU time (a suite's CPU cannot be split by file: a worker runs several files and the
// processes they start). --files skips the suite run and times just those files (one package).
// Load another machine the way the load-proof check does with: `yes > /dev/null & yes > /dev/null &`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const all = [...readdirSync(join(repo, "packages")).map((name) => `packages/${name}`), "."];
const wanted = flag("--packages");
const dirs = wanted ? wanted.split(",").map((name) => (name === "root" || name === "." ? "." : `packages/${name}`)) : all;
const top = Number(flag("--top", 15));
const out = flag("--out", "/tmp/tsift-suite-bench");
const jsonOut = flag("--json");
const perFile = Number(flag("--per-file", 0));
const onlyFiles = flag("--files")?.split(",");
mkdirSync(out, { recursive: true });

const load = () => loadavg().map((value) => Number(value.toFixed(2)));
const vitest = join(repo, "node_modules", "vitest", "vitest.mjs");

/** One vitest run under /usr/bin/time: wall, CPU (vitest and its children) and peak RSS. */
function timed(cwd, args) {
  const result = spawnSync("/usr/bin/time", ["-f", "%e %U %S %M", process.execPath, vitest, "run", ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, CI: "" },
  });
  const [wall, user, sys, rss] = result.stderr.trim().split("\n").at(-1).split(" ").map(Number);
  return { exit: result.status, wall_s: wall, cpu_s: Number((user + sys).toFixed(1)), peak_rss_mb: Math.round(rss / 1024) };
}

/** Each file alone: its own vitest, so its CPU time is its own. */
function timeFiles(list) {
  const timedFiles = [];
  for (const file of list) {
    const cwd = join(repo, file.package === "root" ? "." : `packages/${file.package}`);
    const before = load();
    const row = { package: file.package, file: file.file, ...timed(cwd, [file.file]), load_before: before[0] };
    timedFiles.push(row);
    console.log(
      `${String(row.cpu_s).padStart(7)} s cpu  ${String(row.wall_s).padStart(7)} s wall  exit ${row.exit}  ${row.package}/${row.file}  load ${row.load_before}`,
    );
  }
  return timedFiles;
}

if (onlyFiles) {
  const name = dirs[0] === "." ? "root" : dirs[0].split("/")[1];
  console.log(`each file alone (${name}):`);
  const timedFiles = timeFiles(onlyFiles.map((file) => ({ package: name, file })));
  if (jsonOut)
    writeFileSync(jsonOut, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, files: timedFiles }, null, 2)}\n`);
  process.exit(0);
}

const rows = [];
const files = [];
for (const dir of dirs) {
  const cwd = join(repo, dir);
  if (!existsSync(join(cwd, "vitest.config.ts"))) continue;
  const name = dir === "." ? "root" : dir.split("/")[1];
  const report = join(out, `${name}.json`);
  const before = load();
  const { exit, wall_s: wall, cpu_s, peak_rss_mb } = timed(cwd, ["--reporter=json", `--outputFile=${report}`]);
  const row = { package: name, exit, wall_s: wall, cpu_s, peak_rss_mb, load_before: before, load_after: load() };
  if (existsSync(report)) {
    const data = JSON.parse(readFileSync(report, "utf8"));
    row.files = data.testResults.length;
    row.tests = data.numTotalTests;
    row.failed = data.numFailedTests;
    for (const file of data.testResults)
      files.push({ package: name, file: relative(cwd, file.name), seconds: (file.endTime - file.startTime) / 1000, tests: file.assertionResults.length });
  }
  rows.push(row);
  console.log(
    `${name.padEnd(11)} exit ${row.exit}  wall ${String(wall).padStart(7)} s  cpu ${String(row.cpu_s).padStart(7)} s  rss ${row.peak_rss_mb} MB  ${row.tests ?? "?"} tests (${row.failed ?? "?"} failed)  load ${before[0]} -> ${row.load_after[0]}`,
  );
}
files.sort((a, b) => b.seconds - a.seconds);
console.log(`\nslowest ${top} files:`);
for (const file of files.slice(0, top)) console.log(`${file.seconds.toFixed(1).padStart(7)} s  ${file.package}/${file.file} (${file.tests} tests)`);
const total = {
  wall_s: Number(rows.reduce((sum, row) => sum + row.wall_s, 0).toFixed(1)),
  cpu_s: Number(rows.reduce((sum, row) => sum + row.cpu_s, 0).toFixed(1)),
};
console.log(`\ntotal: wall ${total.wall_s} s, cpu ${total.cpu_s} s over ${rows.length} packages on ${cpus().length} CPUs`);
let alone;
if (perFile > 0) {
  console.log(`\nthe ${perFile} slowest files, each alone:`);
  alone = timeFiles(files.slice(0, perFile));
}
if (jsonOut)
  writeFileSync(
    jsonOut,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, packages: rows, total, slowest: files.slice(0, top), ...(alone ? { alone } : {}) }, null, 2)}\n`,
  );
