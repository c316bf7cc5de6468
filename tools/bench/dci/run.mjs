#!/usr/bin/env node
// Records a DCI search benchmark: localization tasks derived from a code base's JSDoc, each run
// by tsift's lexical and hybrid search (the built CLI) and by a chained literal-grep baseline,
// written in the format `tsift dci-benchmark` reads.
//
//   node tools/bench/dci/run.mjs [--corpus /tmp/effect-src] [--tasks 32] [--out packages/quality/data/dci-search-benchmark.json]
//
// The corpus must be indexed (`tsift index` in it) so the search lanes measure search, not indexing.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { performance } from "node:perf_hooks";

// Every tsift this script starts runs in-process: a daemon left running (of another build,
// perhaps) would otherwise answer its read commands.
process.env.TSIFT_NO_DAEMON = "1";

const repo = join(import.meta.dirname, "..", "..", "..");
const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const corpus = flag("corpus", "/tmp/effect-src");
const taskCount = Number(flag("tasks", "32"));
const out = flag("out", join(repo, "packages", "quality", "data", "dci-search-benchmark.json"));
const bin = join(repo, "packages", "cli", "dist", "bin.js");
const { countTokens } = createRequire(join(repo, "packages", "quality", "package.json"))("gpt-tokenizer/encoding/o200k_base");
// A result list an agent reads without opening more than this many files counts as localized.
const TOP = 5;
const MAX_COLUMNS = 200;

const STOP = new Set(
  "a an and are as at be by can for from has if in into is it its of on or that the this to was when which with will not no than then each".split(" "),
);

function sourceFiles(dir) {
  const files = [];
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith(".") || entry.name === "internal") continue;
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts")) files.push(path);
    }
  };
  walk(dir);
  return files;
}

/** The first documented export of a file whose doc's first sentence still says something once the name is gone. */
function taskFromFile(path) {
  const text = readFileSync(path, "utf8");
  // One doc comment (never spanning two) right before an exported function or function-valued const.
  const pattern = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export\s+(?:declare\s+)?(?:const|function)\s+([a-z][\w$]*)/g;
  for (const match of text.matchAll(pattern)) {
    const name = match[2];
    const doc = match[1]
      .split("\n")
      .map((line) => line.replace(/^\s*\*\s?/, ""))
      .join("\n");
    const paragraph = doc
      .split(/\n\s*\n|\n\s*@|\n\s*\*\*/)[0]
      .replace(/\s+/g, " ")
      .trim();
    if (!paragraph || paragraph.startsWith("@")) continue;
    const sentence = (/^(.*?[.!?])(\s|$)/.exec(paragraph)?.[1] ?? paragraph).replace(/`([^`]*)`/g, "$1");
    const question = sentence
      .replace(new RegExp(`(?:[\\w$]+\\.)*\\b${name.replace(/\$/g, "\\$")}\\b(?:\\(\\))?`, "g"), " ")
      .replace(/\s+/g, " ")
      .trim();
    if (question.split(" ").filter((word) => /[a-z]/i.test(word)).length < 6) continue;
    return { name, question };
  }
  return null;
}

function deriveTasks() {
  const files = sourceFiles(corpus);
  const candidates = files.map((file) => ({ file, task: taskFromFile(file) })).filter((entry) => entry.task);
  // Spread over the code base rather than the first files in alphabetical order.
  const step = Math.max(1, Math.floor(candidates.length / taskCount));
  return candidates
    .filter((_, index) => index % step === 0)
    .slice(0, taskCount)
    .map(({ file, task }, index) => ({
      id: `t${String(index + 1).padStart(2, "0")}-${task.name}`,
      question: task.question,
      target: relative(corpus, file),
      symbol: task.name,
    }));
}

function timed(command, argv) {
  const start = performance.now();
  const result = spawnSync(command, argv, { cwd: corpus, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return { out: result.stdout ?? "", ms: performance.now() - start };
}

function tsiftLane(task, strategy) {
  const { out: text, ms } = timed(process.execPath, [bin, "search", task.question, "--strategy", strategy, "--limit", "10", "--no-autoindex", "--json"]);
  let paths = [];
  try {
    const data = JSON.parse(text);
    paths = [...new Set([...(data.hits ?? []), ...(data.symbols ?? [])].map((hit) => hit.path ?? hit.file).filter(Boolean))];
  } catch {
    // A failed search localizes nothing; its output still cost the agent its tokens.
  }
  return { localized: paths.slice(0, TOP).includes(task.target), tool_calls: 1, latency_ms: Math.round(ms), estimated_tokens: countTokens(text) };
}

const hasRg = spawnSync("rg", ["--version"]).status === 0;
const literalTool = hasRg ? "rg -F -i" : "grep -rFi (ripgrep is not installed on the recording machine)";
function listFiles(word, within) {
  if (hasRg) return timed("rg", ["-l", "-F", "-i", "--sort", "path", "-g", "*.ts", word, ...(within ?? ["."])]);
  return timed("grep", ["-rlFi", "--include=*.ts", "--", word, ...(within ?? ["."])]);
}

/** An agent narrowing with literal searches: the longest question word first, then the next, until a handful of files is left. */
function chainedLane(task) {
  const words = [...new Set(task.question.toLowerCase().split(/[^a-z0-9]+/))]
    .filter((word) => word.length > 2 && !STOP.has(word))
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  let files = null;
  let calls = 0;
  let ms = 0;
  let tokens = 0;
  for (const word of words) {
    const result = listFiles(word, files ?? undefined);
    calls++;
    ms += result.ms;
    tokens += countTokens(result.out);
    const found = result.out
      .split("\n")
      .filter(Boolean)
      .map((line) => line.replace(/^\.\//, ""))
      .sort();
    if (found.length === 0) continue;
    files = found;
    if (files.length <= TOP) break;
  }
  if (files?.length) {
    // Local context for the survivors: the lines naming the first word, as the agent would read next.
    // An agent opens the first few survivors, not hundreds, when narrowing ran out of words.
    const read = files.slice(0, TOP);
    const context = hasRg ? timed("rg", ["-n", "-F", "-i", "-m", "3", words[0], ...read]) : timed("grep", ["-nFi", "-m", "3", "--", words[0], ...read]);
    calls++;
    ms += context.ms;
    // Generated files hold megabyte lines; agent grep tools cut long lines (rg --max-columns 200), so do we.
    tokens += countTokens(
      context.out
        .split("\n")
        .map((line) => (line.length > MAX_COLUMNS ? `${line.slice(0, MAX_COLUMNS)} [...]` : line))
        .join("\n"),
    );
  }
  return {
    localized: Boolean(files && files.length <= TOP && files.includes(task.target)),
    tool_calls: calls,
    latency_ms: Math.round(ms),
    estimated_tokens: tokens,
  };
}

const tasks = deriveTasks();
const runs = [];
for (const task of tasks) {
  for (const [lane, run] of [
    ["exact_chained_rg", () => chainedLane(task)],
    ["lexical_bm25", () => tsiftLane(task, "lexical")],
    ["hybrid", () => tsiftLane(task, "hybrid")],
  ]) {
    const result = run();
    runs.push({ task: task.id, lane, ...result });
    process.stderr.write(
      `${task.id} ${lane}: ${result.localized ? "hit " : "miss"} ${result.tool_calls} calls ${result.latency_ms} ms ${result.estimated_tokens} tokens\n`,
    );
  }
}
const effectVersion = (() => {
  try {
    return JSON.parse(readFileSync(flag("package-json", "/tmp/effect-bench/node_modules/effect/package.json"), "utf8")).version;
  } catch {
    return "unknown";
  }
})();
const fixture = {
  version: 1,
  description:
    "Find the file that defines a documented behaviour: each question is the first sentence of an exported function's JSDoc with the function's name removed. " +
    `Localized = the target file is among the first ${TOP} files the strategy shows. Tokens are o200k_base tokens of everything the strategy printed.`,
  corpus: {
    name: "effect (npm package src/)",
    version: effectVersion,
    files: sourceFiles(corpus).length,
    recorded_by: "node tools/bench/dci/run.mjs",
    lanes: {
      exact_chained_rg: `${literalTool}: longest question word first, narrowed word by word until ≤ ${TOP} files, then one context read of the first ${TOP} files (lines cut at ${MAX_COLUMNS} columns)`,
      lexical_bm25: "tsift search --strategy lexical --json --limit 10",
      hybrid: "tsift search --strategy hybrid --json --limit 10",
    },
  },
  tasks: tasks.map(({ id, question, target }) => ({ id, question, target })),
  runs,
};
writeFileSync(out, `${JSON.stringify(fixture, null, 2)}\n`);
process.stderr.write(`wrote ${relative(process.cwd(), out)}: ${tasks.length} tasks, ${runs.length} runs\n`);
