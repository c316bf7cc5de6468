/**
 * PHP declarations: tsift's extraction against PHP's own tokenizer, and tsift's extraction
 * throughput against tree-sitter's raw parse on the same files.
 *
 *   npm run build -w @tsift/graph   # the oracle reads the built @tsift/graph
 *   node tools/bench/oracles/php/php-symbols.mjs [corpus dir] [--rounds N] [--show N]
 *
 * The corpus defaults to /usr/share/php (Debian's php-* packages: composer, php-symfony-*,
 * php-league-*, php-guzzlehttp-*). declarations.php (beside this file, run with php-cli)
 * lists each file's declarations from token_get_all; this script extracts the same files with
 * @tsift/graph and compares (file, kind, name, line) sets: precision is the share of tsift's
 * declarations the tokenizer also lists, recall the share of the tokenizer's that tsift
 * lists. Kinds compared: namespace, class, interface, trait, enum, function, method,
 * constructor, property, const (tsift's getter/setter property hooks have no tokenizer
 * counterpart). Files the tokenizer rejects are left out of both sides.
 *
 * Throughput: each round parses every file with tree-sitter (`parseSource`) and extracts
 * every file (`extractFile`: parse, walk, doc comments, chunks), timed in the process's CPU
 * time; the figure is extraction's share of the raw parse rate (target: at least 0.5), from
 * the fastest round of each (other work on a shared machine only adds time), with the
 * medians printed beside it.
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
const corpus = args.find((arg, i) => !arg.startsWith("--") && !args[i - 1]?.startsWith("--")) ?? "/usr/share/php";
const rounds = option("--rounds", 5);
const show = option("--show", 15);
// A development build can be pointed at instead of the installed package.
const graph = await import(process.env.TSIFT_GRAPH_MODULE ?? "@tsift/graph");

const KINDS = new Set(["namespace", "class", "interface", "trait", "enum", "function", "method", "constructor", "property", "const"]);

function phpFiles(dir) {
  const found = [];
  const visit = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile() && entry.name.endsWith(".php")) found.push(full);
    }
  };
  visit(dir);
  return found;
}

const files = phpFiles(corpus);
const oracleScript = fileURLToPath(new URL("./declarations.php", import.meta.url));
const run = spawnSync("php", [oracleScript], { input: files.join("\n"), maxBuffer: 1 << 30, encoding: "utf8" });
if (run.status !== 0) throw new Error(`php ${oracleScript} failed: ${run.stderr || run.error?.message}`);
const oracleRows = run.stdout
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line));
// The tokenizer's parse errors (syntax newer than php-cli, or broken files), one JSON object per line.
const rejected = new Set(
  run.stderr
    .split("\n")
    .filter(Boolean)
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
  const result = graph.extractFile("php", texts[index]);
  if (result.has_errors) withErrors++;
  for (const symbol of result.symbols) {
    if (!KINDS.has(symbol.kind)) continue;
    const row = { file, kind: symbol.kind, name: symbol.name, line: symbol.line };
    tsift.set(key(row), row);
  }
});

const { tally: byKind, onlyTsift: falsePositives, onlyOracle: falseNegatives } = compareKeyed(tsift, oracle);
const looseOracle = new Set([...oracle.values()].map(loose));
const looseTsift = new Set([...tsift.values()].map(loose));

const { parseTimes, extractTimes } = throughputRounds({
  texts,
  rounds,
  parse: (text) => graph.parseSource("php", text),
  extract: (text) => graph.extractFile("php", text),
  clock: cpuSeconds,
});
const mb = bytes / 1e6;
// Other work on a shared machine only adds time (cache misses, even in CPU time): the fastest round is the cost itself.
const parseRate = mb / Math.min(...parseTimes);
const extractRate = mb / Math.min(...extractTimes);

const pct = (value) => value.toFixed(4);
console.log(`corpus: ${corpus}: ${files.length} .php files, ${compared.length} compared (${rejected.size} rejected by the tokenizer), ${mb.toFixed(2)} MB`);
console.log(`tokenizer declarations: ${oracle.size}; tsift declarations: ${tsift.size}; files tree-sitter recovered from errors: ${withErrors}`);
console.log(byKind.table("tokenizer", { order: [...KINDS] }));
const looseMatched = [...looseTsift].filter((k) => looseOracle.has(k)).length;
console.log(`ignoring lines (file, kind, name): precision ${pct(ratio(looseMatched, looseTsift.size))}, recall ${pct(ratio(looseMatched, looseOracle.size))}`);
console.log(
  `throughput in CPU time (fastest of ${rounds} rounds): raw parse ${parseRate.toFixed(2)} MB/s, parse + extract ${extractRate.toFixed(2)} MB/s, ratio ${(extractRate / parseRate).toFixed(2)}` +
    ` (medians: ${(mb / median(parseTimes)).toFixed(2)} and ${(mb / median(extractTimes)).toFixed(2)} MB/s)`,
);
if (show > 0) {
  const list = (title, rows) => printDisagreements(show, title, rows, (row) => `${row.file}:${row.line} ${row.kind} ${row.name}`);
  list("tsift only", falsePositives);
  list("tokenizer only", falseNegatives);
}
