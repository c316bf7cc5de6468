/**
 * C#: tsift's declarations against universal-ctags' C# parser, and tsift's extraction
 * throughput against tree-sitter's raw parse on the same files.
 *
 *   npm run build -w @tsift/graph                       # the oracle reads the build
 *   node tools/bench/oracles/csharp/csharp-oracle.mjs [corpus dir] [--rounds N] [--show N]
 *
 * The corpus defaults to /tmp/corpora/csharp: the C# sources shipped in three npm packages
 * (all MIT), unpacked with `npm pack com.cysharp.unitask@2.2.5 com.neuecc.unirx@7.1.0
 * edge-js@26.1.0` and `tar xzf` of each into its own folder. ctags (Debian's
 * universal-ctags) must be on the PATH.
 *
 * ctags is a baseline, not ground truth: its C# parser is the C-family one and misreads some
 * modern C# (positional records become methods, a `where T : notnull` constraint becomes a
 * property, an implicit conversion's parameter becomes a field). Both sides are listed as
 * (file, name, line, kind); a ctags tag matches a tsift symbol of the same file and name
 * whose span holds the tag's line and whose kind is one ctags' kind may stand for (below).
 * ctags names an explicit interface implementation `IFoo.Bar`, tsift `Bar`: the tag's name
 * is compared from its last dot.
 * Kinds only one side reports by design are left out of both counts: ctags' `typedef`
 * (a `using X = Y;` alias, an import for tsift) and `macro` (`#define`); tsift's local
 * functions and indexers (`this[]`), which ctags does not list. Precision is the share of
 * tsift's symbols ctags has; recall the share of ctags' tags tsift has. Disagreements are
 * printed (`--show N` per side) to be read against the code.
 *
 * Throughput: each round parses every file with tree-sitter (`parseSource`) and extracts
 * every file (`extractFile`: preprocessor pass, parse, walk, doc comments, chunks); the
 * median round of each is reported, and extraction's share of the raw parse rate (target:
 * at least 0.5).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { median, ratio, throughputRounds } from "../oracle-score.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const corpus = resolve(args.find((arg, i) => !arg.startsWith("--") && !args[i - 1]?.startsWith("--")) ?? "/tmp/corpora/csharp");
const rounds = option("--rounds", 5);
const show = option("--show", 15);
const graph = await import(process.env.TSIFT_GRAPH_MODULE ?? "@tsift/graph");

/** tsift kinds a ctags kind may stand for. */
const KINDS = {
  namespace: ["namespace"],
  class: ["class", "record"],
  struct: ["struct", "record"],
  interface: ["interface"],
  enum: ["enum"],
  enumerator: ["const"],
  // ctags takes an expression-bodied property (`public T Current => value;`) for a field.
  field: ["field", "const", "property"],
  property: ["property", "event"],
  event: ["event"],
  // ctags lists constructors, finalizers, operators and delegates as methods, and positional records too.
  method: ["method", "constructor", "delegate", "record"],
};
const CTAGS_ONLY = new Set(["typedef", "macro"]);

function csharpFiles(dir) {
  const found = [];
  const visit = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = join(path, entry.name);
      if (entry.isDirectory() && entry.name !== ".tsift") visit(full);
      else if (entry.isFile() && entry.name.endsWith(".cs")) found.push(full);
    }
  };
  visit(dir);
  return found;
}

const files = csharpFiles(corpus);
const texts = files.map((file) => readFileSync(file, "utf8"));
const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
const rel = (file) => relative(corpus, file);

// ctags' view.
const ctags = spawnSync("ctags", ["--languages=C#", "--output-format=json", "--fields=+nKz", "-f", "-", ...files], { maxBuffer: 1 << 30, encoding: "utf8" });
if (ctags.status !== 0) throw new Error(`ctags failed: ${ctags.stderr || ctags.error?.message}`);
const tags = ctags.stdout
  .split("\n")
  .filter((line) => line.startsWith("{"))
  .map((line) => JSON.parse(line))
  .filter((tag) => tag._type === "tag" && !CTAGS_ONLY.has(tag.kind))
  // An explicit interface implementation is `IFoo.Bar` to ctags and `Bar` to tsift (its signature shows `IFoo.Bar`).
  .map((tag) => ({
    file: rel(resolve(tag.path)),
    name: tag.kind === "namespace" ? tag.name : tag.name.slice(tag.name.lastIndexOf(".") + 1),
    line: tag.line,
    kind: tag.kind,
  }))
  // Indexers (`this`, `IDictionary.this`) are left out on both sides.
  .filter((tag) => tag.name !== "this");

// tsift's view.
const symbols = [];
let withErrors = 0;
files.forEach((file, index) => {
  const result = graph.extractFile("csharp", texts[index]);
  if (result.has_errors) withErrors++;
  for (const symbol of result.symbols) {
    if ((symbol.kind === "function" && symbol.parent !== null) || symbol.name === "this[]") continue;
    symbols.push({ file: rel(file), name: symbol.name, line: symbol.line, end: symbol.end_line, kind: symbol.kind });
  }
});

// Match: same file and name, the tag's line inside the symbol's span, a compatible kind; nearest start first.
const byKey = new Map();
for (const symbol of symbols) {
  const key = `${symbol.file}\0${symbol.name}`;
  if (!byKey.has(key)) byKey.set(key, []);
  byKey.get(key).push(symbol);
}
const matched = new Set();
const unmatchedTags = [];
for (const tag of tags) {
  const candidates = (byKey.get(`${tag.file}\0${tag.name}`) ?? []).filter(
    (symbol) => !matched.has(symbol) && symbol.line <= tag.line && tag.line <= symbol.end && (KINDS[tag.kind] ?? []).includes(symbol.kind),
  );
  candidates.sort((a, b) => b.line - a.line);
  if (candidates[0]) matched.add(candidates[0]);
  else unmatchedTags.push(tag);
}
const unmatchedSymbols = symbols.filter((symbol) => !matched.has(symbol));

const precision = ratio(matched.size, symbols.length);
const recall = ratio(tags.length - unmatchedTags.length, tags.length);
const countBy = (rows) =>
  Object.entries(rows.reduce((counts, row) => ({ ...counts, [row.kind]: (counts[row.kind] ?? 0) + 1 }), {})).sort((a, b) => b[1] - a[1]);

// Throughput.
// One warm-up of each: the grammar loads and the JIT settles.
texts.forEach((text) => graph.extractFile("csharp", text));
const { parseTimes, extractTimes } = throughputRounds({
  texts,
  rounds,
  parse: (text) => graph.parseSource("csharp", text),
  extract: (text) => graph.extractFile("csharp", text),
});
const mb = bytes / 1e6;
const parseRate = mb / median(parseTimes);
const extractRate = mb / median(extractTimes);

console.log(`corpus: ${corpus} (${files.length} files, ${mb.toFixed(2)} MB; ${withErrors} parsed with errors)`);
console.log(`symbols: ctags ${tags.length}, tsift ${symbols.length}, matched ${matched.size}`);
console.log(`symbols: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}`);
console.log(`  tsift only by kind: ${JSON.stringify(countBy(unmatchedSymbols))}`);
console.log(`  ctags only by kind: ${JSON.stringify(countBy(unmatchedTags))}`);
console.log(
  `throughput (median of ${rounds} rounds): raw parse ${parseRate.toFixed(2)} MB/s, parse + extract ${extractRate.toFixed(2)} MB/s, ratio ${(extractRate / parseRate).toFixed(2)}`,
);
if (show > 0) {
  console.log(`\ntsift only (first ${show}):`);
  for (const symbol of unmatchedSymbols.slice(0, show)) console.log(`  ${symbol.file}:${symbol.line} ${symbol.kind} ${symbol.name}`);
  console.log(`\nctags only (first ${show}):`);
  for (const tag of unmatchedTags.slice(0, show)) console.log(`  ${tag.file}:${tag.line} ${tag.kind} ${tag.name}`);
}
