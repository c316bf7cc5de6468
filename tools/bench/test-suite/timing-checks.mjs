#!/usr/bin/env node
// The timing targets the test suite no longer asserts (a test must pass on a loaded machine,
// so none checks a duration): each case here runs the built packages and prints wall and CPU
// time against its target. Build first (`npm run build`).
//   node tools/bench/test-suite/timing-checks.mjs [--runs 5] [--json out.json]
// Cases (target in brackets):
//   health-report-20k   healthReport over a 10k-node cycle plus a 10k-node tail   [<= 5 s]
//   walk-files-10k      walkFiles over 10,000 files in 100 directories            [<= 2 s]
//   graph-db-doctor     `tsift graph-db doctor` on a 120-function chain (process)   [<= 5 s]
//   search-deadline     `tsift search --timeout 1` over a 20 s busy search (process) [<= 4 s]
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

process.env.TSIFT_NO_DAEMON = "1";
process.env.TSIFT_DAEMON_AUTOSTART = "0";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(flag("--runs", 5));
const jsonOut = flag("--json");
const bin = join(repo, "packages", "cli", "dist", "bin.js");
const load = (mod, entry = "index.js") => import(pathToFileURL(join(repo, "packages", mod, "dist", entry)).href);

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** In-process case: wall and this process's CPU per run. */
async function inProcess(fn) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const wall = performance.now();
    const cpu = cpuMs();
    await fn();
    samples.push({ wall: performance.now() - wall, cpu: cpuMs() - cpu });
  }
  return samples;
}

/** Whole-process case: wall and CPU (user + system, from /usr/bin/time) per run. */
function processRuns(argv, { cwd, env = {}, expectCode }) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const wall = performance.now();
    const result = spawnSync("/usr/bin/time", ["-f", "%U %S", process.execPath, bin, ...argv], { cwd, encoding: "utf8", env: { ...process.env, ...env } });
    const elapsed = performance.now() - wall;
    const lines = result.stderr.trim().split("\n");
    const [user, sys] = lines.at(-1).split(" ").map(Number);
    if (expectCode !== undefined && result.status !== expectCode) throw new Error(`tsift ${argv.join(" ")} exited ${result.status}: ${result.stderr}`);
    samples.push({ wall: elapsed, cpu: (user + sys) * 1000 });
  }
  return samples;
}

function tempDir(files) {
  const root = mkdtempSync(join(tmpdir(), "tsift-timing-"));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const cases = [];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const record = (name, targetMs, samples) => {
  const row = {
    name,
    target_ms: targetMs,
    median_wall_ms: Math.round(median(samples.map((s) => s.wall))),
    median_cpu_ms: Math.round(median(samples.map((s) => s.cpu))),
  };
  row.met = row.median_wall_ms <= targetMs;
  cases.push(row);
  console.log(
    `${name.padEnd(20)} wall ${String(row.median_wall_ms).padStart(6)} ms  cpu ${String(row.median_cpu_ms).padStart(6)} ms  target ${targetMs} ms  ${row.met ? "met" : "MISSED"}`,
  );
};

const { healthReport } = await load("algorithms");
const edges = [];
for (let i = 0; i < 10_000; i++) edges.push([`c${i}`, `c${(i + 1) % 10_000}`]);
for (let i = 0; i < 10_000; i++) edges.push([i === 0 ? "c0" : `t${i - 1}`, `t${i}`]);
record("health-report-20k", 5000, await inProcess(() => healthReport({ nodes: [], edges })));

const { walkFiles } = await load("index", "indexer.js");
const files = {};
for (let i = 0; i < 10_000; i++) files[`d${i % 100}/f${i}.ts`] = "";
const walkRoot = tempDir(files);
record("walk-files-10k", 2000, await inProcess(() => walkFiles(walkRoot)));
rmSync(walkRoot, { recursive: true, force: true });

const name = (i) => `f${String(i).padStart(3, "0")}`;
const chain = ["fn main() {", `    ${name(0)}();`, "}", ""];
for (let i = 0; i < 120; i++) chain.push(`fn ${name(i)}() {`, ...(i + 1 < 120 ? [`    ${name(i + 1)}();`] : []), "}", "");
const chainRoot = tempDir({ "main.rs": chain.join("\n") });
spawnSync(process.execPath, [bin, "index", chainRoot, "--quiet"], { stdio: "ignore" });
spawnSync(process.execPath, [bin, "graph-db", "refresh", "--json"], { cwd: chainRoot, stdio: "ignore" });
record("graph-db-doctor", 5000, processRuns(["graph-db", "doctor", "--json"], { cwd: chainRoot, expectCode: 0 }));
rmSync(chainRoot, { recursive: true, force: true });

const searchRoot = tempDir({
  "src/a.ts": "/** Alpha helper. */\nexport function alphaHelper(): number {\n  return 1;\n}\n",
  "src/b.ts": "export const beta = 2;\n",
});
spawnSync(process.execPath, [bin, "index", searchRoot, "--quiet"], { stdio: "ignore" });
record(
  "search-deadline",
  4000,
  processRuns(["search", "alpha helper", "--timeout", "1"], { cwd: searchRoot, env: { TSIFT_TEST_SEARCH_SLEEP_MS: "20000" }, expectCode: 10 }),
);
rmSync(searchRoot, { recursive: true, force: true });

const summary = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  loadavg: loadavg().map((l) => Number(l.toFixed(2))),
  runs,
  cases,
};
console.log(`load average ${summary.loadavg.join(" ")} on ${summary.cpus} CPUs, ${runs} runs per case (medians)`);
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(summary, null, 2)}\n`);
