#!/usr/bin/env node
/**
 * Dead code against an oracle: is anything `tsift analyze` reports dead reachable from the
 * library's declared public API?
 *
 * For each corpus (a copy of a published package: its real package.json and `src/`):
 *
 * 1. the declared entry modules, read here from package.json (`main`, `module`, `types`,
 *    `es2015` and every non-pattern subpath of `exports`), each target mapped back to a
 *    source file by the longest path suffix that names one (`dist/esm/ajax/index.js` ->
 *    `src/ajax/index.ts`);
 * 2. the public API: the TypeScript compiler's exports of those modules
 *    (`getExportsOfModule`, aliases and `export * as ns` followed into their modules), plus
 *    the non-private members of exported classes;
 * 3. reachability: a BFS from the API over a reference graph the compiler builds (every
 *    identifier inside a declaration's body that resolves to another declaration of the
 *    corpus: calls, `new`, values passed as callbacks), with a class reaching its
 *    constructor and a reachable member reaching the same-named members of the classes that
 *    extend or implement its type (what runs when it is called).
 *
 * The oracle never reads index.db's edges or runs tsift's code; tsift's dead nodes are
 * matched to compiler declarations by file and qualified name (`Class.member`). Reported per
 * corpus: dead count / nodes, precision of the dead set (dead nodes the oracle also finds
 * unreachable / dead nodes matched to a declaration), the public-API functions reported dead
 * (the target is none), and, with --baseline DIR holding `<corpus>.json` from an earlier
 * build's `tsift analyze --limit 0 --json`, the same figures for it.
 *
 *   node tools/bench/oracles/dead-code.mjs [--corpus rxjs|effect|all] [--bin packages/cli/dist/bin.js]
 *        [--baseline DIR] [--json] [--keep]
 *
 * Corpora: /tmp/corpora/node_modules/{rxjs,effect} (override with TSIFT_DEAD_CODE_CORPORA).
 * Each is copied to a scratch directory and indexed there.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const require = createRequire(join(REPO, "package.json"));
const ts = require("typescript");

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const corpusArg = option("--corpus", "all");
const bin = resolve(option("--bin", join(REPO, "packages/cli/dist/bin.js")));
const baselineDir = option("--baseline", null);
const asJson = args.includes("--json");
const keep = args.includes("--keep");
const corporaRoot = process.env.TSIFT_DEAD_CODE_CORPORA ?? "/tmp/corpora/node_modules";
const CORPORA = ["rxjs", "effect"].filter((name) => corpusArg === "all" || corpusArg === name);

const posixPath = (path) => path.split(sep).join("/");

/** Entry targets package.json declares (string leaves of the fields and of non-pattern `exports` subpaths). */
function declaredTargets(pkg) {
  const targets = [];
  const leaves = (value) => {
    if (typeof value === "string") targets.push(value);
    else if (Array.isArray(value)) value.forEach(leaves);
    else if (value && typeof value === "object") Object.values(value).forEach(leaves);
  };
  for (const field of ["main", "module", "types", "typings", "es2015"]) leaves(pkg[field]);
  const exports = pkg.exports;
  if (typeof exports === "string" || Array.isArray(exports)) leaves(exports);
  else if (exports && typeof exports === "object") {
    const keys = Object.keys(exports);
    if (!keys.some((key) => key.startsWith("."))) leaves(exports);
    else for (const key of keys) if (!key.includes("*")) leaves(exports[key]);
  }
  return [...new Set(targets)];
}

/** A built target mapped to a source file of the corpus: the longest suffix of its path (no extension) under `src/` or the root. */
function sourceOf(dir, target) {
  const stem = target.replace(/^\.\//, "").replace(/(\.d)?\.[cm]?[jt]sx?$/, "");
  const parts = stem.split("/");
  for (let i = 0; i < parts.length; i++) {
    const suffix = parts.slice(i).join("/");
    for (const base of [`src/${suffix}`, suffix]) {
      for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) if (existsSync(join(dir, candidate))) return candidate;
    }
  }
  return null;
}

function tsFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...tsFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

/** The compiler's view: public API keys, and the reference graph between declarations (`file:qualified`). */
function compilerOracle(dir, entryFiles) {
  const program = ts.createProgram(tsFiles(join(dir, "src")), {
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const inCorpus = (sourceFile) => !sourceFile.isDeclarationFile && posixPath(sourceFile.fileName).startsWith(posixPath(dir) + "/");
  const fileOf = (node) => posixPath(relative(dir, node.getSourceFile().fileName));

  /** The declaration a node is a unit of: top-level functions, variables, classes and class members. */
  const unitKey = (node) => {
    let member = null;
    for (let current = node; current; current = current.parent) {
      if (ts.isClassElement(current) && current.parent && ts.isClassLike(current.parent) && !member) member = current;
      const top = current.parent && ts.isSourceFile(current.parent);
      if (
        ts.isVariableDeclaration(current) &&
        current.parent?.parent &&
        ts.isVariableStatement(current.parent.parent) &&
        ts.isSourceFile(current.parent.parent.parent)
      ) {
        return ts.isIdentifier(current.name) ? `${fileOf(current)}:${current.name.text}` : null;
      }
      if (top && (ts.isFunctionDeclaration(current) || ts.isClassDeclaration(current)) && current.name) {
        if (member && ts.isClassDeclaration(current)) return `${fileOf(current)}:${current.name.text}.${memberName(member)}`;
        return `${fileOf(current)}:${current.name.text}`;
      }
      if (top) return null;
    }
    return null;
  };
  const memberName = (member) => (ts.isConstructorDeclaration(member) ? "constructor" : member.name ? member.name.getText() : null);

  const edges = new Map();
  const addEdge = (from, to) => {
    if (from === null || to === null || from === to) return;
    let set = edges.get(from);
    if (!set) edges.set(from, (set = new Set()));
    set.add(to);
  };
  const targetOf = (symbol) => (symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
  // Members by class: to reach a class's constructor, its overrides, its API members.
  const classMembers = new Map(); // class key -> Map(member name -> member key)
  const derived = new Map(); // type key -> Set(class key) that extend or implement it
  const typeKeyOf = (declaration) =>
    (ts.isClassDeclaration(declaration) || ts.isInterfaceDeclaration(declaration)) &&
    declaration.name &&
    declaration.parent &&
    ts.isSourceFile(declaration.parent)
      ? `${fileOf(declaration)}:${declaration.name.text}`
      : null;

  for (const sourceFile of program.getSourceFiles()) {
    if (!inCorpus(sourceFile)) continue;
    const visit = (node) => {
      if ((ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node)) && typeKeyOf(node)) {
        const key = typeKeyOf(node);
        const members = new Map();
        for (const member of node.members) {
          const name = memberName(member);
          const privateMember =
            member.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.PrivateKeyword) || (member.name && ts.isPrivateIdentifier(member.name));
          if (name) members.set(name, { key: `${key}.${name}`, private: Boolean(privateMember) });
        }
        classMembers.set(key, members);
        for (const clause of node.heritageClauses ?? []) {
          for (const type of clause.types) {
            const base = targetOf(checker.getSymbolAtLocation(type.expression));
            for (const declaration of base?.declarations ?? []) {
              if (!inCorpus(declaration.getSourceFile())) continue;
              const baseKey = typeKeyOf(declaration);
              if (!baseKey) continue;
              let set = derived.get(baseKey);
              if (!set) derived.set(baseKey, (set = new Set()));
              set.add(key);
            }
          }
        }
      }
      if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
        const from = unitKey(node);
        if (from !== null) {
          const symbol = targetOf(checker.getSymbolAtLocation(node));
          for (const declaration of symbol?.declarations ?? []) {
            if (!inCorpus(declaration.getSourceFile()) || declaration === node.parent) continue;
            addEdge(from, unitKey(declaration));
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }

  // Public API: exports of the entry modules, namespaces followed, classes' non-private members.
  const api = new Set();
  const seenModules = new Set();
  const exportModule = (moduleSymbol) => {
    if (!moduleSymbol || seenModules.has(moduleSymbol)) return;
    seenModules.add(moduleSymbol);
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const target = targetOf(exported);
      if (!target) continue;
      if (target.flags & ts.SymbolFlags.ValueModule && target.declarations?.some((declaration) => ts.isSourceFile(declaration))) {
        exportModule(target);
        continue;
      }
      for (const declaration of target.declarations ?? []) {
        if (!inCorpus(declaration.getSourceFile())) continue;
        const key = unitKey(declaration);
        if (key === null) continue;
        api.add(key);
        for (const member of classMembers.get(key)?.values() ?? []) if (!member.private) api.add(member.key);
      }
    }
  };
  for (const file of entryFiles) {
    const sourceFile = program.getSourceFile(join(dir, file));
    if (sourceFile) exportModule(checker.getSymbolAtLocation(sourceFile));
  }

  // BFS: references, class -> constructor, a reachable member -> the same member of derived classes.
  const reachable = new Set(api);
  const queue = [...api];
  const reach = (key) => {
    if (key !== null && !reachable.has(key)) {
      reachable.add(key);
      queue.push(key);
    }
  };
  while (queue.length > 0) {
    const key = queue.shift();
    for (const next of edges.get(key) ?? []) reach(next);
    const members = classMembers.get(key);
    if (members?.has("constructor")) reach(members.get("constructor").key);
    const dot = key.lastIndexOf(".");
    const colon = key.indexOf(":");
    if (dot > colon) {
      const owner = key.slice(0, dot);
      const name = key.slice(dot + 1);
      const pending = [...(derived.get(owner) ?? [])];
      const seen = new Set(pending);
      for (let sub = pending.shift(); sub !== undefined; sub = pending.shift()) {
        const member = classMembers.get(sub)?.get(name);
        if (member) reach(member.key);
        for (const next of derived.get(sub) ?? []) {
          if (seen.has(next)) continue;
          seen.add(next);
          pending.push(next);
        }
      }
    }
  }
  const units = new Set([
    ...edges.keys(),
    ...[...edges.values()].flatMap((set) => [...set]),
    ...[...classMembers.values()].flatMap((members) => [...members.values()].map((member) => member.key)),
  ]);
  return { api, reachable, units };
}

function tsift(dir, ...argv) {
  return execFileSync(process.execPath, [bin, ...argv], { cwd: dir, encoding: "utf8", env: { ...process.env, TSIFT_NO_DAEMON: "1" }, maxBuffer: 1 << 28 });
}

/** Each dead node's `file:qualified_name`, read from index.db by file and line. */
function deadKeys(dir, report) {
  const Database = require("better-sqlite3");
  const db = new Database(join(dir, ".tsift/index.db"), { readonly: true });
  try {
    const lookup = db.prepare("SELECT qualified_name FROM symbols WHERE file = ? AND line = ? AND name = ? ORDER BY id LIMIT 1").pluck();
    return report.dead_code.dead_nodes.map((node) => {
      const short = node.name.slice(node.name.lastIndexOf(".") + 1).replace(/ .*$/, "");
      return `${node.file}:${lookup.get(node.file, node.line, short) ?? node.name}`;
    });
  } finally {
    db.close();
  }
}

function score(label, report, keys, oracle) {
  const matched = keys.filter((key) => oracle.units.has(key));
  const wrong = matched.filter((key) => oracle.reachable.has(key));
  const apiDead = keys.filter((key) => oracle.api.has(key));
  return {
    label,
    dead: report.dead_code.dead_count,
    nodes: report.dead_code.total_nodes,
    matched: matched.length,
    reachable_but_dead: wrong.length,
    precision: matched.length === 0 ? 1 : (matched.length - wrong.length) / matched.length,
    api_reported_dead: apiDead.length,
    api_examples: apiDead.slice(0, 8),
    wrong_examples: wrong.slice(0, 8),
  };
}

const results = [];
for (const name of CORPORA) {
  const source = join(corporaRoot, name);
  const dir = mkdtempSync(join(tmpdir(), `tsift-dead-${name}-`));
  try {
    cpSync(join(source, "package.json"), join(dir, "package.json"));
    cpSync(join(source, "src"), join(dir, "src"), { recursive: true });
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const entryFiles = [
      ...new Set(
        declaredTargets(pkg)
          .map((target) => sourceOf(dir, target))
          .filter(Boolean),
      ),
    ].sort();
    const oracle = compilerOracle(dir, entryFiles);
    tsift(dir, "index", ".", "--quiet");
    const report = JSON.parse(tsift(dir, "analyze", ".", "--limit", "0", "--json"));
    const after = score("after", report, deadKeys(dir, report), oracle);
    const row = {
      corpus: name,
      entry_modules: entryFiles,
      api: oracle.api.size,
      oracle_reachable: oracle.reachable.size,
      oracle_units: oracle.units.size,
      after,
    };
    if (baselineDir && existsSync(join(baselineDir, `${name}.json`))) {
      const before = JSON.parse(readFileSync(join(baselineDir, `${name}.json`), "utf8"));
      row.before = score("before", before, deadKeys(dir, before), oracle);
    }
    results.push(row);
  } finally {
    if (keep) console.error(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

if (asJson) console.log(JSON.stringify(results, null, 2));
else {
  for (const row of results) {
    console.log(
      `${row.corpus}: entry modules ${row.entry_modules.join(", ")}; public API ${row.api} declarations, ${row.oracle_reachable} of ${row.oracle_units} reachable`,
    );
    for (const s of [row.before, row.after].filter(Boolean)) {
      console.log(
        `  ${s.label.padEnd(6)} dead ${s.dead}/${s.nodes}; precision ${(s.precision * 100).toFixed(1)}% (${s.matched - s.reachable_but_dead}/${s.matched} matched dead nodes unreachable); public API reported dead: ${s.api_reported_dead}`,
      );
      if (s.api_examples.length > 0) console.log(`    API dead e.g. ${s.api_examples.join(", ")}`);
      if (s.wrong_examples.length > 0) console.log(`    reachable but dead e.g. ${s.wrong_examples.join(", ")}`);
    }
  }
}
