#!/usr/bin/env node
/**
 * Java dead code against javac: is what `tsift analyze` reports dead unreachable from the
 * corpus's API by javac's own view of the code, and does it report what is?
 *
 *   npm run build -w @tsift/cli
 *   node tools/bench/oracles/java/java-dead-code.mjs [corpus dir] [--bin packages/cli/dist/bin.js] [--show N] [--keep]
 *       [--javac-output FILE]   # JavacReferences' output: read when FILE exists, else written there (javac takes minutes)
 *
 * The corpus defaults to /tmp/corpora/jdk, as for java-oracle.mjs (a folder named like a JDK
 * module is compiled as a patch of that module). A copy is indexed and analysed by the CLI.
 *
 * The oracle (JavacReferences.java, javac's attribution) lists every method and constructor
 * and every reference to one: invocations (implicit `super()` included), instance creations,
 * method references. Reachability is a walk over those references from the roots Java gives
 * a library: its API (public and protected members of public and protected types), what the
 * JVM runs by name (`main`, serialization hooks, `finalize`), code run when a class loads or
 * an object is made (field initializers, initializer blocks, enum constants), and methods
 * that override one declared outside the corpus (`toString`, `run`: code outside calls them
 * through the supertype). A reached method reaches the corpus's methods that override it
 * (javac's `Elements.overrides`, also for a method a class inherits from its superclass that
 * implements an interface method for it); a reached method reaches the methods of the
 * anonymous and local classes it declares.
 *
 * tsift's dead nodes are matched to the oracle by (file, qualified name): tsift, like this
 * comparison, does not tell overloads apart (an uncalled overload of a called name is no
 * node), so a name is unreachable when every declaration of it is. Reported: precision
 * (tsift's dead names the oracle finds unreachable, over tsift's dead names the oracle
 * declares); recall (of the oracle's unreachable names of methods with a body, the share
 * tsift reports dead); API reported dead (a name with a public or protected declaration
 * outside code can call: the target is none).
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ratio } from "../oracle-score.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, "../../../..");
const Database = createRequire(join(REPO, "packages/index/package.json"))("better-sqlite3");

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const corpus = resolve(args.find((arg, i) => !arg.startsWith("--") && !args[i - 1]?.startsWith("--")) ?? "/tmp/corpora/jdk");
const bin = resolve(option("--bin", join(REPO, "packages/cli/dist/bin.js")));
const show = Number(option("--show", 10));
const cached = option("--javac-output", null);
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

// --- javac's view ------------------------------------------------------------------------
let output;
if (cached && existsSync(cached)) output = readFileSync(cached, "utf8");
else {
  const classes = mkdtempSync(join(tmpdir(), "tsift-java-dead-"));
  try {
    execFileSync("javac", [...JDK_EXPORTS, "-d", classes, join(HERE, "JavacOracle.java"), join(HERE, "JavacReferences.java")]);
    const modules = readdirSync(corpus, { withFileTypes: true }).filter((entry) => entry.isDirectory() && /^(?:java|jdk)\.[a-z.]+$/u.test(entry.name));
    const patches = modules.flatMap((entry) => ["--patch-module", `${entry.name}=${join(corpus, entry.name)}`]);
    output = execFileSync("java", [...JDK_EXPORTS, "-Xss16m", "-Xmx3g", "-cp", classes, "JavacReferences", ...patches], {
      input: javaFiles(corpus).join("\n"),
      encoding: "utf8",
      maxBuffer: 1 << 30,
    });
    if (cached) writeFileSync(cached, output);
  } finally {
    rmSync(classes, { recursive: true, force: true });
  }
}
const rows = output
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const decls = rows.filter((row) => row.t === "decl");

const edges = new Map();
const edge = (from, to) => {
  if (!edges.has(from)) edges.set(from, new Set());
  edges.get(from).add(to);
};
const roots = new Set();
for (const decl of decls) {
  if (decl.api || decl.hook || decl.external) roots.add(decl.key);
  // A reached method reaches its overrides: the call may run any of them.
  for (const overridden of decl.overrides) edge(overridden, decl.key);
}
for (const row of rows) {
  if (row.t === "inherited") {
    if (row.external) roots.add(row.key);
    for (const overridden of row.overrides) edge(overridden, row.key);
  }
  if (row.t !== "ref") continue;
  if (row.from === null) roots.add(row.to);
  else if (row.from !== row.to) edge(row.from, row.to);
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

// Names as tsift has them: (file, qualified name), overloads together.
const names = new Map();
for (const decl of decls) {
  const name = `${relative(corpus, decl.file)}\t${decl.name}`;
  if (!names.has(name)) names.set(name, []);
  names.get(name).push(decl);
}
const unreachableName = (list) => list.every((decl) => !reached.has(decl.key));

// --- tsift's view --------------------------------------------------------------------------
const work = mkdtempSync(join(tmpdir(), "tsift-java-dead-corpus-"));
const copy = join(work, basename(corpus));
cpSync(corpus, copy, { recursive: true, filter: (source) => !source.includes(".tsift") });
const env = { ...process.env, TSIFT_NO_DAEMON: "1", TSIFT_DAEMON_AUTOSTART: "0" };
execFileSync(process.execPath, [bin, "index", "--json"], { cwd: copy, env, stdio: ["ignore", "ignore", "inherit"] });
const report = JSON.parse(execFileSync(process.execPath, [bin, "analyze", "--limit", "0", "--json"], { cwd: copy, env, encoding: "utf8", maxBuffer: 1 << 30 }));
const analysis = report.data ?? report;
const db = new Database(join(copy, ".tsift/index.db"), { readonly: true });
const qualifiedAt = db
  .prepare("SELECT qualified_name FROM symbols WHERE file = ? AND line = ? AND name = ? AND kind IN ('function', 'method', 'constructor')")
  .pluck();
const nodeCount = analysis.dead_code.total_nodes;
const dead = [];
const unnamed = [];
for (const node of analysis.dead_code.dead_nodes) {
  const displayed = node.name.replace(/ \(.*$/u, "");
  const shortName = displayed.slice(displayed.lastIndexOf(".") + 1);
  const qualified = qualifiedAt.get(node.file, node.line, shortName);
  if (qualified === undefined) unnamed.push(`${node.file}:${node.line} ${node.name}`);
  else dead.push(`${node.file}\t${qualified}`);
}
db.close();

// --- compare -------------------------------------------------------------------------------
const deadNames = [...new Set(dead)];
const matched = deadNames.filter((name) => names.has(name));
const right = matched.filter((name) => unreachableName(names.get(name)));
const wrong = matched.filter((name) => !unreachableName(names.get(name)));
const apiDead = matched.filter((name) => names.get(name).some((decl) => decl.api));
const deadSet = new Set(deadNames);
const unreachableMethods = [...names]
  .filter(([, list]) => list.every((decl) => decl.kind === "method" && decl.body) && unreachableName(list))
  .map(([name]) => name);
const found = unreachableMethods.filter((name) => deadSet.has(name));
const missed = unreachableMethods.filter((name) => !deadSet.has(name));

console.log(
  `corpus ${corpus}: ${decls.length} methods and constructors by javac (${names.size} names, ${reached.size} declarations reachable); tsift: ${nodeCount} nodes, ${analysis.dead_code.dead_count} dead`,
);
console.log("| tsift dead names | matched to javac | oracle unreachable methods | both | precision | recall | API reported dead |");
console.log("|---:|---:|---:|---:|---:|---:|---:|");
console.log(
  `| ${deadNames.length} | ${matched.length} | ${unreachableMethods.length} | ${right.length} | ${ratio(right.length, matched.length).toFixed(3)} | ${ratio(found.length, unreachableMethods.length).toFixed(3)} | ${apiDead.length} |`,
);
const sample = (label, list) => {
  if (list.length === 0) return;
  console.log(`  ${label} (${list.length}), first ${Math.min(show, list.length)}:`);
  for (const name of list.slice(0, show)) {
    const where = (names.get(name) ?? []).map((decl) => `${decl.line}${decl.api ? " api" : ""}${reached.has(decl.key) ? " reached" : ""}`).join(", ");
    console.log(`    ${name.replace("\t", " ")} [${where}]`);
  }
};
sample("reported dead, reachable by javac", wrong);
sample("API reported dead", apiDead);
sample(
  "reported dead, not declared by javac",
  deadNames.filter((name) => !names.has(name)),
);
sample("unreachable, not reported dead", missed);
if (unnamed.length > 0) console.log(`  dead nodes not found among the index's functions and methods (${unnamed.length}): ${unnamed.join(", ")}`);
if (args.includes("--keep")) console.log(`kept ${copy}`);
else rmSync(work, { recursive: true, force: true });
