/**
 * Ruby declarations: tsift's extraction against Ruby's own parser (Ripper), and tsift's
 * extraction throughput against tree-sitter's raw parse on the same files.
 *
 *   npm run build -w @tsift/graph   # the oracle reads the built @tsift/graph
 *   node tools/bench/oracles/ruby/ruby-symbols.mjs [corpus dir] [--rounds N] [--show N]
 *
 * The corpus defaults to /usr/lib/ruby/3.1.0 (the standard library of Debian's ruby).
 * declarations.rb (beside this file, run with `ruby`) lists each file's declarations from
 * Ripper; this script extracts the same files with @tsift/graph and compares (file, kind,
 * name, line) sets: precision is the share of tsift's declarations Ripper also lists, recall
 * the share of Ripper's that tsift lists. tsift's symbols are compared under Ripper's kinds:
 * module and class (declared with the keyword), method, singleton_method (a signature
 * `def self.x` / `def obj.x`, which tsift also gives the `def`s of `class << self`),
 * constant (const, alias, and the classes and modules `X = Struct.new(…)`-style
 * assignments declare) and attribute (property). Files Ripper rejects are left out of both.
 *
 * Throughput: each round parses every file with tree-sitter (`parseSource`) and extracts
 * every file (`extractFile`: parse, walk, doc comments, chunks), timed in CPU seconds; the
 * median round of each is reported, and extraction's share of the raw parse rate (target: at
 * least 0.5).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const corpus = args.find((arg, i) => !arg.startsWith("--") && !args[i - 1]?.startsWith("--")) ?? "/usr/lib/ruby/3.1.0";
const rounds = option("--rounds", 5);
const show = option("--show", 15);
// A development build can be pointed at instead of the installed package.
const graph = await import(process.env.TSIFT_GRAPH_MODULE ?? "@tsift/graph");

const KINDS = ["module", "class", "method", "singleton_method", "constant", "attribute"];
const SINGLETON = /^def\s+[^\s(]+(?:\.|::)/u;

/** A tsift symbol under Ripper's kinds (see above); null for kinds Ripper does not declare. */
function rippersKind(symbol) {
  switch (symbol.kind) {
    case "module":
      return symbol.signature.startsWith("module") ? "module" : "constant";
    case "class":
      return symbol.signature.startsWith("class") ? "class" : "constant";
    case "const":
    case "alias":
      return "constant";
    case "method":
    case "constructor":
    case "function":
      return SINGLETON.test(symbol.signature) ? "singleton_method" : "method";
    case "property":
      return "attribute";
    default:
      return null;
  }
}

function rubyFiles(dir) {
  const found = [];
  const visit = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile() && entry.name.endsWith(".rb")) found.push(full);
    }
  };
  visit(dir);
  return found;
}

const files = rubyFiles(corpus);
const oracleScript = fileURLToPath(new URL("./declarations.rb", import.meta.url));
const run = spawnSync("ruby", [oracleScript], { input: files.join("\n"), maxBuffer: 1 << 30, encoding: "utf8" });
if (run.status !== 0) throw new Error(`ruby ${oracleScript} failed: ${run.stderr || run.error?.message}`);
const oracleRows = run.stdout
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line));
// Ripper's rejects (syntax it cannot parse, or unreadable text), one JSON object per line.
const rejected = new Set(
  run.stderr
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line).file),
);
const compared = files.filter((file) => !rejected.has(file));
const texts = compared.map((file) => readFileSync(file, "utf8"));
const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);

const key = (row) => `${row.file}\t${row.kind}\t${row.name}\t${row.line}`;
const loose = (row) => `${row.file}\t${row.kind}\t${row.name}`;
const oracle = new Map(oracleRows.map((row) => [key(row), row]));
const tsift = new Map();
let withErrors = 0;
compared.forEach((file, index) => {
  const result = graph.extractFile("ruby", texts[index]);
  if (result.has_errors) withErrors++;
  for (const symbol of result.symbols) {
    const kind = rippersKind(symbol);
    if (kind === null) continue;
    const row = { file, kind, name: symbol.name, line: symbol.line };
    tsift.set(key(row), row);
  }
});

const byKind = new Map();
const tally = (kind) => {
  if (!byKind.has(kind)) byKind.set(kind, { tp: 0, fp: 0, fn: 0 });
  return byKind.get(kind);
};
const falsePositives = [];
const falseNegatives = [];
for (const [k, row] of tsift) {
  if (oracle.has(k)) tally(row.kind).tp++;
  else {
    tally(row.kind).fp++;
    falsePositives.push(row);
  }
}
for (const [k, row] of oracle) {
  if (!tsift.has(k)) {
    tally(row.kind).fn++;
    falseNegatives.push(row);
  }
}
const looseOracle = new Set([...oracle.values()].map(loose));
const looseTsift = new Set([...tsift.values()].map(loose));
const ratio = (part, whole) => (whole === 0 ? 1 : part / whole);
const total = [...byKind.values()].reduce((sum, t) => ({ tp: sum.tp + t.tp, fp: sum.fp + t.fp, fn: sum.fn + t.fn }), { tp: 0, fp: 0, fn: 0 });

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
/**
 * CPU seconds (user + system) a piece of work takes: on a shared, loaded machine wall time
 * mostly measures the other processes, while both sides here are synchronous work on this
 * thread (plus the collector's).
 */
function time(work) {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}
const parseTimes = [];
const extractTimes = [];
for (let round = 0; round < rounds; round++) {
  parseTimes.push(time(() => texts.forEach((text) => graph.parseSource("ruby", text))));
  extractTimes.push(time(() => texts.forEach((text) => graph.extractFile("ruby", text))));
}
const mb = bytes / 1e6;
const parseRate = mb / median(parseTimes);
const extractRate = mb / median(extractTimes);

const pct = (value) => value.toFixed(4);
console.log(`corpus: ${corpus}: ${files.length} .rb files, ${compared.length} compared (${rejected.size} rejected by Ripper), ${mb.toFixed(2)} MB`);
console.log(`Ripper declarations: ${oracle.size}; tsift declarations: ${tsift.size}; files tree-sitter recovered from errors: ${withErrors}`);
console.log("| kind | tsift | Ripper | matched | precision | recall |");
console.log("|---|---|---|---|---|---|");
for (const kind of KINDS.filter((kind) => byKind.has(kind))) {
  const t = byKind.get(kind);
  console.log(`| ${kind} | ${t.tp + t.fp} | ${t.tp + t.fn} | ${t.tp} | ${pct(ratio(t.tp, t.tp + t.fp))} | ${pct(ratio(t.tp, t.tp + t.fn))} |`);
}
console.log(
  `| all | ${total.tp + total.fp} | ${total.tp + total.fn} | ${total.tp} | ${pct(ratio(total.tp, total.tp + total.fp))} | ${pct(ratio(total.tp, total.tp + total.fn))} |`,
);
const looseMatched = [...looseTsift].filter((k) => looseOracle.has(k)).length;
console.log(`ignoring lines (file, kind, name): precision ${pct(ratio(looseMatched, looseTsift.size))}, recall ${pct(ratio(looseMatched, looseOracle.size))}`);
console.log(
  `throughput (CPU time, median of ${rounds} rounds): raw parse ${parseRate.toFixed(2)} MB/s, parse + extract ${extractRate.toFixed(2)} MB/s, ratio ${(extractRate / parseRate).toFixed(2)}`,
);
if (show > 0) {
  const list = (title, rows) => {
    if (rows.length === 0) return;
    console.log(`${title} (${rows.length}, first ${Math.min(show, rows.length)}):`);
    for (const row of rows.slice(0, show)) console.log(`  ${row.file}:${row.line} ${row.kind} ${row.name}`);
  };
  list("tsift only", falsePositives);
  list("Ripper only", falseNegatives);
}
