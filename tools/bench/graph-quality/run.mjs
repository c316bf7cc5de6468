#!/usr/bin/env node
/**
 * Call-graph quality (issue 5, item 5): `tsift graph --callers` for every function and
 * method of a real TypeScript code base against the call graph the TypeScript compiler's
 * type checker resolves. A corpus is a package's shipped TypeScript sources (`--corpus`:
 * effect@4.1.0 `src/`, rxjs@7.8.2 `src/`, @tanstack/query-core@5.108.0 `src/`), installed
 * from the npm registry into a scratch prefix (never into this repository):
 *
 *   NX_DAEMON=false npx nx run-many -t build --outputStyle=static
 *   node tools/bench/graph-quality/run.mjs [--corpus effect|rxjs|query-core] [--prefix /tmp/tsift-<corpus>] [--scratch /tmp/tsift-graph-quality] [--out results.json] [--oracle-cache file.json]
 *
 * `--resolve checker` indexes with `tsift index --resolve checker` as a second run (the
 * repository's typescript linked into the scratch directory's node_modules stands in for the
 * project's) and reports that run's wall time, CPU time and peak RSS.
 *
 * `--oracle-cache` keeps the oracle's call sites (they depend only on the corpus and the
 * TypeScript version): a second run reads them instead of type-checking again.
 *
 * Steps: npm install (once), a fresh copy of src/, `tsift index` through the built CLI,
 * the oracle (oracle.mjs: one ts.Program, every call and `new` expression), the
 * comparison (compare.mjs: precision/recall over (call site, target) edges, overall and on
 * methods), and a check that `tsift graph <gsym> --callers --json` prints exactly the
 * edges scored, for a deterministic sample of symbols. Markdown goes to stdout, progress
 * to stderr, every false positive and miss to --out.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { compareCallers, loadIndex, methodMissCategories } from "./compare.mjs";
import { oracleCallSites } from "./oracle.mjs";

// Every tsift this script starts runs in-process: a daemon left running (of another build,
// perhaps) would otherwise answer its read commands.
process.env.TSIFT_NO_DAEMON = "1";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, "../../..");
/** The corpora: an npm package and the directory of it holding its TypeScript sources. */
const CORPORA = {
  effect: { name: "effect", version: "4.1.0", sources: "src" },
  rxjs: { name: "rxjs", version: "7.8.2", sources: "src" },
  "query-core": { name: "@tanstack/query-core", version: "5.108.0", sources: "src" },
};
const { values } = parseArgs({
  options: {
    corpus: { type: "string", default: "effect" },
    resolve: { type: "string", default: "declarations" },
    prefix: { type: "string" },
    "oracle-cache": { type: "string" },
    scratch: { type: "string", default: "/tmp/tsift-graph-quality" },
    out: { type: "string" },
    sample: { type: "string", default: "40" },
    "tsift-bin": { type: "string", default: join(REPO, "packages/cli/dist/bin.js") },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  process.stdout.write(
    `usage: node tools/bench/graph-quality/run.mjs [--corpus ${Object.keys(CORPORA).join("|")}] [--resolve declarations|checker] [--prefix DIR] [--scratch DIR] [--out file.json] [--oracle-cache file.json] [--sample 40] [--tsift-bin PATH]\n`,
  );
  process.exit(0);
}
if (!["declarations", "checker"].includes(values.resolve)) throw new Error("--resolve must be declarations or checker");
const spec = CORPORA[values.corpus];
if (!spec) throw new Error(`--corpus must be one of ${Object.keys(CORPORA).join(", ")}`);
values.prefix ??= `/tmp/tsift-${values.corpus}`;
const log = (message) => process.stderr.write(`[graph-quality] ${message}\n`);
const require = createRequire(join(REPO, "package.json"));
const Database = require("better-sqlite3");
const tsiftBin = resolve(values["tsift-bin"]);
if (!existsSync(tsiftBin)) throw new Error(`${tsiftBin} does not exist: build first (NX_DAEMON=false npx nx run-many -t build)`);
for (const dir of [values.prefix, values.scratch]) {
  const absolute = resolve(dir);
  if (absolute === REPO || absolute.startsWith(`${REPO}/`)) throw new Error(`${dir} must lie outside the repository`);
}

// 1. The corpus, from the npm registry.
const packageDir = join(values.prefix, "node_modules", spec.name);
const installed = existsSync(join(packageDir, "package.json")) ? JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")).version : null;
if (installed !== spec.version) {
  log(`npm install ${spec.name}@${spec.version} --prefix ${values.prefix} --ignore-scripts`);
  mkdirSync(values.prefix, { recursive: true });
  execFileSync("npm", ["install", `${spec.name}@${spec.version}`, "--prefix", values.prefix, "--ignore-scripts", "--no-audit", "--no-fund"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}
const corpus = join(values.scratch, `${values.corpus}-${spec.sources}`);
rmSync(corpus, { recursive: true, force: true });
mkdirSync(values.scratch, { recursive: true });
cpSync(join(packageDir, spec.sources), corpus, { recursive: true });

// 2. tsift's index.
const tsift = (argv) => spawnSync(process.execPath, [tsiftBin, ...argv], { cwd: corpus, encoding: "utf8", maxBuffer: 1 << 28 });
let started = performance.now();
const indexed = tsift(["index", "-q"]);
if (indexed.status !== 0) throw new Error(`tsift index failed: ${indexed.stderr}`);
const indexMs = performance.now() - started;
log(`indexed in ${(indexMs / 1000).toFixed(1)} s`);
let checkerRun = null;
if (values.resolve === "checker") {
  const linked = join(values.scratch, "node_modules", "typescript");
  rmSync(linked, { recursive: true, force: true });
  mkdirSync(dirname(linked), { recursive: true });
  symlinkSync(dirname(require.resolve("typescript/package.json")), linked, "dir");
  // GNU time reports the child's CPU seconds and peak RSS; without it, wall time only.
  const timed = existsSync("/usr/bin/time");
  const report = join(values.scratch, "checker-time.txt");
  started = performance.now();
  const argv = [tsiftBin, "index", "--resolve", "checker", "--json"];
  const run = timed
    ? spawnSync("/usr/bin/time", ["-f", "%U %S %M", "-o", report, process.execPath, ...argv], { cwd: corpus, encoding: "utf8", maxBuffer: 1 << 28 })
    : spawnSync(process.execPath, argv, { cwd: corpus, encoding: "utf8", maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`tsift index --resolve checker failed: ${run.stderr}`);
  const [user, system, rssKb] = timed ? readFileSync(report, "utf8").trim().split("\n").pop().split(" ").map(Number) : [];
  checkerRun = {
    ms: performance.now() - started,
    cpuS: timed ? user + system : null,
    rssMb: timed ? rssKb / 1024 : null,
    report: JSON.parse(run.stdout).checker,
  };
  log(`checker pass in ${(checkerRun.ms / 1000).toFixed(1)} s`);
}
const index = loadIndex(Database, join(corpus, ".tsift", "index.db"));
const indexedFiles = new Set(index.calls.map((call) => call.file));

// 3. The oracle: the TypeScript checker.
const typescript = require.resolve("typescript");
const tsVersion = require("typescript/package.json").version;
started = performance.now();
const cacheKey = `${spec.name}@${spec.version} ${tsVersion}`;
const cached = values["oracle-cache"] && existsSync(values["oracle-cache"]) ? JSON.parse(readFileSync(values["oracle-cache"], "utf8")) : null;
// The cache holds every file's sites: which files have calls indexed is the index's answer, not the oracle's.
const oracle = cached?.key === cacheKey ? cached.oracle : oracleCallSites(corpus, { typescript });
oracle.sites = oracle.sites.filter((site) => indexedFiles.has(site.file));
if (values["oracle-cache"] && cached?.key !== cacheKey) writeFileSync(values["oracle-cache"], JSON.stringify({ key: cacheKey, oracle }));
log(
  `oracle: ${oracle.sites.length} call sites in ${((performance.now() - started) / 1000).toFixed(1)} s (TypeScript ${tsVersion}${cached?.key === cacheKey ? ", cached" : ""})`,
);

// 4. The comparison, and where each reported edge came from.
const result = compareCallers(index, oracle.sites, { files: indexedFiles });
const byResolution = {};
for (const call of index.calls) if (call.resolved_symbol_id !== null) byResolution[call.resolution] = (byResolution[call.resolution] ?? 0) + 1;

// 5. `tsift graph --callers` prints exactly these edges (a deterministic sample of called symbols).
const symbols = new Map(index.symbols.map((symbol) => [symbol.id, symbol]));
const db = new Database(join(corpus, ".tsift", "index.db"), { readonly: true });
const handleOf = db.prepare("SELECT handle FROM symbols WHERE id = ?").pluck();
const called = [...new Set(index.calls.filter((call) => call.resolved_symbol_id !== null).map((call) => call.resolved_symbol_id))].sort((a, b) => a - b);
const step = Math.max(1, Math.floor(called.length / Number(values.sample)));
let checked = 0;
let mismatched = 0;
for (let i = 0; i < called.length && checked < Number(values.sample); i += step) {
  const id = called[i];
  const expected = index.calls
    .filter((call) => call.resolved_symbol_id === id)
    .map((call) => `${call.file}:${call.line}`)
    .sort();
  const printed = tsift(["graph", handleOf.get(id), "--callers", "--limit", "0", "--json"]);
  const got =
    printed.status === 0
      ? JSON.parse(printed.stdout)
          .callers.map((edge) => `${edge.caller_file}:${edge.call_site_line}`)
          .sort()
      : null;
  checked++;
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    mismatched++;
    log(`graph --callers differs for ${symbols.get(id).qualified_name}`);
  }
}
db.close();

const pct = (value) => value.toFixed(3);
const row = (label, bucket) =>
  `| ${label} | ${bucket.reported} | ${bucket.correct} | ${pct(bucket.precision)} | ${bucket.expected} | ${bucket.found} | ${pct(bucket.recall)} |`;
const checkerLines = checkerRun
  ? [
      "",
      `Checker pass (\`tsift index --resolve checker\`, after the plain index): ${(checkerRun.ms / 1000).toFixed(1)} s wall` +
        (checkerRun.cpuS === null ? "" : `, ${checkerRun.cpuS.toFixed(1)} s CPU, peak RSS ${Math.round(checkerRun.rssMb)} MB`) +
        `; ${checkerRun.report.files_checked} files checked, ${checkerRun.report.calls_checked} calls: ${checkerRun.report.bound} bound, ${checkerRun.report.confirmed} declaration bindings confirmed, ${checkerRun.report.overturned} overturned.`,
    ]
  : [];
// A miss whose oracle target lies outside every index symbol's span was mapped by name to a
// later symbol (compare.mjs's overload fallback): a parameter's or type literal's member.
const spans = new Map(index.symbols.map((symbol) => [symbol.id, symbol]));
const sitesAt = new Map();
for (const site of oracle.sites) {
  const key = `${site.file}\0${site.line}`;
  sitesAt.set(key, [...(sitesAt.get(key) ?? []), ...(site.targets ?? [])]);
}
const pastSpan = result.misses.filter((miss) => {
  const symbol = spans.get(miss.target.id) ?? miss.target;
  const targets = sitesAt.get(`${miss.file}\0${miss.line}`) ?? [];
  return !targets.some((target) => target.file === symbol.file && target.name === symbol.name && symbol.line <= target.line && symbol.end_line >= target.line);
}).length;
const markdown = [
  `Corpus: ${spec.name}@${spec.version} \`${spec.sources}/\` (${oracle.stats.files} .ts files; ${indexedFiles.size} with calls indexed), oracle TypeScript ${tsVersion},`,
  `machine: ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}. Index ${(indexMs / 1000).toFixed(1)} s; oracle ${((oracle.stats.program_ms + oracle.stats.check_ms) / 1000).toFixed(1)} s.`,
  "",
  "| Edges | tsift reported | correct | precision | oracle edges | found | recall |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  row("all functions and methods", result.overall),
  row("methods", result.methods),
  ...checkerLines,
  "",
  `Oracle call sites: ${oracle.sites.length} (${oracle.stats.unresolved} the checker could not resolve, left out); targets with no index symbol (parameters, locals): ${result.unmapped} sites.`,
  `tsift edges by resolution: ${Object.entries(byResolution)
    .sort((a, b) => b[1] - a[1])
    .map(([name, count]) => `${name} ${count}`)
    .join(", ")}.`,
  `\`tsift graph <gsym> --callers --json\` matched the scored edges for ${checked - mismatched} of ${checked} sampled symbols.`,
  `Misses whose oracle target lies outside the mapped symbol's lines (mapped by name to a later symbol of that name: an overload signature, or a parameter's or type literal's member): ${pastSpan} of ${result.misses.length}.`,
  "",
  `Method misses (${result.methods.expected - result.methods.found}) by what the index has at the site:`,
  ...methodMissCategories(index, result.misses)
    .slice(0, 8)
    .map(([category, count]) => `- ${category}: ${count}`),
].join("\n");
process.stdout.write(`${markdown}\n`);
if (values.out) {
  writeFileSync(
    values.out,
    JSON.stringify(
      {
        overall: result.overall,
        methods: result.methods,
        unmapped: result.unmapped,
        byResolution,
        ...(checkerRun ? { checker: checkerRun } : {}),
        cliSample: { checked, mismatched },
        falsePositives: result.falsePositives,
        misses: result.misses,
      },
      null,
      1,
    ),
  );
  log(`details in ${values.out}`);
}
if (mismatched > 0) process.exitCode = 1;
