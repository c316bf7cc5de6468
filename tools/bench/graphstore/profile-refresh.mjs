#!/usr/bin/env node
/**
 * One refresh sequence (cold, unchanged, ~1% changed) on one backend with phase timings
 * and CPU time, for profiling rather than reporting:
 *
 *   node tools/bench/graphstore/profile-refresh.mjs 1m sqlite cold,unchanged,changed [--cpu-prof unchanged]
 *
 * `--cpu-prof <step>` writes a V8 CPU profile of that step alone to the working directory.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openerFor } from "./backends.mjs";
import { generateGraph, parseSize, perturbGraph } from "./generator.mjs";
import { timeOnce } from "./timing.mjs";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { "cpu-prof": { type: "string" } } });
const [sizeText = "100k", backend = "sqlite", steps = "cold,unchanged,changed"] = positionals;
const { projection, protectedIds } = generateGraph(parseSize(sizeText));
const next = perturbGraph(projection, protectedIds);
const opener = await openerFor(backend);
const dir = mkdtempSync(join(tmpdir(), "tsift-profile-"));
const store = await opener.open(opener.file(dir, "graph"));
const session = new Session();
session.connect();
try {
  const plan = { cold: projection, unchanged: projection, changed: next };
  for (const step of steps.split(",")) {
    const profiling = values["cpu-prof"] === step;
    if (profiling) {
      await session.post("Profiler.enable");
      await session.post("Profiler.start");
    }
    const cpu = process.cpuUsage();
    const { ms, result } = await timeOnce(() => store.replaceProjection(plan[step]));
    const used = process.cpuUsage(cpu);
    if (profiling) {
      const { profile } = await session.post("Profiler.stop");
      const file = `refresh-${sizeText}-${backend}-${step}.cpuprofile`;
      writeFileSync(file, JSON.stringify(profile));
      process.stderr.write(`wrote ${file}\n`);
    }
    const phases = result.phase_timings.map((phase) => `${phase.name} ${(phase.duration_micros / 1000).toFixed(0)}`).join(", ");
    process.stderr.write(
      `${step}: ${ms.toFixed(0)} ms wall, ${(used.user / 1000).toFixed(0)} user + ${(used.system / 1000).toFixed(0)} sys ms (${phases}) load ${loadavg()[0].toFixed(1)}\n`,
    );
  }
} finally {
  session.disconnect();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
