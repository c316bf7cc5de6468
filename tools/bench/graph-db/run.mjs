#!/usr/bin/env node
// graph-db end-to-end benchmark: whole `tsift graph-db …` processes (node start included)
// on an indexed project, against the budgets of issue 7: refresh cold <= 5 s, unchanged
// (watermark reuse) <= 300 ms, every read sub-command <= 150 ms.
//   node tools/bench/graph-db/run.mjs --root /tmp/effect-src [--runs 15] [--cold-runs 3] [--bin path] [--json out.json]
// Reads run interleaved so machine load hits every command alike; each is reported as
// min and median wall time plus median CPU time (user + system, from /usr/bin/time),
// which moves far less with other load on the machine than wall time does.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// Every tsift this script starts runs in-process: a daemon left running (of another build,
// perhaps) would otherwise answer its read commands.
process.env.TSIFT_NO_DAEMON = "1";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const root = flag("--root");
if (!root || !existsSync(join(root, ".tsift", "index.db"))) {
  console.error("usage: run.mjs --root <indexed project> (run `tsift index <dir>` first)");
  process.exit(2);
}
const bin = flag("--bin", join(repo, "packages", "cli", "dist", "bin.js"));
const runs = Number(flag("--runs", 15));
const coldRuns = Number(flag("--cold-runs", 3));
const timeBin = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;

/** One process: wall ms from hrtime, CPU ms from /usr/bin/time when present. */
function measure(argv, { allowFail = false } = {}) {
  const command = timeBin ? timeBin : process.execPath;
  const full = timeBin ? ["-f", "__cpu %U %S", process.execPath, ...argv] : argv;
  const started = process.hrtime.bigint();
  const result = spawnSync(command, full, { cwd: root, encoding: "utf8", maxBuffer: 1 << 28 });
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  const match = /__cpu ([\d.]+) ([\d.]+)/.exec(result.stderr ?? "");
  if (result.status !== 0 && !allowFail) throw new Error(`${argv.join(" ")} exited ${result.status}: ${result.stderr}`);
  return { wall, cpu: match ? (Number(match[1]) + Number(match[2])) * 1000 : null, stdout: result.stdout };
}

const gdb = (...rest) => [bin, "graph-db", ...rest];
const json = (argv) => JSON.parse(measure([...argv, "--json"]).stdout);
const median = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};
const summary = (name, samples, budget) => ({
  name,
  budget_ms: budget,
  min_ms: Math.round(Math.min(...samples.map((s) => s.wall))),
  median_ms: Math.round(median(samples.map((s) => s.wall))),
  median_cpu_ms: samples[0].cpu === null ? null : Math.round(median(samples.map((s) => s.cpu))),
  runs: samples.length,
});

const load = { start: loadavg().map((v) => +v.toFixed(2)) };
const baseline = [];
for (let i = 0; i < runs; i++) baseline.push(measure(["-e", "0"]));

// Cold: graph.db removed before every run, so each rebuilds every row.
const cold = [];
for (let i = 0; i < coldRuns; i++) {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(join(root, ".tsift", `graph.db${suffix}`), { force: true });
  cold.push(measure(gdb("refresh")));
}
const report = json(gdb("refresh"));
const unchanged = [];
for (let i = 0; i < runs; i++) unchanged.push(measure(gdb("refresh")));

// Probe ids from the projection itself: the busiest callers, and of those the one whose
// call tree is deepest (the path probe goes to its farthest callee), its file, an edge.
const calls = json(gdb("edges", "--edge-kind", "calls", "--limit", "5000")).edges;
const degree = new Map();
for (const edge of calls) degree.set(edge.from_id, (degree.get(edge.from_id) ?? 0) + 1);
const busiest = [...degree.entries()]
  .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  .slice(0, 12)
  .map(([id]) => id);
let symbol = busiest[0];
let depths = [];
for (const candidate of busiest) {
  const hood = json(gdb("neighborhood", candidate, "--depth", "12", "--edge-kind", "calls", "--limit", "0"));
  const ranked = Object.entries(hood.depths).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  if (depths.length === 0 || ranked[0][1] > depths[0][1]) [symbol, depths] = [candidate, ranked];
}
const node = json(gdb("node", symbol)).node;
const path = node.properties.path;
const edge = calls[0];
const target = depths[0][0];

const reads = [
  ["status", gdb("status", "--json")],
  ["schema", gdb("schema", "--json")],
  ["node <symbol>", gdb("node", symbol, "--json")],
  ["edge <key>", gdb("edge", edge.id, "--json")],
  ["edges --edge-kind calls --limit 20", gdb("edges", "--edge-kind", "calls", "--limit", "20", "--json")],
  ["edges --property resolution=import --limit 20", gdb("edges", "--property", "resolution=import", "--limit", "20", "--json")],
  ["incident <file> --limit 20", gdb("incident", `file:${path}`, "--limit", "20", "--json")],
  ["kind symbol --property path=<file> --limit 20", gdb("kind", "symbol", "--property", `path=${path}`, "--limit", "20", "--json")],
  [
    "neighborhood <caller> --depth 2 --edge-kind calls --limit 50",
    gdb("neighborhood", symbol, "--depth", "2", "--edge-kind", "calls", "--limit", "50", "--json"),
  ],
  ["neighborhood <caller> --depth 2 --limit 50 (every edge kind)", gdb("neighborhood", symbol, "--depth", "2", "--limit", "50", "--json")],
  [`path <caller> <target> --edge-kind calls (${depths[0][1]} hops)`, gdb("path", symbol, target, "--edge-kind", "calls", "--json")],
  ["path <caller> <target> (every edge kind)", gdb("path", symbol, target, "--json")],
  ["doctor", gdb("doctor", "--json")],
];
const readSamples = reads.map(() => []);
for (let i = 0; i < runs; i++) reads.forEach(([, argv], index) => readSamples[index].push(measure(argv)));
load.end = loadavg().map((v) => +v.toFixed(2));

const rows = [
  summary("node -e 0 (process baseline)", baseline, null),
  summary("refresh, cold (no graph.db)", cold, 5000),
  summary("refresh, unchanged (watermark reuse)", unchanged, 300),
  ...reads.map(([name], index) => summary(`${name}`, readSamples[index], name === "doctor" ? null : 150)),
];
const result = {
  node: process.version,
  root,
  load,
  projection: { nodes: report.counts.nodes, edges: report.counts.edges, stats: report.stats },
  cold_phases: report.mode === "cold_source_graph_rebuild" ? report.phase_timings : null,
  rows,
};
if (flag("--json")) writeFileSync(flag("--json"), `${JSON.stringify(result, null, 2)}\n`);
console.log(`node ${process.version}; ${report.counts.nodes} nodes, ${report.counts.edges} edges; load ${load.start.join("/")} -> ${load.end.join("/")}\n`);
console.log("| command | budget | min ms | median ms | median CPU ms |\n| --- | ---: | ---: | ---: | ---: |");
for (const row of rows) console.log(`| ${row.name} | ${row.budget_ms ?? "-"} | ${row.min_ms} | ${row.median_ms} | ${row.median_cpu_ms ?? "-"} |`);
