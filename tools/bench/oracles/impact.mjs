#!/usr/bin/env node
/**
 * `tsift impact` against an oracle: does impact list the test files that load a commit's
 * changed modules?
 *
 * For each of the last N commits of a repository that touched `packages/<pkg>/src/` (one
 * parent, oldest first), in a scratch clone checked out at the commit:
 *
 * 1. impact: the built CLI runs `tsift impact --revision HEAD --json --limit 0` (plus
 *    `--depth`/`--imports` when given) and lists test files;
 * 2. the oracle, computed without tsift: the runtime import graph of every JS/TS file
 *    (`import`, `export … from`, `import()` and `require()`, type-only imports skipped),
 *    parsed with the TypeScript compiler and resolved with its own module resolution
 *    (`ts.resolveModuleName`, `moduleResolution: bundler`, the custom condition
 *    `@tsift/source`), the workspace packages linked under node_modules as npm links them;
 *    a test file (`*.test.*`, `*.spec.*`, `__tests__/`, outside `fixtures/`) is affected when
 *    a breadth-first walk of its imports reaches a changed non-test module, or when the
 *    commit changed the test file itself. This is the set a module-graph test runner
 *    (vitest's `--changed`) would re-run: an upper bound on what really runs the change,
 *    since importing a barrel loads every module behind it.
 *
 * Reported per commit and in total: oracle size, impact's list, recall (oracle files impact
 * lists) and precision (listed files the oracle has).
 *
 *   node tools/bench/oracles/impact.mjs [--repo /work/main] [--ref HEAD] [--commits 30] [--work /tmp/tsift-impact-oracle]
 *        [--bin packages/cli/dist/bin.js | --snapshot DIR] [--depth N] [--imports fallback|always|never] [--json] [--out results.json]
 *
 * The clone is the scratch space: the source repository is only read (`git clone`).
 * `--snapshot DIR` copies the built @tsift packages to DIR first and runs the CLI from there,
 * so a rebuild in the working tree mid-run cannot pull a dist out from under it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { snapshotPackages } from "../impact/history.mjs";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const require = createRequire(join(REPO, "package.json"));
const ts = require("typescript");

const { values } = parseArgs({
  options: {
    repo: { type: "string", default: REPO },
    ref: { type: "string", default: "HEAD" },
    commits: { type: "string", default: "30" },
    work: { type: "string", default: "/tmp/tsift-impact-oracle" },
    bin: { type: "string" },
    snapshot: { type: "string" },
    depth: { type: "string" },
    imports: { type: "string" },
    json: { type: "boolean", default: false },
    out: { type: "string" },
  },
});
const bin = values.snapshot
  ? join(snapshotPackages(REPO, resolve(values.snapshot)), "cli", "dist", "bin.js")
  : resolve(values.bin ?? join(REPO, "packages/cli/dist/bin.js"));
const log = (message) => process.stderr.write(`[impact-oracle] ${message}\n`);
const posix = (path) => path.split(sep).join("/");
const clone = join(resolve(values.work), "repo");
const git = (...args) => execFileSync("git", ["-C", clone, ...args], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });

if (!existsSync(join(clone, ".git"))) {
  mkdirSync(dirname(clone), { recursive: true });
  execFileSync("git", ["clone", "-q", "--no-checkout", resolve(values.repo), clone]);
}
const tip = execFileSync("git", ["-C", resolve(values.repo), "rev-parse", "--verify", `${values.ref}^{commit}`], { encoding: "utf8" }).trim();
git("fetch", "-q", resolve(values.repo), "+refs/heads/*:refs/remotes/oracle/*");
const commits = git("log", "--format=%H %P", "-n", values.commits, tip, "--", ":(glob)packages/*/src/**")
  .trim()
  .split("\n")
  .map((line) => line.split(" "))
  .filter((parts) => parts.length === 2)
  .map(([commit]) => commit)
  .reverse();
log(`${commits.length} commits touching packages/*/src`);

const SOURCE = /\.[cm]?[jt]sx?$/u;
const isOracleTest = (path) =>
  SOURCE.test(path) && !path.split("/").includes("fixtures") && (/\.(test|spec)\.[cm]?[jt]sx?$/u.test(path) || path.split("/").includes("__tests__"));
const OPTIONS = {
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  module: ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2022,
  allowJs: true,
  customConditions: ["@tsift/source"],
  resolvePackageJsonExports: true,
};

/** npm's workspace links: node_modules/<name> -> the member directory, for each `workspaces` glob `dir/*` or `dir`. */
function linkWorkspaces() {
  rmSync(join(clone, "node_modules"), { recursive: true, force: true });
  const root = JSON.parse(readFileSync(join(clone, "package.json"), "utf8"));
  const globs = Array.isArray(root.workspaces) ? root.workspaces : (root.workspaces?.packages ?? []);
  for (const glob of globs) {
    const dirs = glob.endsWith("/*")
      ? readdirSync(join(clone, glob.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${glob.slice(0, -2)}/${entry.name}`)
      : [glob];
    for (const dir of dirs) {
      const manifest = join(clone, dir, "package.json");
      if (!existsSync(manifest)) continue;
      const { name } = JSON.parse(readFileSync(manifest, "utf8"));
      if (!name) continue;
      const link = join(clone, "node_modules", name);
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(relative(dirname(link), join(clone, dir)), link, "dir");
    }
  }
}

/** The module specifiers a file loads at run time (type-only imports and exports skipped). */
function runtimeSpecifiers(path, text) {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const out = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      const dynamic = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const required = ts.isIdentifier(node.expression) && node.expression.text === "require";
      if (dynamic || required) out.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** Every tracked JS/TS file's resolved runtime imports (clone-relative paths), by file. */
function importGraph(files) {
  const cache = ts.createModuleResolutionCache(clone, (name) => name, OPTIONS);
  const graph = new Map();
  for (const path of files) {
    const abs = join(clone, path);
    const targets = new Set();
    for (const spec of runtimeSpecifiers(abs, readFileSync(abs, "utf8"))) {
      const resolved = ts.resolveModuleName(spec, abs, OPTIONS, ts.sys, cache).resolvedModule;
      if (!resolved) continue;
      // A workspace member is reached through its node_modules link (so the compiler calls it an
      // external library import); its real path in the clone is what counts. Third-party
      // packages stay under node_modules and are left out.
      const target = posix(relative(clone, resolved.resolvedFileName));
      if (!target.startsWith("..") && !target.split("/").includes("node_modules")) targets.add(target);
    }
    graph.set(path, targets);
  }
  return graph;
}

function oracle(commit) {
  const files = git("ls-files", "-z")
    .split("\0")
    .filter((path) => SOURCE.test(path) && !path.endsWith(".d.ts") && existsSync(join(clone, path)) && lstatSync(join(clone, path)).isFile());
  const changed = git("diff", "--name-status", "--no-renames", `${commit}^`, commit)
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("\t"))
    .filter(([status]) => status !== "D")
    .map(([, path]) => path);
  const changedSources = new Set(changed.filter((path) => SOURCE.test(path) && !isOracleTest(path)));
  const graph = importGraph(files);
  const affected = new Set(changed.filter((path) => isOracleTest(path) && graph.has(path)));
  for (const test of files.filter(isOracleTest)) {
    if (affected.has(test)) continue;
    const seen = new Set([test]);
    const queue = [test];
    while (queue.length > 0) {
      const file = queue.shift();
      if (changedSources.has(file)) {
        affected.add(test);
        break;
      }
      for (const next of graph.get(file) ?? []) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
  }
  return { affected, changedSources: [...changedSources] };
}

function impactTests() {
  const args = [bin, "impact", "--revision", "HEAD", "--json", "--limit", "0"];
  if (values.depth) args.push("--depth", values.depth);
  if (values.imports) args.push("--imports", values.imports);
  const started = performance.now();
  const out = execFileSync(process.execPath, args, {
    cwd: clone,
    encoding: "utf8",
    env: { ...process.env, TSIFT_NO_DAEMON: "1" },
    maxBuffer: 64 * 1024 * 1024,
  });
  const data = JSON.parse(out);
  return { files: new Set(data.tests.map((test) => test.file)), ms: performance.now() - started };
}

const rows = [];
for (const [n, commit] of commits.entries()) {
  git("checkout", "-q", "--detach", "--force", commit);
  linkWorkspaces();
  const { affected, changedSources } = oracle(commit);
  const listed = impactTests();
  const hit = [...affected].filter((file) => listed.files.has(file));
  const row = {
    commit: commit.slice(0, 10),
    subject: git("log", "-1", "--format=%s", commit).trim(),
    changed_sources: changedSources.length,
    oracle: affected.size,
    listed: listed.files.size,
    hit: hit.length,
    oracle_files: [...affected].sort(),
    listed_files: [...listed.files].sort(),
    missed: [...affected].filter((file) => !listed.files.has(file)).sort(),
    extra: [...listed.files].filter((file) => !affected.has(file)).sort(),
    impact_ms: Math.round(listed.ms),
  };
  rows.push(row);
  log(`${n + 1}/${commits.length} ${row.commit} oracle ${row.oracle} listed ${row.listed} hit ${row.hit} (${row.impact_ms} ms) ${row.subject}`);
}
rmSync(join(clone, "node_modules"), { recursive: true, force: true });

const sum = (key) => rows.reduce((total, row) => total + row[key], 0);
const pct = (a, b) => (b === 0 ? "–" : `${((100 * a) / b).toFixed(1)}%`);
const withOracle = rows.filter((row) => row.oracle > 0);
const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor(sorted.length / 2)];
};
const summary = {
  commits: rows.length,
  settings: { depth: values.depth ?? "default (3)", imports: values.imports ?? "default (fallback)" },
  oracle_files: sum("oracle"),
  listed_files: sum("listed"),
  hits: sum("hit"),
  recall: pct(sum("hit"), sum("oracle")),
  precision: pct(sum("hit"), sum("listed")),
  commits_with_oracle_tests: withOracle.length,
  commits_with_a_hit: withOracle.filter((row) => row.hit > 0).length,
  mean_commit_recall: pct(
    withOracle.reduce((total, row) => total + row.hit / row.oracle, 0),
    withOracle.length,
  ),
  median_impact_ms: median(rows.map((row) => row.impact_ms)),
};
if (values.out) writeFileSync(values.out, JSON.stringify({ summary, rows }, null, 2));
if (values.json) console.log(JSON.stringify({ summary, rows }, null, 2));
else {
  for (const row of rows)
    console.log(
      `${row.commit}  oracle ${String(row.oracle).padStart(3)}  listed ${String(row.listed).padStart(3)}  hit ${String(row.hit).padStart(3)}  ${row.subject}`,
    );
  console.log(JSON.stringify(summary, null, 2));
}
