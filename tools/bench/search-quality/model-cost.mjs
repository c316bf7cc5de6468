// What the code model costs, on effect's src/ (the cold-index reference the budgets use):
//   1. loading it (tokenizer.json + model.safetensors, a fresh process each time);
//   2. encoding one query (the docstring set's queries, in one warm process);
//   3. embedding every chunk of a cold index (`ensureVectors`, the first prose search's lazy
//      step) against that cold `tsift index`, and an incremental run after files change;
//   4. the default (hybrid) prose search, p50: in one process (`searchProject` called again and
//      again, each call checking freshness and opening the index), as the daemon and MCP server
//      run it (the project's index kept warm by `startWarmIndex`: no freshness walk, one open
//      connection), the same on distinct queries (the first 60 of the TypeScript JSDoc set, each
//      asked once, so no per-query cache helps), and cold (a whole `tsift search --json` process).
// Every figure is wall time and CPU time (user + sys), since the machine is shared.
//
//   node tools/bench/search-quality/model-cost.mjs [--effect DIR] [--runs 9] [--out cost.json] [--packages DIR] [--only search]
//
// DIR defaults to /tmp/corpora/node_modules/effect/src; it is copied to a scratch directory
// (never indexed in place). `--packages` is where the built packages are (`<DIR>/<name>/dist`;
// default this repository's packages/), e.g. a copy of another build's dists to compare with.
// `--only search` measures step 4 alone, on the scratch copy a full run indexed before.
import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

process.env.TSIFT_NO_DAEMON = "1";
process.env.TSIFT_DAEMON_AUTOSTART = "0";
const here = new URL(".", import.meta.url);
const repoRoot = join(here.pathname, "..", "..", "..");
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const effectSrc = option("--effect", "/tmp/corpora/node_modules/effect/src");
const runs = Number(option("--runs", "9"));
const packages = resolve(option("--packages", join(repoRoot, "packages")));
const bin = join(packages, "cli", "dist", "bin.js");
const searchDist = join(packages, "search", "dist", "index.js");
const onlySearch = option("--only", null) === "search";
const search = await import(pathToFileURL(searchDist).href);
const { openIndexWriter, indexLocation } = await import(pathToFileURL(join(packages, "index", "dist", "indexer.js")).href);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const round = (value) => Math.round(value * 10) / 10;
const cpuMs = (before) => {
  const usage = process.cpuUsage(before);
  return (usage.user + usage.system) / 1000;
};

/** A whole process under /usr/bin/time: wall and CPU milliseconds. */
function timed(argv, cwd) {
  const result = spawnSync("/usr/bin/time", ["-f", "TIME %e %U %S", process.execPath, ...argv], { cwd, encoding: "utf8", maxBuffer: 256 << 20 });
  if (result.status !== 0) throw new Error(`${argv.join(" ")}: ${result.stderr}`);
  const [, wall, user, sys] = /TIME ([\d.]+) ([\d.]+) ([\d.]+)/.exec(result.stderr);
  return { wall: Number(wall) * 1000, cpu: (Number(user) + Number(sys)) * 1000, stdout: result.stdout };
}

const out = { date: new Date().toISOString().slice(0, 16), load: readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ") };

const corpus = join(tmpdir(), "tsift-model-cost", "effect");
if (!onlySearch) {
  // 1. Model load, fresh process each time.
  const loads = [];
  for (let i = 0; i < runs; i++) {
    const script = `const s = await import(${JSON.stringify(pathToFileURL(searchDist).href)}); const t = performance.now(); const c = process.cpuUsage(); const r = s.resolveEncoder(null); const u = process.cpuUsage(c); console.log(JSON.stringify({ ms: performance.now() - t, cpu: (u.user + u.system) / 1000, id: r.encoder.id, warning: r.warning ?? null }));`;
    loads.push(JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" })));
  }
  out.model = {
    id: loads[0].id,
    warning: loads[0].warning,
    load_ms: round(median(loads.map((l) => l.ms))),
    load_cpu_ms: round(median(loads.map((l) => l.cpu))),
  };

  // 2. Query encoding.
  const { encoder } = search.resolveEncoder(null);
  const queries = JSON.parse(readFileSync(new URL("docstring-tasks.json", here), "utf8")).tasks.map((task) => task.query);
  encoder.encode(queries.slice(0, 50));
  const perQuery = [];
  for (const query of queries) {
    const started = performance.now();
    encoder.encode([query]);
    perQuery.push(performance.now() - started);
  }
  out.query_encoding = { queries: queries.length, p50_ms: Math.round(median(perQuery) * 1000) / 1000, max_ms: round(Math.max(...perQuery)) };

  // 3. Cold index, then the embedding of every chunk, then an incremental update.
  rmSync(join(tmpdir(), "tsift-model-cost"), { recursive: true, force: true });
  cpSync(effectSrc, corpus, { recursive: true });
  const cold = timed([bin, "index", "--json", "--quiet"], corpus);
  const embed = (label) => {
    const writer = openIndexWriter(indexLocation(corpus, null));
    try {
      const before = process.cpuUsage();
      const started = performance.now();
      const result = search.ensureVectors(writer.db, encoder);
      return { label, embedded: result.embedded, wall_ms: Math.round(performance.now() - started), cpu_ms: Math.round(cpuMs(before)) };
    } finally {
      writer.close();
    }
  };
  const first = embed("all chunks");
  // Change three files, refresh the index, embed again: only new chunk contents are encoded.
  const changed = ["Array.ts", "Effect.ts", "Schedule.ts"].filter((name) => existsSync(join(corpus, name)));
  for (const name of changed)
    appendFileSync(join(corpus, name), `\n/** Added by the benchmark. */\nexport const benchmarkMarker${name.replace(/\W/g, "")} = 1\n`);
  const update = timed([bin, "index", "--json", "--quiet"], corpus);
  const second = embed(`after changing ${changed.length} files`);
  out.index = {
    files: JSON.parse(cold.stdout).files ?? null,
    cold_wall_ms: Math.round(cold.wall),
    cold_cpu_ms: Math.round(cold.cpu),
    embed_all: first,
    embed_share_of_cold_cpu: Math.round((first.cpu_ms / cold.cpu) * 1000) / 1000,
    update_wall_ms: Math.round(update.wall),
    embed_incremental: second,
  };
}

// 4. Search latency with the default strategy on prose queries.
const PROSE = [
  "retry a failed effect with exponential backoff",
  "interrupt a running fiber",
  "parse a cron expression",
  "merge two sorted arrays",
  "decode a base64 string",
];
/** p50 wall and CPU of the default search over `queries`, `loops` times, after one search to warm up. */
async function warmSearches(queries, loops) {
  await search.searchProject({ query: PROSE[0], cwd: corpus, timeout: 0 });
  const wall = [];
  const cpu = [];
  for (let i = 0; i < loops; i++)
    for (const query of queries) {
      const before = process.cpuUsage();
      const started = performance.now();
      const { data } = await search.searchProject({ query, cwd: corpus, timeout: 0 });
      if (data.strategy !== "hybrid") throw new Error(`${query}: ${data.strategy}`);
      wall.push(performance.now() - started);
      cpu.push(cpuMs(before));
    }
  return { wall: round(median(wall)), cpu: round(median(cpu)) };
}
const inProcess = await warmSearches(PROSE, runs);
// The daemon's and the MCP server's path: the index held open and followed by a watcher.
const { startWarmIndex } = await import(pathToFileURL(join(packages, "index", "dist", "index.js")).href);
const held = startWarmIndex(corpus);
await held.settle();
const daemon = await warmSearches(PROSE, runs);
const distinctQueries = JSON.parse(readFileSync(new URL("ts-jsdoc-tasks.json", here), "utf8"))
  .tasks.map((task) => task.query)
  .slice(0, 60);
const distinct = await warmSearches(distinctQueries, 1);
await held.stop();
const coldRuns = [];
for (let i = 0; i < runs; i++) for (const query of PROSE) coldRuns.push(timed([bin, "search", query, "--json", "--timeout", "0"], corpus));
const nodeStart = [];
for (let i = 0; i < runs; i++) nodeStart.push(timed(["-e", "0"], corpus));
out.search = {
  warm_p50_ms: inProcess.wall,
  warm_cpu_p50_ms: inProcess.cpu,
  daemon_p50_ms: daemon.wall,
  daemon_cpu_p50_ms: daemon.cpu,
  daemon_distinct_p50_ms: distinct.wall,
  daemon_distinct_cpu_p50_ms: distinct.cpu,
  cold_process_p50_ms: Math.round(median(coldRuns.map((r) => r.wall))),
  cold_process_cpu_p50_ms: Math.round(median(coldRuns.map((r) => r.cpu))),
  node_start_p50_ms: Math.round(median(nodeStart.map((r) => r.wall))),
  node_start_cpu_p50_ms: Math.round(median(nodeStart.map((r) => r.cpu))),
};
out.load_after = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(JSON.stringify(out, null, 1));
const file = option("--out", null);
if (file) writeFileSync(file, `${JSON.stringify(out, null, 1)}\n`);
