#!/usr/bin/env node
/**
 * GraphStore benchmark: projection refreshes and hot reads on synthetic code graphs,
 * for SQLite (better-sqlite3) and libSQL local files, through the BUILT packages.
 *
 *   npx nx run-many -t build --projects=@tsift/core,@tsift/sqlite,@tsift/libsql --outputStyle=static
 *   node tools/bench/graphstore/run.mjs --sizes 10k,100k,1m --backends sqlite,libsql --runs 3 --markdown
 *
 * Progress goes to stderr; results (JSON, or Markdown with --markdown) to stdout.
 */
import { mkdtempSync, rmSync, writeFileSync, statSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openerFor } from "./backends.mjs";
import { generateGraph, parseSize, perturbGraph } from "./generator.mjs";
import { hotReads } from "./operations.mjs";
import { checkTargets, renderMarkdown } from "./report.mjs";
import { median, timeHot, timeOnce } from "./timing.mjs";

const USAGE = `usage: node tools/bench/graphstore/run.mjs [--sizes 10k,100k,1m] [--backends sqlite,libsql] [--runs 3]
       [--iterations 200] [--warmup 50] [--out results.json] [--markdown] [--dir /tmp] [--keep]`;

function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      sizes: { type: "string", default: "10k,100k,1m" },
      backends: { type: "string", default: "sqlite,libsql" },
      runs: { type: "string", default: "3" },
      iterations: { type: "string", default: "200" },
      warmup: { type: "string", default: "50" },
      out: { type: "string" },
      markdown: { type: "boolean", default: false },
      dir: { type: "string", default: tmpdir() },
      keep: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const whole = (name) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number >= 1`);
    return n;
  };
  return {
    sizes: values.sizes.split(",").filter(Boolean).map(parseSize),
    backends: values.backends.split(",").filter(Boolean),
    runs: whole("runs"),
    iterations: whole("iterations"),
    warmup: whole("warmup"),
    out: values.out,
    markdown: values.markdown,
    dir: values.dir,
    keep: values.keep,
  };
}

const log = (message) => process.stderr.write(`${message}\n`);

function summarize(report) {
  const d = (x) => `+${x.upserted} -${x.deleted} =${x.unchanged}`;
  return `nodes ${d(report.nodes)}, edges ${d(report.edges)}, node props ${d(report.node_properties)}, edge props ${d(report.edge_properties)}, tombstones ${report.tombstones.written}`;
}

function phasesOf(report) {
  return Object.fromEntries(report.phase_timings.map((phase) => [phase.name, Math.round(phase.duration_micros / 1000)]));
}

/** Cold, unchanged and ~1%-changed refreshes, one fresh file per run; returns the last store open. */
async function benchRefreshes(opener, workDir, graph, next, options, record) {
  const samples = { "refresh cold": [], "refresh unchanged": [], "refresh 1% changed": [] };
  const cpuSamples = { "refresh cold": [], "refresh unchanged": [], "refresh 1% changed": [] };
  const phases = { "refresh cold": [], "refresh unchanged": [], "refresh 1% changed": [] };
  let store = null;
  let path = null;
  for (let run = 1; run <= options.runs; run++) {
    if (store) {
      await store.close();
      rmSync(path, { force: true });
      rmSync(`${path}-wal`, { force: true });
      rmSync(`${path}-shm`, { force: true });
    }
    path = opener.file(workDir, `run-${run}`);
    store = await opener.open(path);
    for (const [operation, projection] of [
      ["refresh cold", graph],
      ["refresh unchanged", graph],
      ["refresh 1% changed", next],
    ]) {
      const { ms, cpuMs, result } = await timeOnce(() => store.replaceProjection(projection, { sourceWatermark: operation }));
      samples[operation].push(ms);
      cpuSamples[operation].push(cpuMs);
      phases[operation].push(phasesOf(result));
      log(`    run ${run} ${operation}: ${ms.toFixed(0)} ms, ${cpuMs.toFixed(0)} ms CPU, load ${loadavg()[0].toFixed(1)} (${summarize(result)})`);
    }
  }
  for (const [operation, values] of Object.entries(samples)) {
    const mid = median(values);
    const closest = values.indexOf(values.reduce((a, b) => (Math.abs(b - mid) < Math.abs(a - mid) ? b : a)));
    record(operation, "ms", {
      median: mid,
      min: Math.min(...values),
      runs: values.length,
      samples: values,
      cpu_ms: { median: median(cpuSamples[operation]), samples: cpuSamples[operation] },
      phases_ms: phases[operation][closest],
    });
  }
  return { store, path };
}

async function benchBackend(backend, size, graph, next, targets, options, results, shape) {
  const opener = await openerFor(backend);
  const workDir = mkdtempSync(join(options.dir, `tsift-bench-${backend}-`));
  const record = (operation, unit, stats) => results.push({ size, backend, operation, unit, shape, ...stats });
  try {
    log(`  ${backend}: refreshes (${options.runs} runs)`);
    const { store, path } = await benchRefreshes(opener, workDir, graph, next, options, record);
    shape.file_bytes = statSync(path).size;
    log(`  ${backend}: hot reads (${options.warmup} warm-up + ${options.iterations} timed each)`);
    for (const [operation, call, check] of hotReads(store, targets)) {
      check(await call(0));
      const stats = await timeHot(call, { warmup: options.warmup, iterations: options.iterations });
      record(operation, "µs", stats);
      log(`    ${operation}: ${stats.median.toFixed(1)} µs (p95 ${stats.p95.toFixed(1)})`);
    }
    await store.close();
  } finally {
    if (!options.keep) rmSync(workDir, { recursive: true, force: true });
    else log(`  kept ${workDir}`);
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const results = [];
  const started = new Date().toISOString();
  const loadAtStart = loadavg()[0];
  for (const size of options.sizes) {
    log(`size ${size}: generating`);
    const { projection, targets, protectedIds } = generateGraph(size);
    const next = perturbGraph(projection, protectedIds);
    const shape = { rows: projection.nodes.length + projection.edges.length, nodes: projection.nodes.length, edges: projection.edges.length };
    log(`size ${size}: ${shape.nodes} nodes + ${shape.edges} edges = ${shape.rows} rows`);
    for (const backend of options.backends) {
      await benchBackend(backend, size, projection, next, targets, options, results, { ...shape });
    }
  }
  const report = {
    meta: {
      command: `node tools/bench/graphstore/run.mjs ${process.argv.slice(2).join(" ")}`.trim(),
      started,
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cpus: availableParallelism(),
      cpu_model: cpus()[0]?.model ?? "unknown",
      memory_gb: Math.round(totalmem() / 2 ** 30),
      /** 1-minute load average: other processes on the machine inflate wall times. */
      load_average: { start: Number(loadAtStart.toFixed(2)), end: Number(loadavg()[0].toFixed(2)) },
      runs: options.runs,
      iterations: options.iterations,
      warmup: options.warmup,
    },
    results,
    targets: checkTargets(results),
  };
  if (options.out) writeFileSync(options.out, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(options.markdown ? `${renderMarkdown(report)}\n` : `${JSON.stringify(report, null, 2)}\n`);
}

main().catch((error) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
