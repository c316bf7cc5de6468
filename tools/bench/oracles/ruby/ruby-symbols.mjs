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
import { compareKeyed, cpuSeconds, median, printDisagreements, ratio, throughputRounds } from "../oracle-score.mjs";

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

const { tally: byKind, onlyTsift: falsePositives, onlyOracle: falseNegatives } = compareKeyed(tsift, oracle);
const looseOracle = new Set([...oracle.values()].map(loose));
const looseTsift = new Set([...tsift.values()].map(loose));

const { parseTimes, extractTimes } = throughputRounds({
  texts,
  rounds,
  parse: (text) => graph.parseSource("ruby", text),
  extract: (text) => graph.extractFile("ruby", text),
  clock: cpuSeconds,
});
const mb = bytes / 1e6;
const parseRate = mb / median(parseTimes);
const extractRate = mb / median(extractTimes);

const pct = (value) => value.toFixed(4);
console.log(`corpus: ${corpus}: ${files.length} .rb files, ${compared.length} compared (${rejected.size} rejected by Ripper), ${mb.toFixed(2)} MB`);
console.log(`Ripper declarations: ${oracle.size}; tsift declarations: ${tsift.size}; files tree-sitter recovered from errors: ${withErrors}`);
console.log(byKind.table("Ripper", { order: KINDS }));
const looseMatched = [...looseTsift].filter((k) => looseOracle.has(k)).length;
console.log(`ignoring lines (file, kind, name): precision ${pct(ratio(looseMatched, looseTsift.size))}, recall ${pct(ratio(looseMatched, looseOracle.size))}`);
console.log(
  `throughput (CPU time, median of ${rounds} rounds): raw parse ${parseRate.toFixed(2)} MB/s, parse + extract ${extractRate.toFixed(2)} MB/s, ratio ${(extractRate / parseRate).toFixed(2)}`,
);
if (show > 0) {
  const list = (title, rows) => printDisagreements(show, title, rows, (row) => `${row.file}:${row.line} ${row.kind} ${row.name}`);
  list("tsift only", falsePositives);
  list("Ripper only", falseNegatives);
}
