#!/usr/bin/env node
/**
 * Extraction throughput against the raw tree-sitter parse, per language, in CPU time:
 *
 *   node --expose-gc tools/bench/extract-throughput/run.mjs [--mib 2] [--runs 3] [--lang python ...]
 *                    [--graph <module> ...] [--json out.json]
 *
 * For each language, a fixed sample of real files (at most `--mib` MiB, files picked by a
 * hash of their path so the sample spreads over the corpus and is the same on every run) is
 * read into memory; then each pass times every file's `parseSource` (parse only) and every
 * file's `extractFile` (parse + walk + rules + doc comments + chunks), summing
 * `process.cpuUsage()` (user + system) around each call. Every 16 files, outside the clock,
 * a minor GC runs and the event loop turns, so node-tree-sitter's finalizers free the native
 * trees of earlier files. Each figure is the lowest of `--runs` passes (the machine may be
 * shared; the lowest is the least disturbed).
 *
 * `ratio` is parse CPU ÷ parse-and-extract CPU: the share of the raw parse rate extraction
 * keeps (1.0 would be a free walk).
 *
 * `--graph` names the module to load (default: the built `@tsift/graph`); give it several
 * times to compare builds in one process, their passes taking turns so load changes hit both,
 * after checking that every build extracts exactly the same result from every file
 * (e.g. bundles of two source trees: `npx esbuild packages/graph/src/index.ts --bundle
 * --platform=node --format=esm --conditions=@tsift/source --packages=external`, written under
 * node_modules/.cache so the grammar packages resolve).
 *
 * Corpora are not committed; the defaults are the paths where the benchmark machine keeps
 * them, and a missing one is reported and skipped.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    mib: { type: "string", default: "2" },
    runs: { type: "string", default: "3" },
    lang: { type: "string", multiple: true },
    graph: { type: "string", multiple: true },
    json: { type: "string" },
  },
});
const budgetBytes = Number(values.mib) * 1024 * 1024;
const runs = Number(values.runs);
// Bigger files are past the indexer's default size limit or generated.
const MAX_FILE_BYTES = 512 * 1024;

const goSource = ["/usr/lib/go", "/usr/share/go", "/usr/lib/go-1.19", "/usr/share/go-1.19", "/usr/lib/go-1.22", "/usr/share/go-1.22"]
  .map((root) => join(root, "src"))
  .filter((dir) => statOrNull(dir)?.isDirectory())
  .slice(0, 1);

/** Language → where its files come from; a file counts when its path maps to that language. */
const CORPORA = {
  typescript: ["/tmp/corpora/node_modules/rxjs/src", "/tmp/corpora/node_modules/effect/src"],
  javascript: ["/tmp/corpora/node_modules/rxjs/dist/esm", "/tmp/corpora/node_modules/effect/dist"],
  python: ["/root/.pyenv/versions/3.11.7/lib/python3.11"],
  ruby: ["/usr/lib/ruby/3.1.0"],
  java: ["/tmp/corpora/jdk"],
  go: goSource,
  c: ["/tmp/corpora/linux-source-6.1/lib"],
  csharp: ["/tmp/corpora/csharp"],
};

function statOrNull(path) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

function* filesUnder(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      yield* filesUnder(path);
    } else if (entry.isFile()) yield path;
  }
}

/** FNV-1a of the path: a stable order that spreads the sample over the corpus. */
function pathHash(path) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

function sample(lang, roots, langFromPath) {
  const candidates = [];
  for (const root of roots) for (const path of filesUnder(root)) if (langFromPath(path) === lang) candidates.push(path);
  candidates.sort((a, b) => pathHash(a) - pathHash(b) || (a < b ? -1 : a > b ? 1 : 0));
  const inputs = [];
  let bytes = 0;
  for (const path of candidates) {
    if (bytes >= budgetBytes) break;
    const size = statSync(path).size;
    if (size === 0 || size > MAX_FILE_BYTES) continue;
    const text = readFileSync(path, "utf8");
    // Minified bundles say nothing about source code.
    if (text.length / (text.split("\n").length || 1) > 400) continue;
    inputs.push({ path, text });
    bytes += size;
  }
  return { inputs, bytes };
}

const release = async () => {
  globalThis.gc?.({ type: "minor" });
  await new Promise((resolve) => setImmediate(resolve));
};

/** CPU microseconds (user + system) of `fn` on every input, outside-the-clock GC every 16 files. */
async function pass(inputs, lang, fn) {
  let micros = 0;
  for (let i = 0; i < inputs.length; i++) {
    const started = process.cpuUsage();
    fn(lang, inputs[i].text);
    const spent = process.cpuUsage(started);
    micros += spent.user + spent.system;
    if (i % 16 === 15) await release();
  }
  await release();
  return micros;
}

const graphSpecs = values.graph ?? ["@tsift/graph"];
const graphs = [];
for (const spec of graphSpecs) {
  // A file that exists is a path; anything else a package name.
  const url = statOrNull(spec)?.isFile() ? pathToFileURL(resolve(spec)).href : spec;
  graphs.push({ label: spec, module: await import(url) });
}
const { langFromPath } = graphs[0].module;

const langs = values.lang ?? Object.keys(CORPORA);
const results = [];
const sameness = [];
const mib = (bytes) => bytes / (1024 * 1024);
process.stderr.write(
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}, ${cpus().length} CPUs, node ${process.version}\n`,
);
for (const lang of langs) {
  const roots = CORPORA[lang];
  if (!roots) throw new Error(`no corpus for ${lang}; known: ${Object.keys(CORPORA).join(", ")}`);
  const { inputs, bytes } = sample(lang, roots, langFromPath);
  if (inputs.length === 0) {
    process.stderr.write(`${lang}: no files under ${roots.join(", ") || "(no directory found)"}, skipped\n`);
    continue;
  }
  // Grammar loading and the first compilations stay off the clock. Builds compared side by
  // side must extract the same thing from every file: a faster build that differs is no gain.
  if (graphs.length > 1) {
    let differing = 0;
    for (const input of inputs) {
      const [first, ...others] = graphs.map(({ module }) => JSON.stringify(module.extractFile(lang, input.text)));
      if (others.some((other) => other !== first)) {
        differing++;
        if (differing <= 3) process.stderr.write(`${lang}: the builds extract ${input.path} differently\n`);
      }
    }
    if (differing > 0) sameness.push(`${lang}: ${differing} of ${inputs.length} files differ`);
  } else for (const input of inputs.slice(0, 8)) graphs[0].module.extractFile(lang, input.text);
  const best = graphs.map(() => ({ parse: Infinity, extract: Infinity }));
  for (let run = 0; run < runs; run++) {
    for (let g = 0; g < graphs.length; g++) {
      const { parseSource, extractFile } = graphs[g].module;
      best[g].parse = Math.min(best[g].parse, await pass(inputs, lang, parseSource));
      best[g].extract = Math.min(best[g].extract, await pass(inputs, lang, extractFile));
    }
  }
  for (let g = 0; g < graphs.length; g++) {
    const { parse, extract } = best[g];
    const row = {
      lang,
      graph: graphs[g].label,
      files: inputs.length,
      bytes,
      parseCpuMs: parse / 1000,
      extractCpuMs: extract / 1000,
      parseMiBps: mib(bytes) / (parse / 1e6),
      extractMiBps: mib(bytes) / (extract / 1e6),
      ratio: parse / extract,
    };
    results.push(row);
    process.stderr.write(
      `${lang.padEnd(10)} ${graphs.length > 1 ? `${row.graph}  ` : ""}${row.files} files ${mib(bytes).toFixed(2)} MiB  ` +
        `parse ${row.parseCpuMs.toFixed(0)} ms (${row.parseMiBps.toFixed(2)} MiB/s)  ` +
        `parse+extract ${row.extractCpuMs.toFixed(0)} ms (${row.extractMiBps.toFixed(2)} MiB/s)  ratio ${row.ratio.toFixed(2)}\n`,
    );
  }
}

const header = [
  "language",
  ...(graphs.length > 1 ? ["build"] : []),
  "files",
  "MiB",
  "parse CPU (ms)",
  "parse MiB/s",
  "parse+extract CPU (ms)",
  "parse+extract MiB/s",
  "ratio",
];
const lines = [`| ${header.join(" | ")} |`, `|${header.map((_, i) => (i === 0 || (graphs.length > 1 && i === 1) ? "---" : "---:")).join("|")}|`];
for (const row of results) {
  const cells = [
    row.lang,
    ...(graphs.length > 1 ? [row.graph] : []),
    row.files,
    mib(row.bytes).toFixed(2),
    row.parseCpuMs.toFixed(0),
    row.parseMiBps.toFixed(2),
    row.extractCpuMs.toFixed(0),
    row.extractMiBps.toFixed(2),
    row.ratio.toFixed(2),
  ];
  lines.push(`| ${cells.join(" | ")} |`);
}
process.stdout.write(`${lines.join("\n")}\n`);
if (graphs.length > 1)
  process.stderr.write(sameness.length > 0 ? `DIFFERENT OUTPUT: ${sameness.join("; ")}\n` : "same output from every build on every file\n");
if (values.json) writeFileSync(values.json, `${JSON.stringify({ date: new Date().toISOString(), loadavg: loadavg(), results, sameness }, null, 2)}\n`);
if (sameness.length > 0) process.exitCode = 1;
