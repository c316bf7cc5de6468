#!/usr/bin/env node
/**
 * Call-graph quality for Python: the edges `tsift graph --callers` reports (call-site file,
 * line, target symbol) scored against an independent oracle, jedi (Debian's python3-jedi
 * 0.18.2, `Script.goto(…, follow_imports=True)` on every call's called name, oracle.py).
 * Two corpora, each copied to a scratch directory (never into this repository):
 *
 *   stdlib — json, email, asyncio, http, logging and unittest from python3's stdlib
 *            (selected as tools/bench/index/corpora.mjs does)
 *   parso  — the parso package Debian ships for jedi (/usr/lib/python3/dist-packages/parso)
 *
 *   NX_DAEMON=false npx nx run @tsift/cli:build --outputStyle=static
 *   node tools/bench/graph-quality-python/run.mjs [--scratch /tmp/tsift-graph-quality-python] [--out results.json]
 *
 * Steps per corpus: a fresh copy, `tsift index` through the built CLI, the oracle, the
 * comparison (../graph-quality/compare.mjs: precision/recall over (call site, target)
 * edges, overall and on methods), and a check that `tsift graph <gsym> --callers --json`
 * prints exactly the edges scored, for a deterministic sample of symbols. Markdown goes to
 * stdout, progress to stderr, every false positive and miss to --out.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { compareCallers, loadIndex, methodMissCategories } from "../graph-quality/compare.mjs";
import { prepareStdlib } from "../index/corpora.mjs";

// Every tsift this script starts runs in-process: a daemon left running (of another build,
// perhaps) would otherwise answer its read commands.
process.env.TSIFT_NO_DAEMON = "1";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, "../../..");
const PYTHON = "/usr/bin/python3";
const THIRD_PARTY = "/usr/lib/python3/dist-packages/parso";
const { values } = parseArgs({
  options: {
    scratch: { type: "string", default: "/tmp/tsift-graph-quality-python" },
    out: { type: "string" },
    sample: { type: "string", default: "30" },
    jobs: { type: "string", default: "2" },
    "fresh-oracle": { type: "boolean", default: false },
    corpus: { type: "string", multiple: true },
    "tsift-bin": { type: "string", default: join(REPO, "packages/cli/dist/bin.js") },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  process.stdout.write(
    "usage: node tools/bench/graph-quality-python/run.mjs [--scratch DIR] [--out file.json] [--sample 30] [--jobs 2] [--fresh-oracle] [--corpus stdlib|parso] [--tsift-bin PATH]\n",
  );
  process.exit(0);
}
const log = (message) => process.stderr.write(`[graph-quality-python] ${message}\n`);
const require = createRequire(join(REPO, "package.json"));
const Database = require("better-sqlite3");
const tsiftBin = resolve(values["tsift-bin"]);
if (!existsSync(tsiftBin)) throw new Error(`${tsiftBin} does not exist: build first (NX_DAEMON=false npx nx run @tsift/cli:build)`);
const scratch = resolve(values.scratch);
if (scratch === REPO || scratch.startsWith(`${REPO}/`)) throw new Error(`${values.scratch} must lie outside the repository`);
const jedi = spawnSync(PYTHON, ["-c", "import jedi, sys; print(jedi.__version__, sys.version.split()[0])"], { encoding: "utf8" });
if (jedi.status !== 0) throw new Error(`${PYTHON} cannot import jedi (apt install python3-jedi): ${jedi.stderr}`);
const [jediVersion, pythonVersion] = jedi.stdout.trim().split(" ");

/** The corpora: name, where its files come from, and the directory prepared in the scratch dir. */
function corpora() {
  const all = {
    stdlib: () => {
      const stdlib = prepareStdlib(scratch);
      return { name: "stdlib", origin: stdlib.origin, dir: stdlib.dir };
    },
    parso: () => {
      if (!existsSync(THIRD_PARTY)) throw new Error(`${THIRD_PARTY} is missing (apt install python3-parso)`);
      return { name: "parso", origin: `parso from ${THIRD_PARTY}`, dir: THIRD_PARTY, nested: "parso" };
    },
  };
  const wanted = values.corpus ?? Object.keys(all);
  return wanted.map((name) => {
    if (!all[name]) throw new Error(`unknown corpus ${name} (stdlib, parso)`);
    return all[name]();
  });
}

/**
 * The oracle's sites, from `jobs` oracle.py processes that each take every jobs-th file.
 * jedi takes minutes on the stdlib corpus and its answer depends only on the corpus, jedi and
 * oracle.py, so it is kept in the scratch dir under a key of those (`--fresh-oracle` reruns it).
 */
async function runOracle(dir, jobs) {
  const key = createHash("sha256")
    .update(readFileSync(join(HERE, "oracle.py")))
    .update(jedi.stdout);
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith(".")) continue;
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".py")) key.update(`${path.slice(dir.length)}\0${statSync(path).size}\n`);
    }
  };
  walk(dir);
  const cached = join(scratch, "oracle", `${key.digest("hex").slice(0, 16)}.json`);
  if (existsSync(cached) && !values["fresh-oracle"]) return JSON.parse(readFileSync(cached, "utf8"));
  const started = performance.now();
  const sites = await runOracleProcesses(dir, jobs);
  const result = { sites, ms: performance.now() - started };
  mkdirSync(dirname(cached), { recursive: true });
  writeFileSync(cached, JSON.stringify(result));
  return result;
}

async function runOracleProcesses(dir, jobs) {
  const shards = await Promise.all(
    Array.from(
      { length: jobs },
      (_, shard) =>
        new Promise((done, fail) => {
          const child = spawn(PYTHON, [join(HERE, "oracle.py"), dir, "--shard", `${shard}/${jobs}`], { stdio: ["ignore", "pipe", "inherit"] });
          const chunks = [];
          child.stdout.on("data", (chunk) => chunks.push(chunk));
          child.on("error", fail);
          child.on("close", (code) =>
            code === 0 ? done(Buffer.concat(chunks).toString("utf8")) : fail(new Error(`oracle.py shard ${shard}/${jobs} exited with ${code}`)),
          );
        }),
    ),
  );
  const sites = shards.flatMap((text) =>
    text
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line)),
  );
  // compare.mjs maps a target to the symbol whose span holds its line, else the next one of that name from `start`.
  for (const site of sites) for (const target of site.targets ?? []) target.start = target.line;
  return sites;
}

function scoreCorpus(corpus) {
  const work = join(scratch, "work", corpus.name);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const root = work;
  cpSync(corpus.dir, corpus.nested ? join(work, corpus.nested) : work, {
    recursive: true,
    filter: (source) => !source.endsWith("__pycache__") && !source.endsWith(".pyc"),
  });
  const tsift = (argv) => spawnSync(process.execPath, [tsiftBin, ...argv], { cwd: root, encoding: "utf8", maxBuffer: 1 << 28 });
  let started = performance.now();
  const indexed = tsift(["index", "-q"]);
  if (indexed.status !== 0) throw new Error(`tsift index failed: ${indexed.stderr}`);
  const indexMs = performance.now() - started;
  log(`${corpus.name}: indexed in ${(indexMs / 1000).toFixed(1)} s`);
  return { root, indexMs, tsift };
}

const pct = (value) => value.toFixed(3);
const row = (label, bucket) =>
  `| ${label} | ${bucket.reported} | ${bucket.correct} | ${pct(bucket.precision)} | ${bucket.expected} | ${bucket.found} | ${pct(bucket.recall)} |`;
const add = (a, b) => {
  const sum = { reported: a.reported + b.reported, correct: a.correct + b.correct, expected: a.expected + b.expected, found: a.found + b.found };
  return { ...sum, precision: sum.reported === 0 ? 1 : sum.correct / sum.reported, recall: sum.expected === 0 ? 1 : sum.found / sum.expected };
};

const results = [];
const details = {};
let total = null;
let mismatchedTotal = 0;
for (const corpus of corpora()) {
  const { root, indexMs, tsift } = scoreCorpus(corpus);
  const index = loadIndex(Database, join(root, ".tsift", "index.db"));
  const indexedFiles = new Set(index.calls.map((call) => call.file));
  const oracle = await runOracle(root, Math.max(1, Number(values.jobs)));
  const sites = oracle.sites.filter((site) => indexedFiles.has(site.file));
  const oracleMs = oracle.ms;
  const unresolved = sites.filter((site) => site.targets === null).length;
  log(`${corpus.name}: oracle ${sites.length} call sites in ${(oracleMs / 1000).toFixed(1)} s (${unresolved} jedi could not resolve)`);
  const result = compareCallers(index, sites, { files: indexedFiles });
  const byResolution = {};
  for (const call of index.calls) if (call.resolved_symbol_id !== null) byResolution[call.resolution] = (byResolution[call.resolution] ?? 0) + 1;

  // `tsift graph --callers` prints exactly these edges (a deterministic sample of called symbols).
  const db = new Database(join(root, ".tsift", "index.db"), { readonly: true });
  const handleOf = db.prepare("SELECT handle FROM symbols WHERE id = ?").pluck();
  const called = [...new Set(index.calls.filter((call) => call.resolved_symbol_id !== null).map((call) => call.resolved_symbol_id))].sort((a, b) => a - b);
  const step = Math.max(1, Math.floor(called.length / Number(values.sample)));
  let checked = 0;
  let mismatched = 0;
  for (let i = 0; i < called.length && checked < Number(values.sample); i += step) {
    const id = called[i];
    const expected = [
      ...new Set(
        index.calls
          .filter((call) => call.resolved_symbol_id === id)
          .map((call) => `${call.file}:${call.line}`)
          .sort(),
      ),
    ];
    const printed = tsift(["graph", handleOf.get(id), "--callers", "--limit", "0", "--json"]);
    const got =
      printed.status === 0
        ? [
            ...new Set(
              JSON.parse(printed.stdout)
                .callers.map((edge) => `${edge.caller_file}:${edge.call_site_line}`)
                .sort(),
            ),
          ]
        : null;
    checked++;
    if (JSON.stringify(got) !== JSON.stringify(expected)) {
      mismatched++;
      log(`graph --callers differs for ${handleOf.get(id)}`);
    }
  }
  db.close();
  mismatchedTotal += mismatched;
  total = total
    ? { overall: add(total.overall, result.overall), methods: add(total.methods, result.methods) }
    : { overall: result.overall, methods: result.methods };
  results.push({
    corpus,
    indexedFiles: indexedFiles.size,
    indexMs,
    oracleMs,
    sites: sites.length,
    unresolved,
    result,
    byResolution,
    checked,
    mismatched,
    index,
  });
  details[corpus.name] = {
    overall: result.overall,
    methods: result.methods,
    unmapped: result.unmapped,
    byResolution,
    cliSample: { checked, mismatched },
    falsePositives: result.falsePositives,
    misses: result.misses,
  };
}

const markdown = [
  `Oracle: jedi ${jediVersion} on python ${pythonVersion} (${PYTHON}); machine: ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}.`,
  "",
  "| Corpus | Edges | tsift reported | correct | precision | oracle edges | found | recall |",
  "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  ...results.flatMap(({ corpus, result }) => [row(`${corpus.name} | all`, result.overall), row(`${corpus.name} | methods`, result.methods)]),
  ...(results.length > 1 ? [row("both | all", total.overall), row("both | methods", total.methods)] : []),
  "",
  ...results.flatMap(({ corpus, indexedFiles, indexMs, oracleMs, sites, unresolved, result, byResolution, checked, mismatched, index }) => [
    `**${corpus.name}** — ${corpus.origin}: ${indexedFiles} files with calls; index ${(indexMs / 1000).toFixed(1)} s, oracle ${(oracleMs / 1000).toFixed(1)} s;`,
    `${sites} call sites (${unresolved} jedi could not resolve, left out; ${result.unmapped} whose targets have no index symbol: parameters, locals).`,
    `tsift edges by resolution: ${Object.entries(byResolution)
      .sort((a, b) => b[1] - a[1])
      .map(([name, count]) => `${name} ${count}`)
      .join(", ")}. \`tsift graph <gsym> --callers --json\` matched the scored edges for ${checked - mismatched} of ${checked} sampled symbols.`,
    `Method misses (${result.methods.expected - result.methods.found}) by what the index has at the site: ${methodMissCategories(index, result.misses)
      .slice(0, 6)
      .map(([category, count]) => `${category}: ${count}`)
      .join("; ")}.`,
    "",
  ]),
].join("\n");
process.stdout.write(`${markdown}\n`);
if (values.out) {
  writeFileSync(values.out, JSON.stringify(details, null, 1));
  log(`details in ${values.out}`);
}
if (mismatchedTotal > 0) process.exitCode = 1;
