#!/usr/bin/env node
/**
 * A/B of SQLite projection refreshes: the working tree's @tsift/core + @tsift/sqlite
 * against the same packages at a git revision, each bundled from source with esbuild and
 * run alternately in one process on one generated graph, so both meet the same load:
 *
 *   node tools/bench/graphstore/ab-refresh.mjs --against f0870d4 [--size 1m] [--rounds 2] [--steps cold,unchanged,changed]
 *
 * Prints one line per variant and round: wall and CPU ms of each step, its phases, and the
 * 1-minute load average. On a shared machine the CPU figures are the ones to compare.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { generateGraph, parseSize, perturbGraph } from "./generator.mjs";

const { values } = parseArgs({
  options: {
    against: { type: "string" },
    size: { type: "string", default: "1m" },
    rounds: { type: "string", default: "2" },
    steps: { type: "string", default: "cold,unchanged,changed" },
  },
});
if (!values.against) throw new Error("pass --against <git revision> (the baseline to compare the working tree with)");

const repo = resolve(import.meta.dirname, "../../..");
const work = mkdtempSync(join(tmpdir(), "tsift-ab-refresh-"));
// The bundles live outside the repository; better-sqlite3 (native, not bundled) resolves through this link.
symlinkSync(join(repo, "node_modules"), join(work, "node_modules"), "dir");

/** Bundles openSqliteGraphStore from `root`'s packages/sqlite and packages/core sources. */
async function bundle(root, name) {
  const outfile = join(work, `${name}.mjs`);
  await build({
    stdin: { contents: `export { openSqliteGraphStore } from ${JSON.stringify(join(root, "packages/sqlite/src/index.ts"))};`, resolveDir: repo, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    outfile,
    external: ["better-sqlite3"],
    logLevel: "warning",
    nodePaths: [join(repo, "node_modules")],
    plugins: [
      {
        name: "tsift-core-source",
        setup(plugin) {
          plugin.onResolve({ filter: /^@tsift\/core(\/light)?$/ }, (args) => ({
            path: join(root, "packages/core/src", args.path.endsWith("/light") ? "light.ts" : "index.ts"),
          }));
        },
      },
    ],
  });
  return import(outfile);
}

try {
  const baseline = join(work, "baseline");
  mkdirSync(baseline);
  const archive = execFileSync("git", ["-C", repo, "archive", values.against, "packages/core/src", "packages/sqlite/src"]);
  execFileSync("tar", ["-x", "-C", baseline], { input: archive });
  const variants = { [values.against]: await bundle(baseline, "baseline"), "working tree": await bundle(repo, "working") };

  const { projection, protectedIds } = generateGraph(parseSize(values.size));
  const next = perturbGraph(projection, protectedIds);
  const plan = { cold: projection, unchanged: projection, changed: next };
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const [name, module] of Object.entries(variants)) {
      const dir = mkdtempSync(join(work, "store-"));
      const store = await module.openSqliteGraphStore(join(dir, "graph.db"));
      const parts = [];
      try {
        for (const step of values.steps.split(",")) {
          const cpu = process.cpuUsage();
          const started = performance.now();
          const report = await store.replaceProjection(plan[step]);
          const wall = performance.now() - started;
          const used = process.cpuUsage(cpu);
          const phases = report.phase_timings.map((phase) => `${phase.name} ${(phase.duration_micros / 1000).toFixed(0)}`).join(", ");
          parts.push(`${step} ${wall.toFixed(0)} ms wall / ${((used.user + used.system) / 1000).toFixed(0)} ms CPU (${phases})`);
        }
      } finally {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      }
      process.stdout.write(`round ${round} ${name} [load ${loadavg()[0].toFixed(1)}]: ${parts.join(" | ")}\n`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
