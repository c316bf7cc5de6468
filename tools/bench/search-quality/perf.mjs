// Search performance: wall time of the whole `tsift search` process (node start, CLI
// load, freshness precheck, search, output) on the effect@4.1.0 src/ index, warm OS
// cache, medians over repeated runs. Compares exact search with ripgrep itself and a
// bare `node -e 0` start; measures the first hybrid query including the lazy embedding
// of every chunk, and later ones.
//
//   node tools/bench/search-quality/perf.mjs [--corpus DIR] [--runs 15] [--bin cli/dist/bin.js]
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";

// Every tsift this script starts runs in-process: a daemon left running (of another build,
// perhaps) would otherwise answer its read commands.
process.env.TSIFT_NO_DAEMON = "1";

const here = new URL(".", import.meta.url);
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const bin = option("--bin", join(here.pathname, "..", "..", "..", "packages", "cli", "dist", "bin.js"));
const corpus = option("--corpus", join(tmpdir(), "tsift-search-quality", "effect"));
const runs = Number(option("--runs", "15"));

// In-process phase times (freshness precheck + search) that tsift reports with
// TSIFT_SEARCH_TIMINGS=1, collected per measurement to separate them from process start
// and CLI loading.
let inner = [];

function time(command, argv) {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, argv, { cwd: corpus, encoding: "utf8", maxBuffer: 256 << 20, env: { ...process.env, TSIFT_SEARCH_TIMINGS: "1" } });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0 && !(command === "rg" && result.status === 1)) throw new Error(`${command} ${argv.join(" ")}: ${result.stderr}`);
  const phases = /timings: prepare (\d+) ms.*search (\d+) ms/.exec(result.stderr ?? "");
  if (phases) inner.push(Number(phases[1]) + Number(phases[2]));
  return ms;
}

const mid = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function median(command, argvs) {
  inner = [];
  const samples = [];
  for (let i = 0; i < runs; i++) for (const argv of argvs) samples.push(time(command, argv));
  return mid(samples);
}

const tsift = (...argv) => [bin, ...argv];
const PROSE = ["retry with exponential backoff", "interrupt a running fiber", "parse a cron expression"];
const SYMBOLIC = ["Semaphore withPermits", "HashMap set", "Schedule spaced"];

time(process.execPath, tsift("index", "--quiet"));
const rows = [];
const add = (name, ms) => rows.push([name, ms, inner.length > 0 ? mid(inner) : null]);
const node = median(process.execPath, [["-e", "0"]]);
add("node -e 0 (process start)", node);
add("tsift --help", median(process.execPath, [tsift("--help")]));
add(
  "search, lexical + symbols (prose queries)",
  median(
    process.execPath,
    PROSE.map((query) => tsift("search", query, "--json")),
  ),
);
add(
  "search, lexical + symbols (identifier-ish queries)",
  median(
    process.execPath,
    SYMBOLIC.map((query) => tsift("search", query, "--json")),
  ),
);
const rgArgs = ["-F", "--line-number", "--no-heading", "--null", "--color", "never", "--max-columns", "400", "--max-count", "200", "-e", "catchTag", "--", "."];
const rg = median("rg", [rgArgs]);
add("rg -F catchTag (ripgrep alone)", rg);
add("search --exact catchTag", median(process.execPath, [tsift("search", "catchTag", "--exact", "--json")]));

// First hybrid query: drop the cached vectors so it embeds every chunk.
const db = new Database(join(corpus, ".tsift", "index.db"));
const chunks = db.prepare("SELECT count(*) FROM chunks").pluck().get();
db.prepare("DELETE FROM chunk_vectors WHERE encoder = 'tsift-hash-v1'").run();
db.close();
inner = [];
add(
  `search --strategy hybrid, first (embeds ${chunks} chunks)`,
  time(process.execPath, tsift("search", "retry with exponential backoff", "--strategy", "hybrid", "--json")),
);
add(
  "search --strategy hybrid, later",
  median(
    process.execPath,
    PROSE.map((query) => tsift("search", query, "--strategy", "hybrid", "--json")),
  ),
);

console.log(`corpus: ${corpus} (${chunks} chunks), ${runs} runs per query, median wall ms`);
console.log("| measurement | wall ms (whole process) | in-process ms (precheck + search) |\n|---|---|---|");
for (const [name, ms, phases] of rows) console.log(`| ${name} | ${ms.toFixed(0)} | ${phases === null ? "–" : phases} |`);
console.log(`exact budget: rg x 1.5 + process start = ${(rg * 1.5 + node).toFixed(0)} ms`);
