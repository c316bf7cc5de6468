#!/usr/bin/env node
/**
 * Go dead code against go/types: is what `tsift analyze` reports dead unreachable from the
 * package's API by Go's own view of the code, and does it report what is?
 *
 *   npm run build -w @tsift/cli
 *   node tools/bench/oracles/go/go-dead-code.mjs <corpus dir> [--bin packages/cli/dist/bin.js] [--show N] [--keep]
 *
 * The corpus is copied without test files and testdata (oracle.go checks no tests, so tests
 * would be entry points only tsift sees), then indexed and analysed by the CLI.
 *
 * The oracle (oracle.go, go/types) lists every function and method declaration and every use
 * of one (`ref`: a call, a method value, a function passed as a value), with the declaration
 * it appears in. Reachability is a walk over those uses from the roots Go gives a package:
 * `main`, `init`, code in package-level initializers, and its API — every exported function
 * and every exported method, whatever its receiver, since an unexported type's exported
 * method satisfies interfaces. A reached interface method reaches every method of the tree
 * with its name (what may run through it). Declarations in files the index skipped are left
 * out of both sides.
 *
 * Reported: dead count; precision (tsift's dead functions the oracle finds unreachable, over
 * tsift's dead functions the oracle declares); recall (of the oracle's unreachable functions,
 * the share tsift reports dead); exported functions reported dead (the target is none).
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ratio } from "../oracle-score.mjs";
import { goOracleRows } from "./oracle-rows.mjs";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
const require = createRequire(join(REPO, "packages/index/package.json"));
const Database = require("better-sqlite3");

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const corpus = args.find((arg, i) => !arg.startsWith("--") && !args[i - 1]?.startsWith("--"));
if (!corpus) {
  console.error("usage: go-dead-code.mjs <corpus dir> [--bin FILE] [--show N] [--keep]");
  process.exit(2);
}
const bin = resolve(option("--bin", join(REPO, "packages/cli/dist/bin.js")));
const show = Number(option("--show", 10));

const work = mkdtempSync(join(tmpdir(), "tsift-go-dead-"));
const copy = join(work, basename(resolve(corpus)));
cpSync(corpus, copy, {
  recursive: true,
  filter: (source) => !source.endsWith("_test.go") && basename(source) !== "testdata",
});

const rows = goOracleRows(copy);

const env = { ...process.env, TSIFT_NO_DAEMON: "1", TSIFT_DAEMON_AUTOSTART: "0" };
execFileSync(process.execPath, [bin, "index", "--json"], { cwd: copy, env, stdio: ["ignore", "ignore", "inherit"] });
const report = JSON.parse(execFileSync(process.execPath, [bin, "analyze", "--limit", "0", "--json"], { cwd: copy, env, encoding: "utf8", maxBuffer: 1 << 30 }));
const analysis = report.data ?? report;
const db = new Database(join(copy, ".tsift/index.db"), { readonly: true });
const indexed = new Set(db.prepare("SELECT path FROM files WHERE skip_reason IS NULL").pluck().all());
db.close();

// --- the oracle's graph ------------------------------------------------------------------
const key = (file, line) => `${file}:${line}`;
const lastPart = (name) => name.slice(name.lastIndexOf(".") + 1);
const exported = (name) => /^\p{Lu}/u.test(lastPart(name));
const interfaces = new Set(rows.filter((row) => row.t === "decl" && row.kind === "interface").map((row) => `${dirname(row.file)}\0${row.name}`));
const isInterfaceMethod = (row) => row.kind === "method" && row.name.includes(".") && interfaces.has(`${dirname(row.file)}\0${row.name.split(".")[0]}`);
const functions = rows.filter((row) => row.t === "decl" && (row.kind === "function" || row.kind === "method"));
const declByName = new Map(functions.map((row) => [`${row.file}\0${row.name}`, key(row.file, row.line)]));
const methodsByName = new Map();
for (const row of functions) {
  if (row.kind !== "method") continue;
  const name = lastPart(row.name);
  if (!methodsByName.has(name)) methodsByName.set(name, []);
  methodsByName.get(name).push(key(row.file, row.line));
}
const interfaceMethodKeys = new Set(functions.filter(isInterfaceMethod).map((row) => key(row.file, row.line)));
const nameOf = new Map(functions.map((row) => [key(row.file, row.line), row.name]));

const edges = new Map();
const roots = new Set();
for (const row of functions) if (exported(row.name) || row.name === "main" || row.name === "init") roots.add(key(row.file, row.line));
for (const row of rows) {
  if (row.t !== "ref") continue;
  const callee = key(row.callee_file, row.callee_line);
  const caller = declByName.get(`${row.file}\0${row.caller}`);
  // A use outside any function (a package-level initializer) runs when the package loads; so does one in `init`.
  if (caller === undefined || row.caller === "init") {
    roots.add(callee);
    continue;
  }
  if (!edges.has(caller)) edges.set(caller, new Set());
  edges.get(caller).add(callee);
}
const reached = new Set(roots);
const queue = [...roots];
while (queue.length > 0) {
  const node = queue.pop();
  const next = [...(edges.get(node) ?? [])];
  if (interfaceMethodKeys.has(node)) next.push(...(methodsByName.get(lastPart(nameOf.get(node) ?? "")) ?? []));
  for (const other of next) {
    if (!reached.has(other)) {
      reached.add(other);
      queue.push(other);
    }
  }
}

// --- compare -------------------------------------------------------------------------------
const compared = functions.filter((row) => indexed.has(row.file) && !isInterfaceMethod(row));
const comparedKeys = new Set(compared.map((row) => key(row.file, row.line)));
const unreachable = new Set([...comparedKeys].filter((node) => !reached.has(node)));
const dead = analysis.dead_code.dead_nodes.map((node) => key(node.file, node.line)).filter((node) => comparedKeys.has(node));
const both = dead.filter((node) => unreachable.has(node));
const wronglyDead = dead.filter((node) => !unreachable.has(node));
const missed = [...unreachable].filter((node) => !dead.includes(node));
const exportedDead = dead.filter((node) => exported(nameOf.get(node) ?? ""));

console.log(`corpus ${corpus}: ${indexed.size} files indexed, ${compared.length} functions and methods compared`);
console.log("| tsift dead | oracle unreachable | both | precision | recall | exported reported dead |");
console.log("|---:|---:|---:|---:|---:|---:|");
console.log(
  `| ${dead.length} | ${unreachable.size} | ${both.length} | ${ratio(both.length, dead.length).toFixed(3)} | ${ratio(both.length, unreachable.size).toFixed(3)} | ${exportedDead.length} |`,
);
const sample = (label, keys) => {
  if (keys.length === 0) return;
  console.log(`  ${label} (${keys.length}), first ${Math.min(show, keys.length)}:`);
  for (const node of keys.slice(0, show)) console.log(`    ${node} ${nameOf.get(node)}`);
};
sample("reported dead, reachable by go/types", wronglyDead);
sample("unreachable, not reported dead", missed);
if (args.includes("--keep")) console.log(`kept ${copy}`);
else rmSync(work, { recursive: true, force: true });
