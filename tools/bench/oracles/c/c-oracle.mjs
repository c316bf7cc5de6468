/**
 * C and C++: tsift's declarations and resolved call edges against clang's own view, and
 * tsift's extraction throughput against tree-sitter's raw parse on the same files.
 *
 *   npm run build -w @tsift/graph && npm run build -w @tsift/cli   # the oracle reads the builds
 *   node tools/bench/oracles/c/c-oracle.mjs <corpus dir> --lang c|cpp [--flags "-I… -D…"] [--rounds N] [--show N]
 *
 * Every translation unit of the corpus (`.c` files for C; `.cc`, `.cpp`, `.cxx` for C++) is
 * compiled by clang (`clang -fsyntax-only -Xclang -ast-dump=json`, plus `--flags`: the
 * include directories and defines the corpus needs; `-I` of the corpus directory itself is
 * always given) and by `clang -E -dD` for its macros. Only what is declared in the corpus's
 * own files counts (the system's headers are left out); a header's declarations count once,
 * whichever unit includes it. clang's JSON is read as a stream (clang-ast.mjs).
 *
 * Declarations, as tsift reports them: function definitions (not prototypes: tsift lists a
 * function where it is defined), methods, constructors and destructors declared in a class
 * body or defined out of line, records (struct, union, class) and enums with a body, their
 * enumerators, typedefs and aliases, namespaces, variables defined at file or namespace
 * scope, and `#define` macros. They match on (file, category, qualified name) with clang's
 * line inside tsift's span: kinds are compared as categories (function, record, enum,
 * enumerator, typedef, namespace, variable, macro), since tsift's `interface` is a class of
 * clang's and a `const` is a variable or an enumerator.
 *
 * Call edges: each call in a function body (CallExpr, CXXMemberCallExpr) whose callee is a
 * function or method with a definition or class-body declaration in the corpus, as (file,
 * caller, line of the called name, callee); a function with internal linkage (`static`) is
 * named with its file. Calls spelled inside a macro's body (`CHECK(x)` expanding to a call)
 * are counted apart: tsift reads the source as written and sees the macro, not the call, so
 * recall is given against the written calls and against all. Constructor calls and operator
 * calls are left out on both sides (clang's JSON names no constructor declaration). tsift's
 * side: an index of a copy of the corpus built by the tsift CLI (`tsift index`), its
 * resolved calls whose caller is a function and whose callee a function or method.
 *
 * Throughput: each round parses every file with tree-sitter (`parseSource`) and extracts
 * every file (`extractFile`: parse, walk, doc comments, chunks); the median round of each is
 * reported, and extraction's share of the raw parse rate (target: at least 0.5).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { KindTally, median, printDisagreements, ratio, throughputRounds } from "../oracle-score.mjs";
import { readCorpusDeclarations, resolvedPath, track } from "./clang-ast.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const corpus = resolve(args.find((arg, i) => !arg.startsWith("--") && !args[i - 1]?.startsWith("--")) ?? "/tmp/corpora/c");
const lang = option("--lang", "c");
const flags = option("--flags", "").split(/\s+/u).filter(Boolean);
const rounds = Number(option("--rounds", 5));
const show = Number(option("--show", 15));
const repo = fileURLToPath(new URL("../../../../", import.meta.url));
// A development build can be pointed at instead of the installed package and CLI
// (TSIFT_INDEX_MODULE: a build of @tsift/index, indexed in this process instead of by the CLI).
const graph = await import(process.env.TSIFT_GRAPH_MODULE ?? "@tsift/graph");
const cli = process.env.TSIFT_CLI ?? join(repo, "packages/cli/dist/bin.js");
const indexer = process.env.TSIFT_INDEX_MODULE ? await import(process.env.TSIFT_INDEX_MODULE) : null;
const Database = createRequire(join(repo, "packages/index/package.json"))("better-sqlite3");

const UNIT = lang === "c" ? /\.c$/u : /\.(cc|cpp|cxx|c\+\+)$/u;
const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

function sourceFiles(dir) {
  const found = [];
  const visit = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => compare(a.name, b.name))) {
      const full = join(path, entry.name);
      if (entry.isDirectory() && entry.name !== ".tsift") visit(full);
      else if (entry.isFile() && graph.langFromPath(full) !== null && /^(c|cpp)$/u.test(graph.langFromPath(full))) found.push(full);
    }
  };
  visit(dir);
  return found;
}

const files = sourceFiles(corpus);
const inCorpus = new Set(files);
const texts = files.map((file) => readFileSync(file, "utf8"));
const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
const rel = (file) => relative(corpus, file);
const clangArgs = [lang === "c" ? "-xc" : "-xc++", lang === "c" ? "-std=gnu11" : "-std=gnu++17", `-I${corpus}`, ...flags];

// --- clang's view ------------------------------------------------------------------------

/** Declarations and calls of every unit; ids are per unit, so edges are named when a unit is read. */
const declarations = new Map(); // `file\tcategory\tqualified` -> Set of lines
const defined = new Set(); // callee identities with a definition or class-body declaration in the corpus
const clangEdges = new Map(); // edge -> { written }
let units = 0;
let unitErrors = 0;

const RECORDS = new Set(["RecordDecl", "CXXRecordDecl"]);
const FUNCTIONS = new Set(["FunctionDecl", "CXXMethodDecl", "CXXConstructorDecl", "CXXDestructorDecl", "CXXConversionDecl"]);
const TRANSPARENT = new Set(["LinkageSpecDecl", "ClassTemplateDecl", "FunctionTemplateDecl", "ExportDecl"]);

function addDeclaration(file, category, qualified, line) {
  const key = `${rel(file)}\t${category}\t${qualified}`;
  if (!declarations.has(key)) declarations.set(key, new Set());
  declarations.get(key).add(line);
}

/** One unit's declarations by clang id, its calls, and where each node it walked is. */
class Unit {
  constructor() {
    this.ids = new Map();
    this.calls = [];
    this.positions = new WeakMap();
  }
}

/**
 * Walks one parsed top-level declaration in print order, so the running file and line
 * (printed only when they change) stay right; `state` is carried from chunk to chunk.
 */
function walkChunk(root, state, unit) {
  // In a macro's expansion, a location is where the macro was used (`expansionLoc`) and where
  // the text is spelled (`spellingLoc`): a macro argument is spelled where it is written.
  const position = (loc) => {
    if (!loc || (loc.spellingLoc === undefined && loc.expansionLoc === undefined)) {
      track(loc, state);
      return { file: state.file, line: state.line, written: true };
    }
    track(loc.spellingLoc, state);
    const spelled = { file: state.file, line: state.line };
    track(loc.expansionLoc, state);
    const argument = Boolean(loc.spellingLoc?.isMacroArgExpansion || loc.expansionLoc?.isMacroArgExpansion);
    return argument ? { ...spelled, written: true } : { file: state.file, line: state.line, written: false };
  };
  const visit = (node, scope, inRecord, caller) => {
    if (node === null || typeof node !== "object") return;
    const at = "loc" in node ? position(node.loc) : null;
    // Expressions have no `loc`: where they begin and end is their range.
    if (node.range) unit.positions.set(node, { begin: position(node.range.begin), end: position(node.range.end) });
    let innerScope = scope;
    let innerRecord = false;
    let innerCaller = caller;
    const kind = node.kind;
    if (TRANSPARENT.has(kind)) innerRecord = inRecord;
    if (!node.isImplicit && at && inCorpus.has(at.file) && !caller) {
      if (kind === "NamespaceDecl" && node.name) {
        innerScope = [...scope, node.name];
        addDeclaration(at.file, "namespace", innerScope.join("."), at.line);
      } else if (RECORDS.has(kind) && node.name) {
        innerScope = [...scope, node.name];
        innerRecord = true;
        unit.ids.set(node.id, { qualified: innerScope.join(".") });
        if (node.completeDefinition) addDeclaration(at.file, "record", innerScope.join("."), at.line);
      } else if (kind === "EnumDecl") {
        // A plain enum's enumerators are names of the enclosing scope; a scoped one's (`enum class`) are its own.
        if (node.name && node.scopedEnumTag) innerScope = [...scope, node.name];
        if (node.name && node.inner?.some((child) => child.kind === "EnumConstantDecl"))
          addDeclaration(at.file, "enum", [...scope, node.name].join("."), at.line);
      } else if (kind === "EnumConstantDecl") addDeclaration(at.file, "enumerator", [...scope, node.name].join("."), at.line);
      else if ((kind === "TypedefDecl" || kind === "TypeAliasDecl") && node.name) addDeclaration(at.file, "typedef", [...scope, node.name].join("."), at.line);
      else if (kind === "VarDecl" && node.name && !inRecord && (node.storageClass !== "extern" || node.init))
        addDeclaration(at.file, "variable", [...scope, node.name].join("."), at.line);
      else if (FUNCTIONS.has(kind) && node.name) {
        // Out of line (`void A::f() {}`), the class is named by id.
        const owner = node.parentDeclContextId ? unit.ids.get(node.parentDeclContextId)?.qualified : undefined;
        const qualified = owner !== undefined ? `${owner}.${node.name}` : [...scope, node.name].join(".");
        const isStatic = kind === "FunctionDecl" && node.storageClass === "static" && !inRecord;
        const identity = isStatic ? `${qualified}@${rel(at.file)}` : qualified;
        unit.ids.set(node.id, { qualified, identity });
        const body = node.inner?.some((child) => child.kind === "CompoundStmt" || child.kind === "CXXTryStmt");
        if (body || inRecord || node.explicitlyDefaulted || node.explicitlyDeleted) {
          addDeclaration(at.file, "function", qualified, at.line);
          defined.add(identity);
        }
        if (body) innerCaller = { file: at.file, qualified };
      }
    } else if (caller && (kind === "CallExpr" || kind === "CXXMemberCallExpr")) {
      unit.calls.push({ caller, target: calleeOf(node, kind), call: node });
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "loc" || key === "range") continue;
      if (key === "inner") for (const child of value) visit(child, innerScope, innerRecord, innerCaller);
      else if (value && typeof value === "object") track(value, state);
    }
  };
  visit(root, [], false, null);
}

/** The called declaration of a call: a DeclRefExpr (through casts and parentheses) or a MemberExpr. */
function calleeOf(node, kind) {
  let expression = node.inner?.[0];
  for (let depth = 0; expression && depth < 8; depth++) {
    if (kind === "CXXMemberCallExpr" && expression.kind === "MemberExpr") return { id: expression.referencedMemberDecl, node: expression };
    if (expression.kind === "DeclRefExpr") return { id: expression.referencedDecl?.id, node: expression };
    if (expression.kind !== "ImplicitCastExpr" && expression.kind !== "ParenExpr") return null;
    expression = expression.inner?.[0];
  }
  return null;
}

/** Runs clang on one unit and reads its declarations and calls. */
async function readUnit(file) {
  const unit = new Unit();
  const status = await readCorpusDeclarations(clangArgs, file, inCorpus, (declaration, state) => walkChunk(declaration, state, unit));
  if (status !== 0) unitErrors++;
  for (const { caller, target, call } of unit.calls) {
    if (!target || !target.id) continue;
    const callee = unit.ids.get(target.id);
    if (!callee?.identity) continue;
    // A member call's name ends its MemberExpr (`a->b\n->name`); a plain call's name begins it.
    const range = unit.positions.get(target.node);
    const where = range && (target.node.kind === "MemberExpr" ? range.end : range.begin);
    if (!where || where.file !== caller.file) continue;
    const edge = `${rel(caller.file)}\t${caller.qualified}\t${where.line}\t${callee.identity}`;
    const previous = clangEdges.get(edge);
    // Written as a call: its name and its closing parenthesis are in the source, not in a macro's body.
    const written = where.written && (unit.positions.get(call)?.end.written ?? true);
    clangEdges.set(edge, { written: (previous?.written ?? false) || written });
  }
}

/**
 * Lines of the corpus's files some unit compiled: what `clang -E` keeps. Code in a
 * preprocessor branch no unit takes (`#ifdef DEBUG`, another platform's) and headers no unit
 * includes are there for tsift, which reads every branch, but not for clang: tsift's
 * declarations and calls there are counted apart, not as errors.
 */
const compiled = new Set();

/** `#define`s of one unit, where the corpus's files define them. */
function readMacros(file) {
  const result = spawnSync("clang", [...clangArgs, "-E", "-dD", "-Wno-everything", file], { maxBuffer: 1 << 30, encoding: "utf8" });
  let current = "";
  let line = 0;
  for (const text of result.stdout.split("\n")) {
    const marker = /^# (\d+) "((?:[^"\\]|\\.)*)"/u.exec(text);
    if (marker) {
      line = Number(marker[1]);
      current = resolvedPath(JSON.parse(`"${marker[2]}"`));
      continue;
    }
    const define = /^#define ([A-Za-z_]\w*)/u.exec(text);
    if (define && inCorpus.has(current)) addDeclaration(current, "macro", define[1], line);
    if (text.trim() !== "" && inCorpus.has(current)) compiled.add(`${rel(current)}:${line}`);
    line++;
  }
}

for (const file of files.filter((path) => UNIT.test(path))) {
  units++;
  await readUnit(file);
  readMacros(file);
}
const definedEdges = [...clangEdges].filter(([edge]) => defined.has(edge.split("\t")[3]));
const clangAll = new Set(definedEdges.map(([edge]) => edge));
const clangWritten = new Set(definedEdges.filter(([, info]) => info.written).map(([edge]) => edge));

// --- tsift's declarations ----------------------------------------------------------------

const CATEGORY = {
  function: ["function"],
  method: ["function"],
  constructor: ["function"],
  class: ["record"],
  struct: ["record"],
  union: ["record"],
  interface: ["record"],
  enum: ["enum"],
  const: ["variable", "enumerator"],
  variable: ["variable"],
  typedef: ["typedef"],
  namespace: ["namespace"],
  macro: ["macro"],
};
const byCategory = new KindTally();
const tally = (category) => byCategory.of(category);
const symbolsOnlyTsift = [];
let withErrors = 0;
let uncompiledSymbols = 0;
const remaining = new Map([...declarations].map(([key, lines]) => [key, [...lines].sort((a, b) => a - b)]));
files.forEach((file, index) => {
  const fileLang = graph.langFromPath(file);
  const result = graph.extractFile(fileLang, texts[index]);
  if (result.has_errors) withErrors++;
  for (const symbol of result.symbols) {
    if (
      !compiled.has(`${rel(file)}:${symbol.line}`) &&
      ![...Array(Math.min(symbol.end_line - symbol.line, 3))].some((_, i) => compiled.has(`${rel(file)}:${symbol.line + i + 1}`))
    ) {
      uncompiledSymbols++;
      continue;
    }
    const categories = CATEGORY[symbol.kind] ?? [symbol.kind];
    let matched = null;
    for (const category of categories) {
      const lines = remaining.get(`${rel(file)}\t${category}\t${symbol.qualified_name}`);
      const at = lines?.findIndex((line) => line >= symbol.line && line <= symbol.end_line) ?? -1;
      if (at >= 0) {
        lines.splice(at, 1);
        matched = category;
        break;
      }
    }
    if (matched) tally(matched).tp++;
    else {
      tally(categories[0]).fp++;
      symbolsOnlyTsift.push(`${rel(file)}:${symbol.line} ${symbol.kind} ${symbol.qualified_name}`);
    }
  }
});
const symbolsOnlyClang = [];
for (const [key, lines] of remaining) {
  const [file, category, name] = key.split("\t");
  for (const line of lines) {
    tally(category).fn++;
    symbolsOnlyClang.push(`${file}:${line} ${category} ${name}`);
  }
}

// --- tsift's call edges ------------------------------------------------------------------

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { maxBuffer: 1 << 30, encoding: "utf8", ...options });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed: ${result.stderr || result.error?.message}`);
  return result.stdout;
}

const copy = mkdtempSync(join(tmpdir(), "tsift-c-corpus-"));
const tsiftEdges = new Set();
let tsiftCalls = 0;
let uncompiledEdges = 0;
let indexSeconds = 0;
try {
  cpSync(corpus, copy, { recursive: true, filter: (source) => !source.includes(".tsift") });
  const started = process.hrtime.bigint();
  if (indexer) await indexer.updateIndex(indexer.indexLocation(copy), { workers: 0 });
  else run(process.execPath, [cli, "index", copy], { env: { ...process.env, TSIFT_NO_DAEMON: "1" } });
  indexSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const db = new Database(join(copy, ".tsift/index.db"), { readonly: true });
  try {
    tsiftCalls = db.prepare("SELECT count(*) FROM calls c JOIN files f ON f.path = c.file WHERE f.language IN ('c', 'cpp')").pluck().get();
    const rows = db
      .prepare(
        `SELECT c.file, cs.qualified_name AS caller, c.line, t.file AS callee_file, t.kind AS callee_kind, t.qualified_name AS callee,
                t.visibility AS callee_visibility, t.signature AS callee_signature
           FROM calls c JOIN symbols t ON t.id = c.resolved_symbol_id JOIN symbols cs ON cs.id = c.caller_symbol_id
          WHERE t.language IN ('c', 'cpp') AND cs.kind IN ('function', 'method', 'constructor') AND t.kind IN ('function', 'method', 'constructor')
            AND c.kind != 'new'`,
      )
      .all();
    for (const row of rows) {
      if (!compiled.has(`${row.file}:${row.line}`)) {
        uncompiledEdges++;
        continue;
      }
      // Named with its file like clang's `static` functions (an anonymous namespace's are private too, but not `static`).
      const internal = row.callee_kind === "function" && row.callee_visibility === "private" && /\bstatic\b/u.test(row.callee_signature ?? "");
      tsiftEdges.add(`${row.file}\t${row.caller}\t${row.line}\t${internal ? `${row.callee}@${row.callee_file}` : row.callee}`);
    }
  } finally {
    db.close();
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}

// --- throughput --------------------------------------------------------------------------

const langs = files.map((file) => graph.langFromPath(file));
const { parseTimes, extractTimes } = throughputRounds({
  texts,
  rounds,
  parse: (text, i) => graph.parseSource(langs[i], text),
  extract: (text, i) => graph.extractFile(langs[i], text),
});
const mb = bytes / 1e6;
const parseRate = mb / median(parseTimes);
const extractRate = mb / median(extractTimes);

// --- report ------------------------------------------------------------------------------

const fixed = (value) => value.toFixed(4);
console.log(
  `corpus: ${corpus} (${lang}): ${files.length} files (${units} units), ${mb.toFixed(2)} MB; units clang reported errors for: ${unitErrors}; files tree-sitter recovered from errors: ${withErrors}`,
);
console.log(
  `left out, in code no unit compiles (other preprocessor branches, headers no unit includes): ${uncompiledSymbols} tsift declarations, ${uncompiledEdges} tsift call edges`,
);
console.log(byCategory.table("clang"));
const matchedAll = [...tsiftEdges].filter((edge) => clangAll.has(edge)).length;
const matchedWritten = [...tsiftEdges].filter((edge) => clangWritten.has(edge)).length;
console.log(
  `call edges: clang ${clangAll.size} (${clangWritten.size} written as calls, the rest spelled in macro bodies), tsift ${tsiftEdges.size} (of ${tsiftCalls} call sites), matched ${matchedAll}: precision ${fixed(ratio(matchedAll, tsiftEdges.size))}, recall ${fixed(ratio(matchedWritten, clangWritten.size))} of written calls, ${fixed(ratio(matchedAll, clangAll.size))} of all`,
);
console.log(`tsift index of the corpus: ${indexSeconds.toFixed(1)} s`);
console.log(
  `throughput (median of ${rounds} rounds): raw parse ${parseRate.toFixed(2)} MB/s, parse + extract ${extractRate.toFixed(2)} MB/s, ratio ${(extractRate / parseRate).toFixed(2)}`,
);
if (show > 0) {
  const list = (title, rows) => printDisagreements(show, title, rows);
  list("declarations tsift only", symbolsOnlyTsift);
  list("declarations clang only", symbolsOnlyClang);
  list("edges tsift only (file | caller | line | callee)", [...tsiftEdges].filter((edge) => !clangAll.has(edge)).sort());
  list("edges clang only, written (file | caller | line | callee)", [...clangWritten].filter((edge) => !tsiftEdges.has(edge)).sort());
}
