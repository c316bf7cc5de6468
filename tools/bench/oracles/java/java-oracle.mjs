/**
 * Java: tsift's declarations and resolved call edges against javac's own view, and tsift's
 * extraction throughput against tree-sitter's raw parse on the same files.
 *
 *   npm run build -w @tsift/graph && npm run build -w @tsift/cli   # the oracle reads the builds
 *   node tools/bench/oracles/java/java-oracle.mjs [corpus dir] [--rounds N] [--show N]
 *       [--javac-output FILE]   # JavacOracle's output: read when FILE exists, else written there (javac takes minutes)
 *
 * The corpus defaults to /tmp/corpora/jdk, a subset of OpenJDK 17's sources (Debian's
 * openjdk-17-source: `unzip /usr/lib/jvm/openjdk-17/lib/src.zip 'java.base/java/util/*'
 * 'java.base/java/time/*' -d /tmp/corpora/jdk`). A folder named like a JDK module
 * (`java.base`) is compiled as a patch of that module, so its sources stand for the module's.
 *
 * JavacOracle.java (beside this file; compiled and run with the JDK's javac and java) parses
 * and attributes every file with javac's tree API and lists each declaration and each method
 * invocation or instance creation resolved to a method or constructor declared in the
 * corpus, named as tsift names them (see its comment). tsift's side: declarations from
 * @tsift/graph's extractFile; call edges from an index of a copy of the corpus built by the
 * tsift CLI (`tsift index`), read from .tsift/index.db.
 *
 * Declarations match on (file, kind, qualified name) with javac's line inside the symbol's
 * span. Call edges are (file, caller, line, callee file, callee): overloads of one name are
 * one caller or callee (tsift picks no overload), a constructor call targets its class. An
 * enum constant's implicit constructor call (`RED(1)`) is no call site tsift lists, and is
 * left out. Precision is the share of tsift's edges javac has; recall the share of javac's
 * edges tsift resolved.
 *
 * Throughput: each round parses every file with tree-sitter (`parseSource`) and extracts
 * every file (`extractFile`: parse, walk, doc comments, chunks); the median round of each is
 * reported, and extraction's share of the raw parse rate (target: at least 0.5).
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { KindTally, median, printDisagreements, ratio, throughputRounds } from "../oracle-score.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const corpus = resolve(args.find((arg, i) => !arg.startsWith("--") && !args[i - 1]?.startsWith("--")) ?? "/tmp/corpora/jdk");
const rounds = option("--rounds", 5);
const show = option("--show", 15);
const javacOutputAt = args.indexOf("--javac-output");
const javacOutput = javacOutputAt >= 0 ? args[javacOutputAt + 1] : null;
const repo = fileURLToPath(new URL("../../../../", import.meta.url));
// A development build can be pointed at instead of the installed package and CLI
// (TSIFT_INDEX_MODULE: a build of @tsift/index, indexed in this process instead of by the CLI).
const graph = await import(process.env.TSIFT_GRAPH_MODULE ?? "@tsift/graph");
const cli = process.env.TSIFT_CLI ?? join(repo, "packages/cli/dist/bin.js");
const indexer = process.env.TSIFT_INDEX_MODULE ? await import(process.env.TSIFT_INDEX_MODULE) : null;
const Database = createRequire(join(repo, "packages/index/package.json"))("better-sqlite3");
const JDK_EXPORTS = [
  "--add-exports",
  "jdk.compiler/com.sun.tools.javac.tree=ALL-UNNAMED",
  "--add-exports",
  "jdk.compiler/com.sun.tools.javac.code=ALL-UNNAMED",
];

function javaFiles(dir) {
  const found = [];
  const visit = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = join(path, entry.name);
      if (entry.isDirectory() && entry.name !== ".tsift") visit(full);
      else if (entry.isFile() && entry.name.endsWith(".java")) found.push(full);
    }
  };
  visit(dir);
  return found;
}

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { maxBuffer: 1 << 30, encoding: "utf8", ...options });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed: ${result.stderr || result.error?.message}`);
  return result.stdout;
}

const files = javaFiles(corpus);
const texts = files.map((file) => readFileSync(file, "utf8"));
const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
const rel = (file) => relative(corpus, file);

// javac's view.
const oracleRows = [];
let output;
if (javacOutput && existsSync(javacOutput)) output = readFileSync(javacOutput, "utf8");
else {
  const work = mkdtempSync(join(tmpdir(), "tsift-java-oracle-"));
  try {
    run("javac", [...JDK_EXPORTS, "-d", work, fileURLToPath(new URL("./JavacOracle.java", import.meta.url))]);
    const modules = readdirSync(corpus, { withFileTypes: true }).filter((entry) => entry.isDirectory() && /^(?:java|jdk)\.[a-z.]+$/u.test(entry.name));
    const javacOptions = modules.flatMap((entry) => ["--patch-module", `${entry.name}=${join(corpus, entry.name)}`]);
    output = run("java", [...JDK_EXPORTS, "-Xss16m", "-Xmx3g", "-cp", work, "JavacOracle", ...javacOptions], { input: files.join("\n") });
    if (javacOutput) writeFileSync(javacOutput, output);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
for (const line of output.split("\n")) if (line) oracleRows.push(JSON.parse(line));

// Declarations.
const declared = new Map();
for (const row of oracleRows.filter((row) => row.t === "decl")) {
  const key = `${rel(row.file)}\t${row.kind}\t${row.name}`;
  if (!declared.has(key)) declared.set(key, []);
  declared.get(key).push(row.line);
}
const byKind = new KindTally();
const tally = (kind) => byKind.of(kind);
const symbolsOnlyTsift = [];
const symbolsOnlyJavac = [];
let withErrors = 0;
files.forEach((file, index) => {
  const result = graph.extractFile("java", texts[index]);
  if (result.has_errors) withErrors++;
  const mine = new Map();
  for (const symbol of result.symbols) {
    const key = `${rel(file)}\t${symbol.kind}\t${symbol.qualified_name}`;
    if (!mine.has(key)) mine.set(key, []);
    mine.get(key).push(symbol);
  }
  for (const [key, symbols] of mine) {
    const lines = [...(declared.get(key) ?? [])];
    for (const symbol of symbols) {
      const at = lines.findIndex((line) => line >= symbol.line && line <= symbol.end_line);
      if (at >= 0) {
        lines.splice(at, 1);
        tally(symbol.kind).tp++;
      } else {
        tally(symbol.kind).fp++;
        symbolsOnlyTsift.push(`${rel(file)}:${symbol.line} ${symbol.kind} ${symbol.qualified_name}`);
      }
    }
    declared.set(key, lines);
  }
});
for (const [key, lines] of declared) {
  const [file, kind, name] = key.split("\t");
  for (const line of lines) {
    tally(kind).fn++;
    symbolsOnlyJavac.push(`${file}:${line} ${kind} ${name}`);
  }
}

// Call edges: tsift's index of a copy of the corpus.
const copy = mkdtempSync(join(tmpdir(), "tsift-java-corpus-"));
const tsiftEdges = new Set();
let tsiftCalls = 0;
let tsiftResolved = 0;
try {
  cpSync(corpus, copy, { recursive: true, filter: (source) => !source.includes(".tsift") });
  const started = process.hrtime.bigint();
  if (indexer) await indexer.updateIndex(indexer.indexLocation(copy), { workers: 0 });
  else run(process.execPath, [cli, "index", copy], { env: { ...process.env, TSIFT_NO_DAEMON: "1" } });
  var indexSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const db = new Database(join(copy, ".tsift/index.db"), { readonly: true });
  try {
    tsiftCalls = db.prepare("SELECT count(*) FROM calls c JOIN files f ON f.path = c.file WHERE f.language = 'java'").pluck().get();
    const rows = db
      .prepare(
        `SELECT c.file, cs.qualified_name AS caller, c.line, t.file AS callee_file, t.kind AS callee_kind, t.qualified_name AS callee, p.qualified_name AS callee_parent
           FROM calls c JOIN symbols t ON t.id = c.resolved_symbol_id LEFT JOIN symbols cs ON cs.id = c.caller_symbol_id
           LEFT JOIN symbols p ON p.file = t.file AND p.qualified_name = t.parent AND t.kind = 'constructor'
          WHERE t.language = 'java'`,
      )
      .all();
    for (const row of rows) {
      tsiftResolved++;
      const callee = row.callee_kind === "constructor" && row.callee_parent ? row.callee_parent : row.callee;
      tsiftEdges.add(`${row.file}\t${row.caller ?? ""}\t${row.line}\t${row.callee_file}\t${callee}`);
    }
  } finally {
    db.close();
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}
const javacEdges = new Set(
  oracleRows.filter((row) => row.t === "call").map((row) => `${rel(row.file)}\t${row.caller ?? ""}\t${row.line}\t${rel(row.calleeFile)}\t${row.callee}`),
);
const edgesOnlyTsift = [...tsiftEdges].filter((edge) => !javacEdges.has(edge)).sort();
const edgesOnlyJavac = [...javacEdges].filter((edge) => !tsiftEdges.has(edge)).sort();

// Throughput.
const { parseTimes, extractTimes } = throughputRounds({
  texts,
  rounds,
  parse: (text) => graph.parseSource("java", text),
  extract: (text) => graph.extractFile("java", text),
});
const mb = bytes / 1e6;
const parseRate = mb / median(parseTimes);
const extractRate = mb / median(extractTimes);

const fixed = (value) => value.toFixed(4);
console.log(`corpus: ${corpus}: ${files.length} .java files, ${mb.toFixed(2)} MB; files tree-sitter recovered from errors: ${withErrors}`);
console.log(byKind.table("javac"));
const matchedEdges = tsiftEdges.size - edgesOnlyTsift.length;
console.log(
  `call edges: javac ${javacEdges.size}, tsift ${tsiftEdges.size} (${tsiftResolved} of ${tsiftCalls} call sites resolved into the corpus), matched ${matchedEdges}: precision ${fixed(ratio(matchedEdges, tsiftEdges.size))}, recall ${fixed(ratio(matchedEdges, javacEdges.size))}`,
);
console.log(`tsift index of the corpus: ${indexSeconds.toFixed(1)} s`);
console.log(
  `throughput (median of ${rounds} rounds): raw parse ${parseRate.toFixed(2)} MB/s, parse + extract ${extractRate.toFixed(2)} MB/s, ratio ${(extractRate / parseRate).toFixed(2)}`,
);
if (show > 0) {
  const list = (title, rows) => printDisagreements(show, title, rows);
  list("declarations tsift only", symbolsOnlyTsift);
  list("declarations javac only", symbolsOnlyJavac);
  list("edges tsift only (file | caller | line | callee file | callee)", edgesOnlyTsift);
  list("edges javac only (file | caller | line | callee file | callee)", edgesOnlyJavac);
}
