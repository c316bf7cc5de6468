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
 * Each run measures in a child process per build. `--graph` names the module to load
 * (default: the built `@tsift/graph`); give it several times to compare builds, their runs
 * taking turns so load changes hit all of them, with a check that every build extracts exactly
 * the same result from every file (a digest per language; the exit code is 1 when they
 * differ). Builds to compare can be bundles of two source trees: `npx esbuild
 * packages/graph/src/index.ts --bundle --platform=node --format=esm
 * --conditions=@tsift/source --packages=external --outfile=node_modules/.cache/<name>/graph.mjs`
 * (under node_modules, so the grammar packages resolve).
 *
 * Corpora are not committed; the defaults are the paths where the benchmark machine keeps
 * them, and a missing one is reported and skipped.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    mib: { type: "string", default: "2" },
    runs: { type: "string", default: "3" },
    lang: { type: "string", multiple: true },
    graph: { type: "string", multiple: true },
    json: { type: "string" },
    child: { type: "string" },
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
const langs = values.lang ?? Object.keys(CORPORA);
const mib = (bytes) => bytes / (1024 * 1024);

if (values.child) await measureChild(graphSpecs[0]);
else await compare();

/**
 * One build, one process (builds must not share one: each installs its own node classes on
 * the grammars, which the binding keeps process-wide): `runs` passes per language, the lowest
 * CPU kept, and a digest of every file's extraction.
 */
async function measureChild(spec) {
  // A file that exists is a path; anything else a package name.
  const url = statOrNull(spec)?.isFile() ? pathToFileURL(resolve(spec)).href : spec;
  const { extractFile, langFromPath, parseSource } = await import(url);
  const rows = [];
  for (const lang of langs) {
    const roots = CORPORA[lang];
    if (!roots) throw new Error(`no corpus for ${lang}; known: ${Object.keys(CORPORA).join(", ")}`);
    const { inputs, bytes } = sample(lang, roots, langFromPath);
    if (inputs.length === 0) {
      process.stderr.write(`${lang}: no files under ${roots.join(", ") || "(no directory found)"}, skipped\n`);
      continue;
    }
    // Grammar loading and the first compilations stay off the clock; the digest proves that
    // builds compared side by side extract the same thing from every file.
    const digest = createHash("sha256");
    for (const input of inputs) digest.update(`${input.path}\0${JSON.stringify(extractFile(lang, input.text))}\0`);
    let parse = Infinity;
    let extract = Infinity;
    for (let run = 0; run < runs; run++) {
      parse = Math.min(parse, await pass(inputs, lang, parseSource));
      extract = Math.min(extract, await pass(inputs, lang, extractFile));
    }
    rows.push({ lang, files: inputs.length, bytes, parse, extract, digest: digest.digest("hex") });
  }
  writeFileSync(values.child, JSON.stringify(rows));
}

/** Every build in its own child processes, taking turns run by run so load changes hit all. */
async function compare() {
  process.stderr.write(
    `load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}, ${cpus().length} CPUs, node ${process.version}\n`,
  );
  const scratch = mkdtempSync(join(tmpdir(), "extract-throughput-"));
  const script = fileURLToPath(import.meta.url);
  const best = new Map();
  const digests = new Map();
  try {
    for (let run = 0; run < runs; run++) {
      for (const spec of graphSpecs) {
        const out = join(scratch, "rows.json");
        const args = ["--expose-gc", script, "--child", out, "--graph", spec, "--runs", "1", "--mib", String(values.mib)];
        for (const lang of langs) args.push("--lang", lang);
        execFileSync(process.execPath, args, { stdio: ["ignore", "ignore", run === 0 && spec === graphSpecs[0] ? "inherit" : "ignore"] });
        for (const row of JSON.parse(readFileSync(out, "utf8"))) {
          const key = `${row.lang}\0${spec}`;
          const kept = best.get(key);
          best.set(key, kept ? { ...kept, parse: Math.min(kept.parse, row.parse), extract: Math.min(kept.extract, row.extract) } : row);
          if (!digests.has(row.lang)) digests.set(row.lang, new Map());
          digests.get(row.lang).set(spec, row.digest);
        }
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const results = [];
  for (const lang of langs) {
    for (const spec of graphSpecs) {
      const row = best.get(`${lang}\0${spec}`);
      if (!row) continue;
      results.push({
        lang,
        graph: spec,
        files: row.files,
        bytes: row.bytes,
        parseCpuMs: row.parse / 1000,
        extractCpuMs: row.extract / 1000,
        parseMiBps: mib(row.bytes) / (row.parse / 1e6),
        extractMiBps: mib(row.bytes) / (row.extract / 1e6),
        ratio: row.parse / row.extract,
      });
    }
  }
  const several = graphSpecs.length > 1;
  const differing = [...digests].filter(([, bySpec]) => new Set(bySpec.values()).size > 1).map(([lang]) => lang);
  const header = [
    "language",
    ...(several ? ["build"] : []),
    "files",
    "MiB",
    "parse CPU (ms)",
    "parse MiB/s",
    "parse+extract CPU (ms)",
    "parse+extract MiB/s",
    "ratio",
  ];
  const lines = [`| ${header.join(" | ")} |`, `|${header.map((_, i) => (i === 0 || (several && i === 1) ? "---" : "---:")).join("|")}|`];
  for (const row of results) {
    const cells = [
      row.lang,
      ...(several ? [row.graph] : []),
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
  if (several) process.stderr.write(differing.length > 0 ? `DIFFERENT OUTPUT for ${differing.join(", ")}\n` : "same output from every build on every file\n");
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ date: new Date().toISOString(), loadavg: loadavg(), results, differing }, null, 2)}\n`);
  if (differing.length > 0) process.exitCode = 1;
}
