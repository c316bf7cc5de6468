// History-index benchmark: a full `indexHistory` of a generated repository (20k commits
// over 5k files by default, see generate-repo.mjs), then the incremental update after 10
// new commits, each in a fresh Node process so wall time and peak RSS are its own; then
// the same for a clone of this repository's own history. Targets: full ≤ 30 s,
// incremental ≤ 300 ms.
// Usage: node tools/bench/history/run.mjs [--dir /tmp/tsift-history-bench] [--commits 20000] [--files 5000] [--runs 3]
// Needs a built @tsift/index (packages/index/dist).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generateRepo } from "./generate-repo.mjs";

// Every tsift this script starts runs in-process: a daemon left running (of another build,
// perhaps) would otherwise answer its read commands.
process.env.TSIFT_NO_DAEMON = "1";

const repoRoot = join(import.meta.dirname, "..", "..", "..");
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
};
const DIR = arg("dir", "/tmp/tsift-history-bench");
const COMMITS = Number(arg("commits", "20000"));
const FILES = Number(arg("files", "5000"));
const RUNS = Number(arg("runs", "3"));
const indexEntry = join(repoRoot, "packages", "index", "dist", "index.js");

/** One indexHistory run in its own process: its report, wall time and peak RSS. */
function measure(root, options = {}) {
  const script = `
    const { indexHistory } = await import(${JSON.stringify(indexEntry)});
    const started = performance.now();
    const cpu = process.cpuUsage();
    const report = await indexHistory({ root: ${JSON.stringify(root)}, ...${JSON.stringify(options)} });
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    // CPU time of this process only (git's own is not counted): steadier than wall time on a loaded machine.
    const cpuMs = (used.user + used.system) / 1000;
    process.stdout.write(JSON.stringify({ ms, cpuMs, maxRssMb: process.resourceUsage().maxRSS / 1024, report }));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", maxBuffer: 1 << 26 });
  return JSON.parse(out);
}

const git = (cwd, ...args) =>
  execFileSync("git", ["-c", "user.email=bench@example.com", "-c", "user.name=bench", ...args], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

function addCommits(root, count, stamp) {
  for (let n = 0; n < count; n++) {
    const path = join(root, "bench", `added-${stamp}-${n}.ts`);
    mkdirSync(join(root, "bench"), { recursive: true });
    writeFileSync(path, `export const n = ${n};\n`);
    git(root, "add", path);
    git(root, "commit", "-q", "-m", `feat(bench): added ${stamp} ${n}\n\ntags: bench`);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function bench(label, root) {
  const full = [];
  const incremental = [];
  for (let run = 0; run < RUNS; run++) {
    // Back to the same history every run: the commits a previous run added are dropped.
    git(root, "checkout", "-q", "-f", "-B", "main", "bench-base");
    rmSync(join(root, "bench"), { recursive: true, force: true });
    rmSync(join(root, ".tsift"), { recursive: true, force: true });
    full.push(measure(root));
    addCommits(root, 10, `${Date.now()}-${run}`);
    incremental.push(measure(root));
  }
  const last = full.at(-1).report;
  const row = {
    label,
    commits: last.commits_total,
    artifacts: last.artifacts_total,
    full_ms: Math.round(median(full.map((r) => r.ms))),
    full_cpu_ms: Math.round(median(full.map((r) => r.cpuMs))),
    full_rss_mb: Math.round(Math.max(...full.map((r) => r.maxRssMb))),
    incremental_ms: Math.round(median(incremental.map((r) => r.ms))),
    incremental_cpu_ms: Math.round(median(incremental.map((r) => r.cpuMs))),
    incremental_min_ms: Math.round(Math.min(...incremental.map((r) => r.ms))),
    incremental_rss_mb: Math.round(Math.max(...incremental.map((r) => r.maxRssMb))),
    incremental_added: incremental.at(-1).report.commits_added,
    incremental_mode: incremental.at(-1).report.mode,
  };
  console.log(JSON.stringify(row));
  return row;
}

if (!existsSync(indexEntry)) throw new Error(`build @tsift/index first: ${indexEntry} is missing`);
const synthetic = join(DIR, `repo-${COMMITS}x${FILES}`);
if (!existsSync(synthetic)) {
  const started = performance.now();
  await generateRepo(synthetic, { commits: COMMITS, files: FILES });
  console.log(`generated ${synthetic} in ${Math.round(performance.now() - started)} ms`);
}
const own = join(DIR, "tsift-own");
rmSync(own, { recursive: true, force: true });
git(DIR, "clone", "-q", "--no-hardlinks", repoRoot, own);
git(own, "tag", "bench-base");

const rows = [bench(`synthetic ${COMMITS} commits / ${FILES} files`, synthetic), bench("this repository (a clone)", own)];
console.log(
  `\nload average ${(await import("node:os"))
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(" ")}; medians of ${RUNS} runs (incremental: min too)`,
);
console.log("| repository | commits | artifacts | full index (CPU) | peak RSS | +10 commits, median / min (CPU) | peak RSS |\n|---|---|---|---|---|---|---|");
for (const row of rows) {
  console.log(
    `| ${row.label} | ${row.commits} | ${row.artifacts} | ${row.full_ms} ms (${row.full_cpu_ms} ms) | ${row.full_rss_mb} MB | ${row.incremental_ms} / ${row.incremental_min_ms} ms (${row.incremental_cpu_ms} ms) | ${row.incremental_rss_mb} MB |`,
  );
}
