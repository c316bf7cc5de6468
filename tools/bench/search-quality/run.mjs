// Search quality benchmark: top-1 / top-5 hit rate and MRR per strategy over the task
// set in tasks.json (resolved from tasks.source.json, written before any tuning), plus
// the same for a plain `git grep -n` baseline on the query words.
//
//   node tools/bench/search-quality/run.mjs [--corpus DIR] [--out results.json] [--bin cli/dist/bin.js]
//
// The corpus is effect@4.1.0's src/ from the npm registry: installed into a scratch
// directory (npm pack; never vendored), committed to a fresh git repo so `git grep`
// has a work tree, and indexed with the built CLI. A result counts when it is in the
// task's file and its span overlaps the expected range: a chunk's lines for index
// strategies, a symbol's declaration for symbols, the best line for exact hits, and
// for grep the best-matching line +-10 (the window a developer reads around a grep hit).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { grepRankedFiles } from "./grep-baseline.mjs";

// Every tsift this script starts runs in-process: a daemon left running (of another build,
// perhaps) would otherwise answer its read commands.
process.env.TSIFT_NO_DAEMON = "1";

const here = new URL(".", import.meta.url);
const repoRoot = join(here.pathname, "..", "..", "..");
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
// --bin: a copy of the built CLI, so rebuilds in the work tree cannot disturb a long run.
const bin = option("--bin", join(repoRoot, "packages", "cli", "dist", "bin.js"));
const corpus = option("--corpus", join(tmpdir(), "tsift-search-quality", "effect"));
const out = option("--out", null);
const spec = JSON.parse(readFileSync(new URL("tasks.json", here), "utf8"));

export function prepareCorpus(dir, pkg = spec.package) {
  if (existsSync(join(dir, ".git"))) return;
  const scratch = join(dir, "..", "pack");
  mkdirSync(scratch, { recursive: true });
  const tarball = execFileSync("npm", ["pack", pkg, "--silent"], { cwd: scratch, encoding: "utf8" }).trim().split("\n").pop();
  execFileSync("tar", ["xzf", tarball], { cwd: scratch });
  mkdirSync(dir, { recursive: true });
  execFileSync("cp", ["-r", join(scratch, "package", spec.subdir), join(dir, spec.subdir)]);
  execFileSync("git", ["init", "-q"], { cwd: dir });
  execFileSync("git", ["add", "-A"], { cwd: dir });
  execFileSync("git", ["-c", "user.email=bench@tsift", "-c", "user.name=bench", "commit", "-qm", "corpus"], { cwd: dir });
}

function tsift(argv) {
  const result = spawnSync(process.execPath, [bin, ...argv], { cwd: corpus, encoding: "utf8", maxBuffer: 64 << 20 });
  if (result.status !== 0) throw new Error(`tsift ${argv.join(" ")} exited ${result.status}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

const overlaps = (file, start, end, task) => file === task.file && start <= task.end && end >= task.start;

function rankOf(items, task) {
  const index = items.findIndex((item) => overlaps(item.file, item.start, item.end, task));
  return index < 0 ? null : index + 1;
}

/** git grep baseline: the top 10 files, each as its best line +-10. */
function grepRanked(query) {
  return grepRankedFiles(query, corpus)
    .slice(0, 10)
    .map((entry) => ({ file: entry.file, start: entry.line - 10, end: entry.line + 10 }));
}

const STRATEGIES = {
  lexical: (query) => tsift(["search", query, "--json", "--limit", "10", "--strategy", "lexical", "--timeout", "0"]).hits,
  hybrid: (query) => tsift(["search", query, "--json", "--limit", "10", "--strategy", "hybrid", "--timeout", "0"]).hits,
  semantic: (query) => tsift(["search", query, "--json", "--limit", "10", "--strategy", "semantic", "--timeout", "0"]).hits,
  exact: (query) => tsift(["search", query, "--json", "--limit", "10", "--exact", "--timeout", "0"]).hits,
};

function summarize(ranks) {
  const n = ranks.length;
  return {
    n,
    top1: ranks.filter((rank) => rank === 1).length / n,
    top5: ranks.filter((rank) => rank !== null && rank <= 5).length / n,
    mrr: ranks.reduce((sum, rank) => sum + (rank === null ? 0 : 1 / rank), 0) / n,
  };
}

function main() {
  prepareCorpus(corpus);
  tsift(["index", "--json", "--quiet"]);
  const perTask = [];
  const ranks = { lexical: [], hybrid: [], semantic: [], exact: [], symbols: [], answer: [], grep: [] };
  for (const task of spec.tasks) {
    const row = { id: task.id, kind: task.kind, query: task.query };
    for (const [name, run] of Object.entries(STRATEGIES)) {
      if (name === "exact" && task.kind !== "identifier") continue;
      const hits = run(task.query).map((hit) =>
        name === "exact" ? { file: hit.path, start: hit.line, end: hit.line } : { file: hit.path, start: hit.start_line, end: hit.end_line },
      );
      row[name] = rankOf(hits, task);
      ranks[name].push(row[name]);
    }
    const lexical = tsift(["search", task.query, "--json", "--limit", "10", "--strategy", "lexical", "--timeout", "0"]);
    const symbols = lexical.symbols.map((symbol) => ({ file: symbol.file, start: symbol.line, end: symbol.end_line }));
    row.symbols = rankOf(symbols, task);
    ranks.symbols.push(row.symbols);
    // The answer as a reader meets it: the merged results of a prose query, else symbols then hits.
    const answer = lexical.results
      ? lexical.results.map((item) => ({ file: item.path, start: item.start_line, end: item.end_line }))
      : [...symbols, ...lexical.hits.map((hit) => ({ file: hit.path, start: hit.start_line, end: hit.end_line }))];
    row.answer = rankOf(answer, task);
    ranks.answer.push(row.answer);
    row.grep = rankOf(grepRanked(task.query), task);
    ranks.grep.push(row.grep);
    perTask.push(row);
  }
  const summary = Object.fromEntries(Object.entries(ranks).map(([name, list]) => [name, summarize(list)]));
  console.log(`| strategy | tasks | top-1 | top-5 | MRR |\n|---|---|---|---|---|`);
  for (const [name, s] of Object.entries(summary)) console.log(`| ${name} | ${s.n} | ${s.top1.toFixed(2)} | ${s.top5.toFixed(2)} | ${s.mrr.toFixed(3)} |`);
  if (out) writeFileSync(out, `${JSON.stringify({ package: spec.package, summary, tasks: perTask }, null, 2)}\n`);
}

main();
