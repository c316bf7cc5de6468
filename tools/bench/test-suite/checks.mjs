#!/usr/bin/env node
// What the static checks of `npm test` cost: each project's `tsc --noEmit` and `eslint .`, one at
// a time, against the single whole-workspace program `npm test` runs (tsconfig.check.json), with
// wall time, CPU time (user + system, from /usr/bin/time) and peak RSS. Build first
// (`npm run build`: the CLI's and the graph package's generated registries come from it).
//   node tools/bench/test-suite/checks.mjs [--only typecheck|lint] [--projects core,cli,root] [--no-whole] [--json out.json]
// --no-whole leaves out the whole-workspace runs (one tsc program, one eslint process).
import { spawnSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const only = flag("--only");
const wanted = flag("--projects");
const jsonOut = flag("--json");
const whole = !args.includes("--no-whole");
const projects = wanted ? wanted.split(",") : [...readdirSync(join(repo, "packages")), "root"];
const bin = (name) => join(repo, "node_modules", ".bin", name);
const dirOf = (project) => (project === "root" ? repo : join(repo, "packages", project));

function measure(label, command, argv, cwd) {
  const before = loadavg()[0];
  const result = spawnSync("/usr/bin/time", ["-f", "%e %U %S %M", command, ...argv], { cwd, encoding: "utf8" });
  const [wall, user, sys, rss] = result.stderr.trim().split("\n").at(-1).split(" ").map(Number);
  const row = {
    check: label,
    exit: result.status,
    wall_s: wall,
    cpu_s: Number((user + sys).toFixed(1)),
    peak_rss_mb: Math.round(rss / 1024),
    load: [before, loadavg()[0]],
  };
  console.log(
    `${label.padEnd(28)} exit ${row.exit}  wall ${String(wall).padStart(7)} s  cpu ${String(row.cpu_s).padStart(6)} s  rss ${row.peak_rss_mb} MB  load ${before.toFixed(1)} -> ${row.load[1].toFixed(1)}`,
  );
  return row;
}

const rows = [];
if (only !== "lint") {
  for (const project of projects) rows.push(measure(`typecheck ${project}`, bin("tsc"), ["-p", "tsconfig.json", "--noEmit"], dirOf(project)));
  if (whole) rows.push(measure("typecheck, one program", bin("tsc"), ["-p", "tsconfig.check.json", "--noEmit"], repo));
}
if (only !== "typecheck") {
  for (const project of projects)
    rows.push(measure(`eslint ${project}`, bin("eslint"), project === "root" ? ["src", "test", "tools", "bin"] : ["."], dirOf(project)));
  if (whole) rows.push(measure("eslint, one process", bin("eslint"), ["packages", "src", "test", "tools", "bin"], repo));
}
const sum = (prefix) =>
  Number(
    rows
      .filter((row) => row.check.startsWith(prefix) && !row.check.includes(","))
      .reduce((total, row) => total + row.cpu_s, 0)
      .toFixed(1),
  );
console.log(`\nper-project CPU: typecheck ${sum("typecheck ")} s, eslint ${sum("eslint ")} s, on ${cpus().length} CPUs`);
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, rows }, null, 2)}\n`);
