// Prose search quality: BM25 alone, the code model alone, the hybrid default and `git grep`,
// side by side, on the two docstring -> code sets (docs removed from the code, the doc's first
// sentence as the query):
//   - python: docstring-tasks.json (eight Debian python3-* packages; its held-out half by default),
//   - ts: ts-jsdoc-tasks.json (JSDoc'ed functions of npm packages the model never saw).
//
//   node tools/bench/search-quality/run-prose.mjs [--set python|ts|both] [--split heldout|tune|all]
//        [--lanes lexical,semantic,hybrid,grep] [--search packages/search/dist/index.js]
//        [--out results.json] [--misses] [--lists] [--fusion '{"fileWeight":0.3}']
//
// Each lane is one `searchProject` call per task through the built @tsift/search (the library
// the CLI runs), in one process: `lexical` is `--strategy lexical` (BM25F ranked answer),
// `semantic` `--strategy semantic` (the model alone), `hybrid` `--strategy hybrid`, the default
// for a prose-shaped query (`tasks_hybrid_by_default` counts the tasks whose query is one).
// Answers are read in answer order (the merged `results`, else symbols then hits). A result
// finds the function when it is in the task's file and its line lies in the function's range.
// Reported: function top-1, top-5, MRR@10, file top-5, and the search's in-process time
// (median, warm: the corpus index and the model are loaded by the first query of a lane).
// `--fusion` overrides constants of the hybrid answer's fusion (DEFAULT_FUSION_TUNING) for a
// tuning run: use it with `--set python --split tune` only, never to choose on held-out tasks.
// `--lists` adds each lane's first ten answers (file, line, why) to every task in `--out`, to
// check that a speed-only change ranks exactly as before (compare two runs' `per_task`).
// The corpora are built in the system temp dir (never in this repository) and indexed with
// the built CLI first.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { GREP_STOP_WORDS, grepRankedFiles } from "./grep-baseline.mjs";

process.env.TSIFT_NO_DAEMON = "1";
process.env.TSIFT_DAEMON_AUTOSTART = "0";
const here = new URL(".", import.meta.url);
const repoRoot = join(here.pathname, "..", "..", "..");
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const sets = option("--set", "both") === "both" ? ["python", "ts"] : [option("--set", "both")];
const split = option("--split", "heldout");
const lanes = option("--lanes", "lexical,semantic,hybrid,grep").split(",");
const bin = join(repoRoot, "packages", "cli", "dist", "bin.js");
const search = await import(pathToFileURL(option("--search", join(repoRoot, "packages", "search", "dist", "index.js"))).href);
Object.assign(search.DEFAULT_FUSION_TUNING, JSON.parse(option("--fusion", "{}")));

const SETS = {
  python: {
    tasks: "docstring-tasks.json",
    corpus: join(tmpdir(), "tsift-docstring-quality", "corpus"),
    prepare(corpus) {
      mkdirSync(corpus, { recursive: true });
      execFileSync("python3", [join(here.pathname, "docstring_corpus.py"), "strip", corpus], { stdio: "inherit" });
      gitCommit(corpus);
    },
    stopWords: [...GREP_STOP_WORDS, "return", "returns"],
  },
  ts: {
    tasks: "ts-jsdoc-tasks.json",
    corpus: join(tmpdir(), "tsift-tsdoc-quality", "corpus"),
    prepare(corpus) {
      execFileSync(process.execPath, [join(here.pathname, "ts_jsdoc_corpus.mjs"), "prepare", corpus], { stdio: "inherit" });
    },
    stopWords: [...GREP_STOP_WORDS, "return", "returns"],
  },
};

function gitCommit(corpus) {
  execFileSync("git", ["init", "-q"], { cwd: corpus });
  execFileSync("git", ["add", "-A"], { cwd: corpus });
  execFileSync("git", ["-c", "user.email=bench@tsift", "-c", "user.name=bench", "commit", "-qm", "corpus"], { cwd: corpus });
}

function answerOrder(data) {
  if (Array.isArray(data.results)) return data.results.map((item) => ({ file: item.path, line: item.line, why: item.why }));
  return [...data.symbols.map((s) => ({ file: s.file, line: s.line })), ...data.hits.map((h) => ({ file: h.path, line: h.line }))];
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)];
};

const report = { date: new Date().toISOString().slice(0, 10), split, sets: {} };
for (const set of sets) {
  const config = SETS[set];
  const spec = JSON.parse(readFileSync(new URL(config.tasks, here), "utf8"));
  const tasks = spec.tasks.filter((task) => split === "all" || task.split === split);
  if (!existsSync(join(config.corpus, ".git"))) config.prepare(config.corpus);
  const indexed = spawnSync(process.execPath, [bin, "index", "--json", "--quiet"], { cwd: config.corpus, encoding: "utf8" });
  if (indexed.status !== 0) throw new Error(`tsift index failed: ${indexed.stderr}`);
  const summary = {};
  const perTask = tasks.map((task) => ({ id: task.id, name: task.name, file: task.file, query: task.query }));
  for (const lane of lanes) {
    const ms = [];
    const resolved = [];
    let defaultHybrid = 0;
    for (const [position, task] of tasks.entries()) {
      let items;
      if (lane === "grep") {
        const started = performance.now();
        items = grepRankedFiles(task.query, config.corpus, config.stopWords);
        ms.push(performance.now() - started);
      } else {
        // Every lane names its strategy: a few docstrings read as code (`Equivalent to list(...)`) and default to lexical.
        const strategy = lane;
        const { data, timings } = await search.searchProject({
          query: task.query,
          cwd: config.corpus,
          limit: 10,
          timeout: 0,
          autoindex: false,
          strategy,
        });
        if (lane === "hybrid" && search.mergesAnswer(task.query)) defaultHybrid++;
        // The first query of a lane also loads the index and the model (and may embed): warm figures leave it out.
        if (position > 0) ms.push(timings.searchMs);

        items = answerOrder(data);
      }
      resolved.push(rankOf(items, task, perTask[position], lane));
    }
    const n = tasks.length;
    const within = (k, key) => resolved.filter((r) => r[key] >= 0 && r[key] < k).length / n;
    summary[lane] = {
      function_top1: round(within(1, "fn")),
      function_top5: round(within(5, "fn")),
      mrr10: round(resolved.reduce((sum, r) => sum + (r.fn >= 0 && r.fn < 10 ? 1 / (r.fn + 1) : 0), 0) / n),
      file_top5: round(within(5, "file")),
      p50_ms: Math.round(median(ms) * 10) / 10,
      ...(lane === "hybrid" ? { tasks_hybrid_by_default: defaultHybrid } : {}),
    };
  }
  report.sets[set] = { tasks: tasks.length, summary, per_task: perTask };
  console.log(`\n${set} (${split}, ${tasks.length} tasks)`);
  console.log("| lane | function top-1 | function top-5 | MRR@10 | file top-5 | search p50 ms (warm, in process) |\n|---|---|---|---|---|---|");
  for (const lane of lanes) {
    const s = summary[lane];
    console.log(
      `| ${lane} | ${s.function_top1.toFixed(3)} | ${s.function_top5.toFixed(3)} | ${s.mrr10.toFixed(3)} | ${s.file_top5.toFixed(3)} | ${s.p50_ms} |`,
    );
  }
  if (args.includes("--misses"))
    for (const row of perTask.filter((r) => !(r.hybrid >= 0 && r.hybrid < 5)))
      console.log(`miss ${row.id} ${row.name} (${row.file}) lexical@${row.lexical} model@${row.semantic} hybrid@${row.hybrid}: ${row.query}`);
}
const out = option("--out", null);
if (out) writeFileSync(out, `${JSON.stringify(report, null, 1)}\n`);

function rankOf(items, task, row, lane) {
  const fn = items.findIndex((item) => item.file === task.file && item.line >= task.start && item.line <= task.end);
  const file = items.findIndex((item) => item.file === task.file);
  row[lane] = fn;
  if (args.includes("--lists")) row[`${lane}_top10`] = items.slice(0, 10).map((item) => `${item.file}:${item.line}${item.why ? ` ${item.why}` : ""}`);
  if (lane === "hybrid" && fn >= 0) row.why = items[fn].why;
  return { fn, file };
}

function round(value) {
  return Math.round(value * 1000) / 1000;
}
