#!/usr/bin/env node
/**
 * C dead code against clang: is what `tsift analyze` reports dead unreachable by clang's own
 * view of the code, and does it report what is?
 *
 *   npm run build -w @tsift/cli
 *   node tools/bench/oracles/c/c-dead-code.mjs <corpus dir> [--flags "-I… -D…"] [--bin packages/cli/dist/bin.js] [--show N] [--keep]
 *
 * Every translation unit (`.c` file) of the corpus is compiled by clang
 * (`-fsyntax-only -Xclang -ast-dump=json`, plus `--flags`; `-I` of the corpus directory is
 * always given) and read as a stream (clang-ast.mjs). The oracle lists every function the
 * corpus defines, named by its linkage (a `static` function with its file), and every
 * reference to a function (a `DeclRefExpr`: calls, and functions taken as values, as a
 * table of callbacks does), with the function it appears in, or none at file scope.
 * Reachability is a walk over those references from C's roots: `main`, every function with
 * external linkage (any other translation unit may call it: a library's API), and what a
 * file-scope initializer names. So only functions of internal linkage can be dead. A
 * reference spelled inside a macro's body counts where the macro expands, as the compiler
 * sees it.
 *
 * tsift's dead nodes are matched to clang's definitions by file, name and clang's line inside
 * the symbol's span; functions in code no unit compiles (another preprocessor branch, a
 * header no unit includes) are left out of both sides. Reported: precision (tsift's dead
 * functions the oracle finds unreachable, over those clang defines); recall (of the
 * oracle's unreachable functions, the share tsift reports dead); external functions reported
 * dead (the target is none); and how many of tsift's dead functions are referenced anywhere.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ratio } from "../oracle-score.mjs";
import { readCorpusDeclarations, track } from "./clang-ast.mjs";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const Database = createRequire(join(REPO, "packages/index/package.json"))("better-sqlite3");

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const corpusArg = args.find((arg, i) => !arg.startsWith("--") && !args[i - 1]?.startsWith("--"));
if (!corpusArg) {
  console.error('usage: c-dead-code.mjs <corpus dir> [--flags "-I… -D…"] [--bin FILE] [--show N] [--keep]');
  process.exit(2);
}
const corpus = resolve(corpusArg);
const flags = option("--flags", "").split(/\s+/u).filter(Boolean);
const bin = resolve(option("--bin", join(REPO, "packages/cli/dist/bin.js")));
const show = Number(option("--show", 10));
const clangArgs = ["-xc", "-std=gnu11", `-I${corpus}`, ...flags];

const files = [];
const visit = (path) => {
  for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const full = join(path, entry.name);
    if (entry.isDirectory() && entry.name !== ".tsift") visit(full);
    else if (entry.isFile() && /\.[ch]$/u.test(entry.name)) files.push(full);
  }
};
visit(corpus);
const inCorpus = new Set(files);
const rel = (file) => relative(corpus, file);

// --- clang's view ------------------------------------------------------------------------
/** identity (`name`, or `name@file` for internal linkage) -> { file, line, name, external } */
const definitions = new Map();
/** [from identity | null, to identity] */
const references = [];
let unitErrors = 0;

/** Walks one top-level declaration, keeping the running location right (see clang-ast.mjs). */
function walk(root, state, unit) {
  const visitNode = (node, caller) => {
    if (node === null || typeof node !== "object") return;
    let at = null;
    if (node.loc) {
      track(node.loc, state);
      at = { file: state.file, line: state.line };
    }
    if (node.range) track(node.range, state);
    let inner = caller;
    if (node.kind === "FunctionDecl" && node.name && at && inCorpus.has(at.file) && !node.isImplicit) {
      if (node.storageClass === "static") unit.internal.set(node.name, unit.internal.get(node.name) ?? at.file);
      if (node.inner?.some((child) => child.kind === "CompoundStmt")) {
        if (node.storageClass === "static") unit.internal.set(node.name, at.file);
        unit.defined.push({ name: node.name, file: at.file, line: at.line });
        inner = node.name;
      }
    } else if (node.kind === "DeclRefExpr" && node.referencedDecl?.kind === "FunctionDecl") {
      unit.references.push([caller, node.referencedDecl.name]);
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "loc" || key === "range") continue;
      if (key === "inner") for (const child of value) visitNode(child, inner);
      else if (value && typeof value === "object") track(value, state);
    }
  };
  visitNode(root, null);
}

let units = 0;
for (const file of files.filter((path) => path.endsWith(".c"))) {
  units++;
  const unit = { internal: new Map(), defined: [], references: [] };
  const status = await readCorpusDeclarations(clangArgs, file, inCorpus, (declaration, state) => walk(declaration, state, unit), { anyLocation: true });
  if (status !== 0) unitErrors++;
  // Names are bound once the unit is read: a `static` prototype may come before its definition.
  const identity = (name) => (unit.internal.has(name) ? `${name}@${rel(unit.internal.get(name))}` : name);
  for (const { name, file: where, line } of unit.defined) {
    definitions.set(identity(name), { name, file: rel(where), line, external: !unit.internal.has(name) });
  }
  for (const [from, to] of unit.references) references.push([from === null ? null : identity(from), identity(to)]);
}

const edges = new Map();
const roots = new Set([...definitions].filter(([, definition]) => definition.external || definition.name === "main").map(([id]) => id));
const referenced = new Set();
for (const [from, to] of references) {
  if (from !== to) referenced.add(to);
  if (from === null) roots.add(to);
  else if (from !== to) {
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  }
}
const reached = new Set(roots);
const queue = [...roots];
while (queue.length > 0) {
  for (const next of edges.get(queue.pop()) ?? []) {
    if (!reached.has(next)) {
      reached.add(next);
      queue.push(next);
    }
  }
}

// --- tsift's view --------------------------------------------------------------------------
const work = mkdtempSync(join(tmpdir(), "tsift-c-dead-"));
const copy = join(work, basename(corpus));
cpSync(corpus, copy, { recursive: true, filter: (source) => !source.includes(".tsift") });
const env = { ...process.env, TSIFT_NO_DAEMON: "1", TSIFT_DAEMON_AUTOSTART: "0" };
execFileSync(process.execPath, [bin, "index", "--json"], { cwd: copy, env, stdio: ["ignore", "ignore", "inherit"] });
const report = JSON.parse(execFileSync(process.execPath, [bin, "analyze", "--limit", "0", "--json"], { cwd: copy, env, encoding: "utf8", maxBuffer: 1 << 30 }));
const analysis = report.data ?? report;
const db = new Database(join(copy, ".tsift/index.db"), { readonly: true });
const spanAt = db.prepare("SELECT end_line FROM symbols WHERE file = ? AND line = ? AND kind IN ('function', 'method') ORDER BY end_line DESC LIMIT 1").pluck();
const byFileName = new Map();
for (const [id, definition] of definitions) {
  const key = `${definition.file}\t${definition.name}`;
  if (!byFileName.has(key)) byFileName.set(key, []);
  byFileName.get(key).push([id, definition]);
}
const dead = [];
const unmatched = [];
for (const node of analysis.dead_code.dead_nodes) {
  const name = node.name.replace(/ \(.*$/u, "");
  const end = spanAt.get(node.file, node.line) ?? node.line;
  const match = (byFileName.get(`${node.file}\t${name}`) ?? []).find(([, definition]) => definition.line >= node.line && definition.line <= end);
  if (match) dead.push(match[0]);
  else unmatched.push(`${node.file}:${node.line} ${name}`);
}
db.close();

// --- compare -------------------------------------------------------------------------------
const unreachable = [...definitions.keys()].filter((id) => !reached.has(id));
const deadSet = new Set(dead);
const right = dead.filter((id) => !reached.has(id));
const wrong = dead.filter((id) => reached.has(id));
const externalDead = dead.filter((id) => definitions.get(id).external);
const missed = unreachable.filter((id) => !deadSet.has(id));

console.log(
  `corpus ${corpus}: ${units} units (clang errors in ${unitErrors}), ${definitions.size} functions defined (${[...definitions.values()].filter((d) => !d.external).length} static), ${unreachable.length} unreachable; tsift: ${analysis.dead_code.total_nodes} nodes, ${analysis.dead_code.dead_count} dead`,
);
console.log("| tsift dead | matched to clang | oracle unreachable | both | precision | recall | external reported dead | dead but referenced |");
console.log("|---:|---:|---:|---:|---:|---:|---:|---:|");
console.log(
  `| ${analysis.dead_code.dead_count} | ${dead.length} | ${unreachable.length} | ${right.length} | ${ratio(right.length, dead.length).toFixed(3)} | ${ratio(right.length, unreachable.length).toFixed(3)} | ${externalDead.length} | ${dead.filter((id) => referenced.has(id)).length} |`,
);
const sample = (label, list, describe = (id) => `${definitions.get(id).file}:${definitions.get(id).line} ${id}`) => {
  if (list.length === 0) return;
  console.log(`  ${label} (${list.length}), first ${Math.min(show, list.length)}:`);
  for (const item of list.slice(0, show)) console.log(`    ${describe(item)}`);
};
sample("reported dead, reachable by clang", wrong);
sample("external reported dead", externalDead);
sample("reported dead, no definition clang compiled", unmatched, (item) => item);
sample("unreachable, not reported dead", missed);
if (args.includes("--keep")) console.log(`kept ${copy}`);
else rmSync(work, { recursive: true, force: true });
