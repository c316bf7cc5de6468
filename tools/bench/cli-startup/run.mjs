#!/usr/bin/env node
// CLI startup benchmark: wall time of whole processes (node start included), runs
// interleaved so machine load hits every case alike. Reports min and median in ms.
//   node tools/bench/cli-startup/run.mjs [--runs 40] [--json] [--imports] [--bin cli|published]
//                                         [--project DIR --symbol NAME] [--against DIR] [--cpu]
// --bin published (the default) runs the root package's bin/tsift.js, as `npx tsift` does;
// --bin cli runs packages/cli/dist/bin.js. The index-reading cases run against a temp
// copy of fixtures/precise-callers (symbol Store.get), indexed (and its PageRank cached)
// before timing; --project reads a real project's index instead (indexed and warmed in
// place first) and --symbol names the symbol they look up there.
// --imports also times what `import "yargs"` loads, module by module, in fresh processes.
// --against DIR also times `--help` and the index-reading cases through DIR/bin/tsift.js (another
// build of tsift, e.g. a copy from before a change), interleaved in the same run: an A/B
// that machine load cannot tilt.
// --daemon also runs the index-reading cases through a daemon (the one a first read starts),
// in a runtime dir of its own that the run starts, warms and stops: the warm cost an agent pays.
// --cpu also reports each process's CPU time (user + system, from `perf stat -e task-clock`,
// which must be installed): on a machine shared with other jobs, wall time mostly measures
// the scheduler, CPU time what the process itself did. Wall times then include perf's own start.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// Every tsift this script starts runs in-process: a daemon left running (of another build,
// perhaps) would otherwise answer its read commands.
process.env.TSIFT_NO_DAEMON = "1";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf("--runs") + 1]) || 40;
const which = args.includes("--bin") ? args[args.indexOf("--bin") + 1] : "published";
const bin = which === "cli" ? join(root, "packages", "cli", "dist", "bin.js") : join(root, "bin", "tsift.js");

const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const givenProject = option("--project");
const symbol = option("--symbol") ?? "Store.get";
const project = givenProject ?? mkdtempSync(join(tmpdir(), "tsift-startup-"));
if (!givenProject) cpSync(join(root, "fixtures", "precise-callers"), project, { recursive: true });
const against = option("--against");
const otherBin = against === undefined ? undefined : join(against, "bin", "tsift.js");
for (const warmBin of otherBin ? [bin, otherBin] : [bin]) {
  const warm = spawnSync(process.execPath, [warmBin, "explain", symbol], { cwd: project, encoding: "utf8" });
  if (warm.status !== 0) throw new Error(`indexing the project failed: ${warm.stderr}`);
}

const cases = [
  { name: "node -e 0 (baseline)", argv: ["-e", "0"] },
  { name: "tsift --help", argv: [bin, "--help"] },
  { name: "tsift --version", argv: [bin, "--version"] },
  { name: "tsift (no command)", argv: [bin] },
  { name: "tsift status --help (yargs)", argv: [bin, "status", "--help"] },
  { name: `tsift symbols ${givenProject ? symbol : "get"}`, argv: [bin, "symbols", givenProject ? symbol : "get"], cwd: project },
  { name: `tsift explain ${symbol}`, argv: [bin, "explain", symbol], cwd: project },
  { name: `tsift graph ${symbol} --callers`, argv: [bin, "graph", symbol, "--callers"], cwd: project },
  { name: `tsift search ${symbol}`, argv: [bin, "search", symbol], cwd: project },
  { name: "import yargs only", argv: ["--input-type=module", "-e", "await import('yargs')"], cwd: join(root, "packages", "cli") },
];
if (otherBin) {
  const read = cases.filter((entry) => entry.cwd === project || entry.argv[1] === "--help");
  cases.push(...read.map((entry) => ({ ...entry, name: `${entry.name} (against)`, argv: [otherBin, ...entry.argv.slice(1)] })));
}

let daemonEnv;
if (args.includes("--daemon")) {
  const runtime = mkdtempSync(join(tmpdir(), "tsift-startup-daemon-"));
  daemonEnv = { ...process.env, XDG_RUNTIME_DIR: runtime };
  delete daemonEnv.TSIFT_NO_DAEMON;
  const started = spawnSync(process.execPath, [bin, "daemon", "start"], { env: daemonEnv, encoding: "utf8" });
  if (started.status !== 0) throw new Error(`the daemon did not start: ${started.stderr}`);
  const read = cases.filter((entry) => entry.cwd === project);
  for (const entry of read) spawnSync(process.execPath, entry.argv, { cwd: project, env: daemonEnv, stdio: "ignore" });
  cases.push(...read.map((entry) => ({ ...entry, name: `${entry.name} (through daemon)`, env: daemonEnv })));
}

const cpu = args.includes("--cpu");
const samples = cases.map(() => []);
const cpuSamples = cases.map(() => []);
for (let run = 0; run < runs; run++) {
  cases.forEach((entry, index) => {
    const [command, argv] = cpu ? ["perf", ["stat", "-x,", "-e", "task-clock", process.execPath, ...entry.argv]] : [process.execPath, entry.argv];
    const started = process.hrtime.bigint();
    const result = spawnSync(command, argv, { cwd: entry.cwd ?? root, env: entry.env ?? process.env, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (result.status !== 0) throw new Error(`${entry.name} exited ${result.status}: ${result.stderr}`);
    samples[index].push(ms);
    // perf's CSV line: msec,unit,event,...; the last line of stderr, after anything the process wrote.
    if (cpu) cpuSamples[index].push(Number(result.stderr.trim().split("\n").at(-1).split(",")[0]));
  });
}
if (daemonEnv) {
  spawnSync(process.execPath, [bin, "daemon", "stop"], { env: daemonEnv, stdio: "ignore" });
  rmSync(daemonEnv.XDG_RUNTIME_DIR, { recursive: true, force: true });
}
if (!givenProject) rmSync(project, { recursive: true, force: true });

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return +sorted[Math.floor(sorted.length / 2)].toFixed(1);
}

// yargs 18's ESM shim imports these in this order; each is timed after the previous ones.
function importBreakdown() {
  const yargsDir = join(root, "packages", "cli", "node_modules", "yargs");
  const modules = ["string-width", "cliui", "yargs-parser", "y18n", "escalade/sync", "get-caller-file", "./build/lib/yargs-factory.js", "./index.mjs"];
  const script = `const out = {}; for (const m of ${JSON.stringify(modules)}) { const t = performance.now(); await import(m); out[m] = performance.now() - t; } process.stdout.write(JSON.stringify(out));`;
  const samples = Object.fromEntries(modules.map((m) => [m, []]));
  for (let run = 0; run < Math.min(runs, 15); run++) {
    // Run from inside the yargs package so its own dependencies resolve.
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: yargsDir, encoding: "utf8" });
    const times = JSON.parse(result.stdout);
    for (const m of modules) samples[m].push(times[m]);
  }
  return modules.map((m) => ({ module: m, median_ms: median(samples[m]) }));
}

const baseline = median(samples[0]);
const cpuBaseline = cpu ? median(cpuSamples[0]) : undefined;
const stats = cases.map((entry, index) => {
  const sorted = [...samples[index]].sort((a, b) => a - b);
  const med = +sorted[Math.floor(sorted.length / 2)].toFixed(1);
  const row = { name: entry.name, min_ms: +sorted[0].toFixed(1), median_ms: med, x_node: +(med / baseline).toFixed(2) };
  if (!cpu) return row;
  const cpuMedian = median(cpuSamples[index]);
  return { ...row, cpu_median_ms: cpuMedian, cpu_x_node: +(cpuMedian / cpuBaseline).toFixed(2) };
});
const imports = args.includes("--imports") ? importBreakdown() : null;
if (args.includes("--json")) console.log(JSON.stringify({ node: process.version, runs, bin: which, stats, imports }));
else {
  console.log(`node ${process.version}, ${runs} interleaved runs, bin: ${which === "cli" ? "packages/cli/dist/bin.js" : "bin/tsift.js"}\n`);
  console.log(`| case | min ms | median ms | × node -e 0 |${cpu ? " CPU median ms | CPU × node -e 0 |" : ""}\n|---|---|---|---|${cpu ? "---|---|" : ""}`);
  for (const row of stats)
    console.log(`| ${row.name} | ${row.min_ms} | ${row.median_ms} | ${row.x_node} |${cpu ? ` ${row.cpu_median_ms} | ${row.cpu_x_node} |` : ""}`);
  if (imports) {
    console.log("\n| yargs import step | median ms |\n|---|---|");
    for (const row of imports) console.log(`| ${row.module} | ${row.median_ms} |`);
  }
}
