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
 * unreachable / dead nodes matched to a declaration), recall (of the functions and methods
 * the oracle finds unreachable, the share reported dead), the public-API functions reported
 * dead (the target is none), and, with --baseline DIR holding `<corpus>.json` from an earlier
 * build's `tsift analyze --limit 0 --json`, the same figures for it.
 *
 *   node tools/bench/oracles/dead-code.mjs [--corpus rxjs|effect|all] [--bin packages/cli/dist/bin.js]
 *        [--baseline DIR] [--json] [--keep]
 *
 * Corpora: /tmp/corpora/node_modules/{rxjs,effect} (override with TSIFT_DEAD_CODE_CORPORA).
 * Each is copied to a scratch directory and indexed there.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { compilerOracle, declaredTargets, sourceOf } from "./dead-code-oracle.mjs";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const require = createRequire(join(REPO, "package.json"));

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

function tsift(dir, ...argv) {
  return execFileSync(process.execPath, [bin, ...argv], { cwd: dir, encoding: "utf8", env: { ...process.env, TSIFT_NO_DAEMON: "1" }, maxBuffer: 1 << 28 });
}

/** Functions and methods of index.db (not interface members) as `file:qualified_name`: the universe recall is measured over. */
function callableKeys(dir) {
  const Database = require("better-sqlite3");
  const db = new Database(join(dir, ".tsift/index.db"), { readonly: true });
  try {
    // Members of interfaces, type literals and traits are declarations, never run.
    return db
      .prepare(
        `SELECT DISTINCT s.file || ':' || s.qualified_name FROM symbols s WHERE s.kind IN ('function', 'method')
           AND NOT EXISTS (SELECT 1 FROM symbols p WHERE p.file = s.file AND p.qualified_name = s.parent AND p.kind IN ('interface', 'type_alias', 'trait'))`,
      )
      .pluck()
      .all();
  } finally {
    db.close();
  }
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

function score(label, report, keys, oracle, callables) {
  const matched = keys.filter((key) => oracle.units.has(key));
  // Recall: of the functions and methods the oracle finds unreachable, the share reported dead.
  const oracleDead = callables.filter((key) => oracle.units.has(key) && !oracle.reachable.has(key));
  const reported = new Set(keys);
  const found = oracleDead.filter((key) => reported.has(key));
  const wrong = matched.filter((key) => oracle.reachable.has(key));
  const apiDead = keys.filter((key) => oracle.api.has(key));
  return {
    label,
    dead: report.dead_code.dead_count,
    nodes: report.dead_code.total_nodes,
    matched: matched.length,
    reachable_but_dead: wrong.length,
    precision: matched.length === 0 ? 1 : (matched.length - wrong.length) / matched.length,
    oracle_dead: oracleDead.length,
    recall: oracleDead.length === 0 ? 1 : found.length / oracleDead.length,
    missed_examples: oracleDead.filter((key) => !reported.has(key)).slice(0, 8),
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
    const callables = callableKeys(dir);
    const after = score("after", report, deadKeys(dir, report), oracle, callables);
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
      row.before = score("before", before, deadKeys(dir, before), oracle, callables);
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
        `  ${s.label.padEnd(6)} dead ${s.dead}/${s.nodes}; precision ${(s.precision * 100).toFixed(1)}% (${s.matched - s.reachable_but_dead}/${s.matched} matched dead nodes unreachable); recall ${(s.recall * 100).toFixed(1)}% of ${s.oracle_dead} unreachable functions; public API reported dead: ${s.api_reported_dead}`,
      );
      if (s.api_examples.length > 0) console.log(`    API dead e.g. ${s.api_examples.join(", ")}`);
      if (s.wrong_examples.length > 0) console.log(`    reachable but dead e.g. ${s.wrong_examples.join(", ")}`);
      if (s.missed_examples.length > 0) console.log(`    unreachable, not reported e.g. ${s.missed_examples.join(", ")}`);
    }
  }
}
