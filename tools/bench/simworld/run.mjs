#!/usr/bin/env node
// The wide simulation corpus (10k cases by default) against the built @tsift/digest:
//
//   node tools/bench/simworld/run.mjs [--seed 1] [--rewrite 6000] [--session 3500] [--worlds 10] [--steps 50]
//
// `npm test` runs a few hundred cases of the same generators (packages/digest/test/simworld.test.ts);
// this runs the wider corpus and prints coverage per edge class. Exit 1 on a broken invariant.
import { runSimWorld } from "@tsift/digest";

const args = process.argv.slice(2);
const flag = (name, fallback) => Number(args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const options = {
  seed: flag("seed", 1),
  rewriteCases: flag("rewrite", 6000),
  sessionCases: flag("session", 3500),
  statusWorlds: flag("worlds", 10),
  statusSteps: flag("steps", 50),
};
const started = performance.now();
const report = await runSimWorld(options);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`seed ${report.seed}: ${report.cases} cases in ${seconds} s, ${report.failures.length} broken invariants`);
for (const [surface, classes] of Object.entries(report.coverage))
  console.log(
    `  ${surface}: ${Object.entries(classes)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, count]) => `${name} ${count}`)
      .join(", ")}`,
  );
for (const failure of report.failures.slice(0, 20)) console.log(`  FAIL ${failure}`);
process.exitCode = report.failures.length ? 1 : 0;
