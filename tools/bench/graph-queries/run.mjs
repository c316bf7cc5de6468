#!/usr/bin/env node
/**
 * Graph query latency (issue 5, item 6): `tsift graph`, `explain`, `path`, `symbols` and
 * `communities` as whole CLI processes on the index of effect@4.1.0's `src/`, against
 * `node -e 0` in the same run (process start alone), cases interleaved so machine load
 * hits each alike. `communities` is measured cold (no community cache: Louvain runs) and
 * cached. Build tsift first:
 *
 *   NX_DAEMON=false npx nx run-many -t build --outputStyle=static
 *   node tools/bench/graph-queries/run.mjs [--prefix /tmp/tsift-effect] [--scratch /tmp/tsift-graph-queries] [--runs 15] [--out samples.json]
 *
 * The queried symbols are picked from the index, deterministically: the symbol with the
 * most resolved callers (graph, explain, path start) and the 50th most called (path end).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

// Every tsift this script starts runs in-process: a daemon left running (of another build,
// perhaps) would otherwise answer its read commands.
process.env.TSIFT_NO_DAEMON = "1";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, "../../..");
const EFFECT_VERSION = "4.1.0";
const { values } = parseArgs({
  options: {
    prefix: { type: "string", default: "/tmp/tsift-effect" },
    scratch: { type: "string", default: "/tmp/tsift-graph-queries" },
    runs: { type: "string", default: "15" },
    out: { type: "string" },
    "tsift-bin": { type: "string", default: join(REPO, "packages/cli/dist/bin.js") },
  },
});
const log = (message) => process.stderr.write(`[graph-queries] ${message}\n`);
const runs = Number(values.runs);
const tsiftBin = resolve(values["tsift-bin"]);
if (!existsSync(tsiftBin)) throw new Error(`${tsiftBin} does not exist: build first`);

const packageDir = join(values.prefix, "node_modules", "effect");
const installed = existsSync(join(packageDir, "package.json")) ? JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")).version : null;
if (installed !== EFFECT_VERSION) {
  log(`npm install effect@${EFFECT_VERSION} --prefix ${values.prefix} --ignore-scripts`);
  mkdirSync(values.prefix, { recursive: true });
  execFileSync("npm", ["install", `effect@${EFFECT_VERSION}`, "--prefix", values.prefix, "--ignore-scripts", "--no-audit", "--no-fund"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}
const corpus = join(values.scratch, "effect-src");
rmSync(corpus, { recursive: true, force: true });
mkdirSync(values.scratch, { recursive: true });
cpSync(join(packageDir, "src"), corpus, { recursive: true });
const tsift = (argv) => spawnSync(process.execPath, [tsiftBin, ...argv], { cwd: corpus, encoding: "utf8", maxBuffer: 1 << 28 });
if (tsift(["index", "-q"]).status !== 0) throw new Error("tsift index failed");

const Database = createRequire(join(REPO, "package.json"))("better-sqlite3");
const db = new Database(join(corpus, ".tsift", "index.db"), { readonly: true });
const ranked = db
  .prepare("SELECT s.handle, s.qualified_name FROM calls c JOIN symbols s ON s.id = c.resolved_symbol_id GROUP BY s.id ORDER BY count(*) DESC, s.id LIMIT 50")
  .all();
db.close();
const [top, , , , , , , , , nameSource] = ranked;
const far = ranked[49];
log(`graph/explain: ${top.qualified_name} (${top.handle}); path to ${far.qualified_name}; symbols: ${nameSource.qualified_name.split(".").pop()}`);

const CACHE = join(corpus, ".tsift", "community-cache");
const cases = {
  "node -e 0 (baseline)": { argv: ["-e", "0"], node: true },
  graph: { argv: ["graph", top.handle] },
  "explain (cached community)": { argv: ["explain", top.handle], warm: true },
  path: { argv: ["path", top.handle, far.handle] },
  symbols: { argv: ["symbols", nameSource.qualified_name.split(".").pop()] },
  "communities (cached)": { argv: ["communities"], warm: true },
  "communities (cold)": { argv: ["communities"], cold: true },
};
const samples = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
const loadStart = loadavg()[0];
let warm = false;
for (let run = 0; run < runs; run++) {
  for (const [name, spec] of Object.entries(cases)) {
    if (spec.cold) {
      rmSync(CACHE, { recursive: true, force: true });
      warm = false;
    }
    // `explain` caches both the partition and the PageRank ranking; cold `communities` only the partition.
    if (spec.warm && !warm) {
      tsift(["explain", top.handle]);
      warm = true;
    }
    const started = performance.now();
    const result = spec.node ? spawnSync(process.execPath, spec.argv) : tsift(spec.argv);
    samples[name].push(performance.now() - started);
    if (result.status !== 0) throw new Error(`${name} exited ${result.status}: ${result.stderr}`);
  }
}
const sorted = (list) => [...list].sort((a, b) => a - b);
const median = (list) => sorted(list)[Math.floor(list.length / 2)];
const lines = [
  `Corpus: effect@${EFFECT_VERSION} \`src/\` indexed by tsift; ${runs} runs per case, interleaved; machine ${cpus().length} cores, load ${loadStart.toFixed(1)} → ${loadavg()[0].toFixed(1)}.`,
  "",
  "| case | min ms | median ms | over `node -e 0` (median) |",
  "| --- | ---: | ---: | ---: |",
];
const base = median(samples["node -e 0 (baseline)"]);
for (const [name, list] of Object.entries(samples)) {
  lines.push(
    `| ${name} | ${sorted(list)[0].toFixed(1)} | ${median(list).toFixed(1)} | ${name.startsWith("node") ? "–" : `+${(median(list) - base).toFixed(1)}`} |`,
  );
}
process.stdout.write(`${lines.join("\n")}\n`);
if (values.out) writeFileSync(values.out, JSON.stringify({ symbols: { top, far }, samples }, null, 1));
