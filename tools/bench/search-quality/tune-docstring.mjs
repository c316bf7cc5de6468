// In-process companion of run-docstring.mjs for tuning the ranked answer: bundles
// @tsift/search from its TypeScript sources (no build step), runs `searchProject` on an
// already indexed docstring corpus for every task of a split, and scores the merged answer
// the way run-docstring.mjs does. Constants of DEFAULT_ANSWER_TUNING can be overridden per
// run, so a change is measured in seconds. Report figures with run-docstring.mjs, which
// runs the built CLI as a user would.
//
// The corpus must be indexed already (run-docstring.mjs prepares and indexes it). With
// --effect it runs the 48-task set on effect's TypeScript instead (tasks.json, a result
// counting when its span overlaps the expected one), to check a change there too; --src
// bundles another copy of packages/search/src (an older commit's, extracted inside the
// repository) to compare with.
//
//   node tools/bench/search-quality/tune-docstring.mjs [--split tune] [--corpus DIR] [--effect]
//        [--tuning '{"k1":2}'] [--fusion '{"modelWeight":1.5}'] [--strategy lexical|hybrid|semantic]
//        [--model DIR|tsift-hash-v1] [--limit 10] [--src DIR] [--misses] [--out per-task.json]
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const here = new URL(".", import.meta.url);
const repoRoot = join(here.pathname, "..", "..", "..");
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const tsSet = args.includes("--ts");
const corpus = option("--corpus", join(tmpdir(), tsSet ? "tsift-tsdoc-quality" : "tsift-docstring-quality", "corpus"));
const split = option("--split", "tune");
const limit = Number(option("--limit", "10"));
const overrides = JSON.parse(option("--tuning", "{}"));
const fusionOverrides = JSON.parse(option("--fusion", "{}"));
const strategy = option("--strategy", undefined);
const model = option("--model", undefined);
const effect = args.includes("--effect");
const spec = JSON.parse(readFileSync(new URL(effect ? "tasks.json" : tsSet ? "ts-jsdoc-tasks.json" : "docstring-tasks.json", here), "utf8"));
const tasks = spec.tasks.filter((task) => effect || split === "all" || task.split === split);

// Inside the repository, so the external packages resolve from its node_modules.
const outdir = join(repoRoot, "node_modules", ".cache", `tsift-tune-${process.pid}`);
await build({
  entryPoints: [join(option("--src", join(repoRoot, "packages", "search", "src")), "index.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  outfile: join(outdir, "search.mjs"),
  conditions: ["@tsift/source"],
  logLevel: "error",
  // Our packages come from source; everything else (native addons, parsers) from node_modules.
  plugins: [
    {
      name: "external-deps",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (resolved) => (resolved.path.startsWith("@tsift/") ? undefined : { path: resolved.path, external: true }));
      },
    },
  ],
  banner: { js: `import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);` },
});
const search = await import(pathToFileURL(join(outdir, "search.mjs")).href);
rmSync(outdir, { recursive: true, force: true });
Object.assign(search.DEFAULT_ANSWER_TUNING, overrides);
Object.assign(search.DEFAULT_FUSION_TUNING, fusionOverrides);

const totals = { fn: 0, file: 0 };
const rows = [];
let searchMs = 0;
for (const task of tasks) {
  const { data, timings } = await search.searchProject({
    query: task.query,
    cwd: corpus,
    limit,
    timeout: 0,
    autoindex: false,
    ...(strategy ? { strategy } : {}),
    ...(model ? { model } : {}),
  });
  searchMs += timings.searchMs;
  const items = Array.isArray(data.results)
    ? data.results.map((item) => ({ file: item.path, line: item.line, start: item.start_line, end: item.end_line, symbol: item.symbol }))
    : [
        ...data.symbols.map((s) => ({ file: s.file, line: s.line, start: s.line, end: s.end_line, symbol: s.name })),
        ...data.hits.map((h) => ({ file: h.path, line: h.line, start: h.start_line, end: h.end_line, symbol: h.symbol })),
      ];
  const inFn = effect
    ? (item) => item.file === task.file && item.start <= task.end && item.end >= task.start
    : (item) => item.file === task.file && item.line >= task.start && item.line <= task.end;
  const fnRank = items.findIndex(inFn);
  const fileRank = items.findIndex((item) => item.file === task.file);
  const fn = fnRank >= 0 && fnRank < 5;
  const file = fileRank >= 0 && fileRank < 5;
  totals.fn += Number(fn);
  totals.file += Number(file);
  rows.push({
    id: task.id,
    name: task.name,
    file: task.file,
    query: task.query,
    fnRank,
    fileRank,
    top: items.slice(0, 5).map((i) => `${i.file}:${i.line} ${i.symbol ?? ""}`),
  });
}
const n = tasks.length;
const mrr = rows.reduce((sum, row) => sum + (row.fnRank >= 0 ? 1 / (row.fnRank + 1) : 0), 0) / n;
console.log(
  `split ${split}: ${n} tasks  function top-5 ${(totals.fn / n).toFixed(3)}  file top-5 ${(totals.file / n).toFixed(3)}  MRR ${mrr.toFixed(3)}  search ${(searchMs / n).toFixed(1)} ms/query`,
);
if (args.includes("--misses"))
  for (const row of rows.filter((r) => r.fnRank < 0 || r.fnRank >= 5))
    console.log(`\n${row.id} ${row.name} (${row.file}) fn@${row.fnRank} file@${row.fileRank}\n  q: ${row.query}\n  ${row.top.join("\n  ")}`);
const within = (k) => rows.filter((r) => r.fnRank >= 0 && r.fnRank < k).length;
console.log(
  `function within 1/3/5/10/20/50/any: ${[1, 3, 5, 10, 20, 50, 1e9].map(within).join(" / ")}; file within 5/10/any: ${[5, 10, 1e9].map((k) => rows.filter((r) => r.fileRank >= 0 && r.fileRank < k).length).join(" / ")}`,
);
const out = option("--out", null);
if (out) writeFileSync(out, `${JSON.stringify(rows, null, 1)}\n`);
