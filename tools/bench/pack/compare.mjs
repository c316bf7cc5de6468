#!/usr/bin/env node
// tsift pack against repomix --compress on the same trees: bytes and o200k_base tokens of each
// pack, wall time, and how many of a fixed list of important symbols each pack names.
//
//   node tools/bench/pack/compare.mjs [--work DIR] [--budgets 4096,16384,65536] [--only tsift|effect]
//
// Targets: this repository at HEAD (`git archive`, so the tree is exactly a commit) and the
// source of the effect package from the npm registry (effect@4.1.0's `src/`). repomix
// (1.13.1, the last release whose engines allow Node 20) and effect are installed with npm
// into `--work` (default $TMPDIR/tsift-pack-bench), never into the project. The important
// symbols are the 50 distinct names (3+ characters, `constructor` left out) with the highest
// PageRank in tsift's call-graph ranking of the target (the ranking `tsift explain` reports,
// not the pack's own); a pack names one when the name occurs in it as a whole word. Needs the
// built CLI (`npx nx run @tsift/cli:build`).
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

// Every tsift this script starts runs in-process: a daemon left running (of another build,
// perhaps) would otherwise answer its read commands.
process.env.TSIFT_NO_DAEMON = "1";

const REPOMIX_VERSION = "1.13.1";
const EFFECT_VERSION = "4.1.0";
const TOP = 50;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const bin = join(repoRoot, "packages", "cli", "dist", "bin.js");
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args[i + 1];
};
const work = resolve(flag("work", join(tmpdir(), "tsift-pack-bench")));
const budgets = flag("budgets", "4096,16384,65536").split(",").map(Number);
const only = flag("only", null);

const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
const { openIndexReader, indexLocation, symbolRanking, loadCallGraph } = await import("@tsift/index");
const { pageRank } = await import("@tsift/algorithms");

// CPU seconds (user + system) from GNU time when it is there: on a shared machine wall time
// says more about the neighbours than about the tool.
const gnuTime = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;

function run(command, argv, options = {}) {
  const started = process.hrtime.bigint();
  const timed = gnuTime ? [gnuTime, ["-f", "cpu %U %S", command, ...argv]] : [command, argv];
  const result = spawnSync(timed[0], timed[1], { encoding: "utf8", maxBuffer: 1 << 30, ...options });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`${command} ${argv.join(" ")} exited ${result.status}: ${result.stderr}`);
  const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(result.stderr);
  return { stdout: result.stdout, seconds, cpu: cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN };
}

function install() {
  const prefix = join(work, "npm");
  if (!existsSync(join(prefix, "node_modules", "repomix")) || !existsSync(join(prefix, "node_modules", "effect", "src"))) {
    mkdirSync(prefix, { recursive: true });
    run("npm", ["install", `repomix@${REPOMIX_VERSION}`, `effect@${EFFECT_VERSION}`, "--prefix", prefix, "--ignore-scripts", "--no-audit", "--no-fund"]);
  }
  return prefix;
}

function targets(prefix) {
  const list = [];
  if (only === null || only === "tsift") {
    const dir = join(work, "tsift-src");
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: repoRoot, encoding: "utf8" }).trim();
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execFileSync("sh", ["-c", `git archive HEAD | tar -x -C '${dir}'`], { cwd: repoRoot });
    list.push({ name: `tsift @ ${commit}`, dir });
  }
  if (only === null || only === "effect") {
    const dir = join(work, "effect-src");
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    cpSync(join(prefix, "node_modules", "effect", "src"), join(dir, "src"), { recursive: true });
    cpSync(join(prefix, "node_modules", "effect", "package.json"), join(dir, "package.json"));
    list.push({ name: `effect@${EFFECT_VERSION} src/`, dir });
  }
  return list;
}

/** The TOP distinct symbol names with the highest call-graph PageRank in the target's index. */
function importantNames(dir) {
  const connection = openIndexReader(indexLocation(dir));
  try {
    const db = connection.database;
    const ranking = symbolRanking(db, pageRank, { cacheDir: null });
    const { symbols } = loadCallGraph(db);
    const names = [];
    for (const [handle] of ranking.ranking) {
      const name = symbols.get(handle)?.name;
      if (!name || name.length < 3 || name === "constructor" || names.includes(name)) continue;
      names.push(name);
      if (names.length === TOP) break;
    }
    return names;
  } finally {
    void connection.close();
  }
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const named = (text, names) => names.filter((name) => new RegExp(`(^|[^A-Za-z0-9_$])${escape(name)}($|[^A-Za-z0-9_$])`).test(text)).length;

const prefix = install();
const repomix = join(prefix, "node_modules", "repomix", "bin", "repomix.cjs");
const rows = [];
for (const target of targets(prefix)) {
  const indexed = run(process.execPath, [bin, "index", "--quiet"], { cwd: target.dir });
  const names = importantNames(target.dir);
  const files = Number(JSON.parse(run(process.execPath, [bin, "status", "--json"], { cwd: target.dir }).stdout).index?.total_files ?? NaN);
  console.error(`${target.name}: indexed in ${indexed.seconds.toFixed(1)} s (${indexed.cpu.toFixed(1)} s CPU); top names: ${names.slice(0, 10).join(", ")}, …`);
  for (const budget of budgets) {
    const packed = run(process.execPath, [bin, "pack", "--budget", String(budget)], { cwd: target.dir });
    rows.push({
      target: target.name,
      files,
      tool: `tsift pack --budget ${budget}`,
      bytes: Buffer.byteLength(packed.stdout),
      tokens: countTokens(packed.stdout),
      named: named(packed.stdout, names),
      seconds: packed.seconds,
      cpu: packed.cpu,
    });
  }
  const output = join(work, "repomix-output.xml");
  rmSync(output, { force: true });
  const packed = run(process.execPath, [repomix, "--compress", "--quiet", "--ignore", ".tsift/**", "-o", output, "."], { cwd: target.dir });
  const text = readFileSync(output, "utf8");
  rows.push({
    target: target.name,
    files,
    tool: `repomix ${REPOMIX_VERSION} --compress`,
    bytes: statSync(output).size,
    tokens: countTokens(text),
    named: named(text, names),
    seconds: packed.seconds,
    cpu: packed.cpu,
  });
}

console.log(`| target (files) | tool | bytes | tokens (o200k_base) | top-${TOP} PageRank symbols named | wall s | CPU s |`);
console.log("|---|---|---:|---:|---:|---:|---:|");
for (const row of rows)
  console.log(
    `| ${row.target} (${row.files}) | ${row.tool} | ${row.bytes} | ${row.tokens} | ${row.named}/${TOP} | ${row.seconds.toFixed(1)} | ${row.cpu.toFixed(1)} |`,
  );
