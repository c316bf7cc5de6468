#!/usr/bin/env node
// CLI startup benchmark: wall time of whole processes (node start included), runs
// interleaved so machine load hits every case alike. Reports min and median in ms.
//   node tools/bench/cli-startup/run.mjs [--runs 40] [--json] [--imports]
// --imports also times what `import "yargs"` loads, module by module, in fresh processes.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const bin = join(root, "packages", "cli", "dist", "bin.js");
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf("--runs") + 1]) || 40;

const cases = [
  { name: "node -e 0 (baseline)", argv: ["-e", "0"] },
  { name: "tsift --help", argv: [bin, "--help"] },
  { name: "tsift --version", argv: [bin, "--version"] },
  { name: "tsift (no command)", argv: [bin] },
  { name: "tsift status --help (yargs)", argv: [bin, "status", "--help"] },
  { name: "import yargs only", argv: ["--input-type=module", "-e", "await import('yargs')"], cwd: join(root, "packages", "cli") },
];

const samples = cases.map(() => []);
for (let run = 0; run < runs; run++) {
  cases.forEach((entry, index) => {
    const started = process.hrtime.bigint();
    const result = spawnSync(process.execPath, entry.argv, { cwd: entry.cwd ?? root, stdio: ["ignore", "ignore", "pipe"] });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (result.status !== 0) throw new Error(`${entry.name} exited ${result.status}: ${result.stderr}`);
    samples[index].push(ms);
  });
}

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

const stats = cases.map((entry, index) => {
  const sorted = [...samples[index]].sort((a, b) => a - b);
  return { name: entry.name, min_ms: +sorted[0].toFixed(1), median_ms: +sorted[Math.floor(sorted.length / 2)].toFixed(1) };
});
const imports = args.includes("--imports") ? importBreakdown() : null;
if (args.includes("--json")) console.log(JSON.stringify({ node: process.version, runs, stats, imports }));
else {
  console.log(`node ${process.version}, ${runs} interleaved runs\n`);
  console.log("| case | min ms | median ms |\n|---|---|---|");
  for (const row of stats) console.log(`| ${row.name} | ${row.min_ms} | ${row.median_ms} |`);
  if (imports) {
    console.log("\n| yargs import step | median ms |\n|---|---|");
    for (const row of imports) console.log(`| ${row.module} | ${row.median_ms} |`);
  }
}
