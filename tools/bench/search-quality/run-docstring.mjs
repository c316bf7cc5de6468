// Docstring -> code benchmark: can `tsift search` find a Python function from the first
// sentence of its docstring, once every docstring is gone from the code?
//
//   node tools/bench/search-quality/run-docstring.mjs [--split tune|heldout|all] [--corpus DIR]
//        [--bin cli/dist/bin.js] [--out results.json] [--hybrid] [--fresh]
//
// docstring_corpus.py copies the pinned Debian packages (docstring-tasks.json `packages`)
// into a scratch directory with every docstring removed; the corpus is committed to a fresh
// git repo there (for `git grep`), never to this repository, and indexed with the built CLI.
// Each task's query is the function's docstring first sentence; its expected range is the
// function in the stripped file. Answers are read in answer order: the merged `results` list
// when the search returns one, else `symbols` then `hits`, as the text output prints them.
// A result finds the function when it is in the file and its line (a symbol's declaration
// line, a hit's best line) lies in the function's range; the file when its path is the
// file. Scores: the share of tasks with the function (file) among the first five results.
// Baseline: `git grep -n -i -F` with the query words (files ranked by distinct words, then
// matching lines; the best line of a file is its line with the most words).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GREP_STOP_WORDS, grepRankedFiles } from "./grep-baseline.mjs";

// Every tsift this script starts runs in-process: a daemon left running (of another build,
// perhaps) would otherwise answer its read commands.
process.env.TSIFT_NO_DAEMON = "1";

const here = new URL(".", import.meta.url);
const repoRoot = join(here.pathname, "..", "..", "..");
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const bin = option("--bin", join(repoRoot, "packages", "cli", "dist", "bin.js"));
const corpus = option("--corpus", join(tmpdir(), "tsift-docstring-quality", "corpus"));
const split = option("--split", "all");
const out = option("--out", null);
const spec = JSON.parse(readFileSync(new URL("docstring-tasks.json", here), "utf8"));
const tasks = spec.tasks.filter((task) => split === "all" || task.split === split);

function prepareCorpus() {
  if (args.includes("--fresh")) rmSync(corpus, { recursive: true, force: true });
  if (existsSync(join(corpus, ".git"))) return;
  mkdirSync(corpus, { recursive: true });
  execFileSync("python3", [join(here.pathname, "docstring_corpus.py"), "strip", corpus], { stdio: "inherit" });
  execFileSync("git", ["init", "-q"], { cwd: corpus });
  execFileSync("git", ["add", "-A"], { cwd: corpus });
  execFileSync("git", ["-c", "user.email=bench@tsift", "-c", "user.name=bench", "commit", "-qm", "corpus"], { cwd: corpus });
}

function tsift(argv) {
  const result = spawnSync(process.execPath, [bin, ...argv], { cwd: corpus, encoding: "utf8", maxBuffer: 64 << 20 });
  if (result.status !== 0) throw new Error(`tsift ${argv.join(" ")} exited ${result.status}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

/** The answer in reading order, each entry a file and the line it points at. */
function answerOrder(data) {
  if (Array.isArray(data.results)) return data.results.map((item) => ({ file: item.path, line: item.line }));
  return [...data.symbols.map((symbol) => ({ file: symbol.file, line: symbol.line })), ...hitsOrder(data)];
}

const hitsOrder = (data) => data.hits.map((hit) => ({ file: hit.path, line: hit.line }));
const symbolsOrder = (data) => data.symbols.map((symbol) => ({ file: symbol.file, line: symbol.line }));

function score(items, task) {
  const top = items.slice(0, 5);
  return {
    fn: top.some((item) => item.file === task.file && item.line >= task.start && item.line <= task.end),
    file: top.some((item) => item.file === task.file),
  };
}

/** git grep baseline, every matching file with its best line; docstrings also say "return(s)". */
function grepRanked(query) {
  return grepRankedFiles(query, corpus, [...GREP_STOP_WORDS, "return", "returns"]);
}

function main() {
  prepareCorpus();
  const started = performance.now();
  tsift(["index", "--json", "--quiet"]);
  const indexMs = Math.round(performance.now() - started);
  const lanes = ["answer", "hits", "symbols", ...(args.includes("--hybrid") ? ["hybrid"] : []), "grep"];
  const totals = Object.fromEntries(lanes.map((lane) => [lane, { fn: 0, file: 0 }]));
  const perTask = [];
  for (const task of tasks) {
    const data = tsift(["search", task.query, "--json", "--limit", "10", "--timeout", "0"]);
    const row = { id: task.id, split: task.split, name: task.name, shape: data.answer ?? null };
    const lists = { answer: answerOrder(data), hits: hitsOrder(data), symbols: symbolsOrder(data), grep: grepRanked(task.query) };
    if (args.includes("--hybrid"))
      lists.hybrid = answerOrder(tsift(["search", task.query, "--json", "--limit", "10", "--timeout", "0", "--strategy", "hybrid"]));
    for (const lane of lanes) {
      const result = score(lists[lane], task);
      totals[lane].fn += Number(result.fn);
      totals[lane].file += Number(result.file);
      row[lane] = `${result.fn ? "F" : "-"}${result.file ? "f" : "-"}`;
    }
    perTask.push(row);
  }
  const n = tasks.length;
  console.log(`split ${split}: ${n} tasks; index ${indexMs} ms`);
  console.log(`| lane | function top-5 | file top-5 |\n|---|---|---|`);
  for (const lane of lanes) console.log(`| ${lane} | ${(totals[lane].fn / n).toFixed(3)} | ${(totals[lane].file / n).toFixed(3)} |`);
  if (out) {
    const summary = Object.fromEntries(lanes.map((lane) => [lane, { function_top5: totals[lane].fn / n, file_top5: totals[lane].file / n }]));
    writeFileSync(out, `${JSON.stringify({ split, tasks: n, summary, per_task: perTask }, null, 1)}\n`);
  }
}

main();
