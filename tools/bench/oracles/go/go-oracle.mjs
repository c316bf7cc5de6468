/**
 * Go: tsift against the language's own view (go/ast declarations, go/types call targets),
 * and tsift's extraction throughput against tree-sitter's raw parse on the same files.
 *
 *   npm run build -w @tsift/graph      # symbols and throughput read the built @tsift/graph
 *   node tools/bench/oracles/go/go-oracle.mjs symbols <corpus dir> [--rounds N] [--show N]
 *   tsift index                         # run in a copy of the corpus (index.db in .tsift/)
 *   node tools/bench/oracles/go/go-oracle.mjs calls <corpus dir> <index.db> [--prefix DIR/] [--show N]
 *
 * oracle.go (beside this file, run with `go run`) type-checks each directory of the corpus
 * with go/types and lists its package-level declarations and every call resolved to a
 * function, method or package-level variable (see its comment). Only the files it checked
 * are compared (go/build's files for this GOOS/GOARCH, no tests, no testdata).
 *
 * symbols: (file, kind, qualified name, line) sets; precision is the share of tsift's
 * declarations go/ast lists too, recall the share of go/ast's that tsift lists. Throughput:
 * each round parses every .go file with tree-sitter (`parseSource`) and extracts every file
 * (`extractFile`: parse, walk, doc comments, chunks, routes); the median round of each, in
 * CPU time, is reported, and extraction's share of the raw parse rate (target: at least 0.5).
 *
 * calls: (file, line, callee file, callee line) sets of resolved plain calls (`kind = 'call'`:
 * composite literals are constructions, which go/types does not list) against go/types'
 * edges whose callee is a package-level declaration of the corpus (methods of types declared
 * inside a function are no symbols), between files the index holds (its walk skips `build`
 * and `vendor` directories by default); recall is broken down by where the callee is (same
 * file, another file of the package, another package of the corpus).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { cpuSeconds, median, ratio } from "../oracle-score.mjs";
import { goOracleRows } from "./oracle-rows.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const positional = args.filter((arg, i) => !arg.startsWith("--") && !args[i - 1]?.startsWith("--"));
const [mode, corpus, dbPath] = positional;
const show = option("--show", 10);
if (!["symbols", "calls"].includes(mode) || !corpus || (mode === "calls" && !dbPath)) {
  console.error("usage: go-oracle.mjs symbols <corpus> | calls <corpus> <index.db>");
  process.exit(2);
}

const rows = goOracleRows(corpus);
const checked = new Map(rows.filter((row) => row.t === "file").map((row) => [row.file, row.name]));
const fixed = (value) => value.toFixed(3);
const sample = (label, keys) => {
  if (keys.length === 0) return;
  console.log(`  ${label} (${keys.length}), first ${Math.min(show, keys.length)}:`);
  for (const key of keys.slice(0, show)) console.log(`    ${key}`);
};

if (mode === "symbols") {
  const rounds = option("--rounds", 5);
  const graph = await import(process.env.TSIFT_GRAPH_MODULE ?? "@tsift/graph");
  const key = (file, kind, name, line) => `${file}\t${kind}\t${name}\t${line}`;
  const oracle = new Set(rows.filter((row) => row.t === "decl").map((row) => key(row.file, row.kind, row.name, row.line)));
  const files = [...checked.keys()].sort();
  const texts = files.map((file) => readFileSync(join(corpus, file), "utf8"));
  const tsift = new Set();
  let withErrors = 0;
  files.forEach((file, index) => {
    const result = graph.extractFile("go", texts[index]);
    if (result.has_errors) withErrors++;
    for (const symbol of result.symbols) tsift.add(key(file, symbol.kind, symbol.qualified_name, symbol.line));
  });
  const both = [...tsift].filter((entry) => oracle.has(entry)).length;
  console.log(`corpus ${corpus}: ${files.length} files checked by go/types (${withErrors} with tree-sitter errors)`);
  console.log(`symbols: go/ast ${oracle.size}, tsift ${tsift.size}, both ${both}`);
  console.log(`  precision ${fixed(ratio(both, tsift.size))}  recall ${fixed(ratio(both, oracle.size))}`);
  sample(
    "tsift only",
    [...tsift].filter((entry) => !oracle.has(entry)),
  );
  sample(
    "go/ast only",
    [...oracle].filter((entry) => !tsift.has(entry)),
  );

  // Throughput over every .go file of the corpus (tests and other platforms' files too).
  const all = [];
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile() && entry.name.endsWith(".go")) all.push(readFileSync(full, "utf8"));
    }
  };
  visit(corpus);
  const bytes = all.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  // CPU seconds of this process, not wall time: the machine is shared, and a round that waits
  // for a core would count the wait.
  const time = (work) => {
    const times = [];
    for (let round = 0; round < rounds; round++) times.push(cpuSeconds(() => all.forEach((text) => work(text))));
    return median(times);
  };
  // One warm-up of each loads the grammar and compiles the rules.
  for (const text of all.slice(0, 20)) graph.extractFile("go", text);
  const parse = time((text) => graph.parseSource("go", text));
  const extract = time((text) => graph.extractFile("go", text));
  const mb = bytes / 1024 / 1024;
  console.log(`throughput over ${all.length} files, ${mb.toFixed(1)} MiB, median CPU time of ${rounds} rounds:`);
  console.log(`  parse ${fixed(mb / parse)} MiB/s, parse+extract ${fixed(mb / extract)} MiB/s, share ${fixed(parse / extract)}`);
} else {
  const { default: Database } = await import(process.env.TSIFT_SQLITE_MODULE ?? "better-sqlite3");
  // `--prefix go/`: the index was built one level up (its paths are `go/ast/…`, so standard-library
  // imports resolve as whole paths); the prefix is dropped to compare with the oracle's paths.
  const at = args.indexOf("--prefix");
  const prefix = at >= 0 ? args[at + 1] : "";
  const unprefixed = (path) => (prefix && path.startsWith(prefix) ? path.slice(prefix.length) : path);
  const key = (file, line, calleeFile, calleeLine) => `${file}:${line} -> ${calleeFile}:${calleeLine}`;
  // Callees are package-level declarations (what tsift extracts): a method of a type declared
  // inside a function body is left out.
  const declared = new Set(rows.filter((row) => row.t === "decl").map((row) => `${row.file}:${row.line}`));
  const db = new Database(dbPath, { readonly: true });
  // Files the index holds: its walk skips some directories by default (`build`, `vendor`).
  const indexed = new Set(
    db
      .prepare("SELECT path FROM files")
      .pluck()
      .all()
      .map((path) => unprefixed(path)),
  );
  const oracleCalls = rows.filter(
    (row) =>
      row.t === "call" &&
      row.callee_file &&
      checked.has(row.file) &&
      indexed.has(row.file) &&
      indexed.has(row.callee_file) &&
      declared.has(`${row.callee_file}:${row.callee_line}`),
  );
  const where = new Map();
  for (const row of oracleCalls) {
    const place = row.file === row.callee_file ? "same file" : dirname(row.file) === dirname(row.callee_file) ? "same package" : "other package";
    where.set(key(row.file, row.line, row.callee_file, row.callee_line), place);
  }
  const resolved = db
    .prepare(
      `SELECT c.file AS file, c.line AS line, t.file AS callee_file, t.line AS callee_line, c.resolution AS resolution
         FROM calls c JOIN symbols t ON t.id = c.resolved_symbol_id
        WHERE c.kind = 'call' AND t.language = 'go'`,
    )
    .all()
    .map((row) => ({ ...row, file: unprefixed(row.file), callee_file: unprefixed(row.callee_file) }))
    .filter((row) => checked.has(row.file));
  const tsift = new Map(resolved.map((row) => [key(row.file, row.line, row.callee_file, row.callee_line), row.resolution]));
  const callSites = db.prepare(`SELECT COUNT(*) FROM calls WHERE kind = 'call'`).pluck().get();
  db.close();
  const both = [...tsift.keys()].filter((entry) => where.has(entry)).length;
  const compared = [...checked.keys()].filter((file) => indexed.has(file)).length;
  console.log(`corpus ${corpus}: ${checked.size} files checked by go/types, ${compared} of them indexed; ${callSites} tsift call sites`);
  console.log(`calls: go/types ${where.size} edges into the corpus, tsift ${tsift.size} resolved, both ${both}`);
  console.log(`  precision ${fixed(ratio(both, tsift.size))}  recall ${fixed(ratio(both, where.size))}`);
  for (const place of ["same file", "same package", "other package"]) {
    const edges = [...where].filter(([, at]) => at === place).map(([edge]) => edge);
    const found = edges.filter((edge) => tsift.has(edge)).length;
    console.log(`  callee in ${place}: ${found}/${edges.length} (recall ${fixed(ratio(found, edges.length))})`);
  }
  const byResolution = new Map();
  for (const [edge, resolution] of tsift) {
    const entry = byResolution.get(resolution) ?? { all: 0, right: 0 };
    entry.all++;
    if (where.has(edge)) entry.right++;
    byResolution.set(resolution, entry);
  }
  for (const [resolution, entry] of [...byResolution].sort()) console.log(`  tsift ${resolution}: ${entry.right}/${entry.all} right`);
  sample(
    "tsift only",
    [...tsift.keys()].filter((entry) => !where.has(entry)),
  );
  sample(
    "go/types only",
    [...where.keys()].filter((entry) => !tsift.has(entry)),
  );
}
