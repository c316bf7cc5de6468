#!/usr/bin/env node
/**
 * `tsift impact` against history (issue 14, item 5): replays the commits of a real
 * repository that changed both source and test files. For each, in a private clone: check
 * out the parent, apply only the commit's non-test changes to the worktree, run `impact`
 * (worktree target, every test listed), and compare the predicted test files with the test
 * files the commit really changed:
 *
 * - recall: the share of the commit's changed test files that impact predicted. New test
 *   files cannot exist before the commit, so recall is also given over the test files that
 *   already existed at the parent ("existing").
 * - precision (lower bound): the share of predicted test files the commit also changed.
 *   A predicted test the author did not touch may still exercise the change, so this
 *   understates precision; exercise.mjs measures whether the predicted tests run the change.
 *
 * Build first (`npx nx run-many -t build --projects=@tsift/search`), then:
 *
 *   node tools/bench/impact/replay.mjs [--repo /work/main] [--ref HEAD] [--work /tmp/tsift-impact-replay] [--snapshot DIR] [--depth 3] [--imports fallback|always|never] [--max N] [--out results.json]
 *
 * The clone is the scratch space: the source repository is only read (`git clone`).
 * `--snapshot DIR` copies the built @tsift packages to DIR first (third-party modules are
 * linked), so a rebuild in the working tree mid-run cannot pull a dist out from under it.
 */
import { writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { applySourceChange, commitChanges, ensureClone, gitIn, snapshotPackages } from "./history.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, "../../..");
const { values } = parseArgs({
  options: {
    repo: { type: "string", default: REPO },
    work: { type: "string", default: "/tmp/tsift-impact-replay" },
    depth: { type: "string", default: "3" },
    imports: { type: "string", default: "fallback" },
    max: { type: "string", default: "0" },
    out: { type: "string" },
    ref: { type: "string", default: "HEAD" },
    snapshot: { type: "string" },
  },
});
const packages = values.snapshot ? snapshotPackages(REPO, resolve(values.snapshot)) : join(REPO, "packages");
const load = (pkg) => import(pathToFileURL(join(packages, pkg, "dist", "index.js")).href);
const { impact, isTestPath } = await load("search");
const { updateIndex, indexLocation } = await load("index");
const { langFromPath } = await load("graph");
const log = (message) => process.stderr.write(`[impact-replay] ${message}\n`);

const clone = join(resolve(values.work), "repo");
const git = gitIn(clone);
const tip = ensureClone(values.repo, clone, values.ref);

const commits = [];
for (const line of git.text("rev-list", "--reverse", "--parents", tip).trim().split("\n")) {
  const [commit, parent, ...more] = line.split(" ");
  if (!parent || more.length > 0) continue;
  const rows = commitChanges(git, parent, commit);
  const tests = rows.filter((row) => isTestPath(row.path));
  const sources = rows.filter((row) => !isTestPath(row.path) && !(row.old && isTestPath(row.old)));
  // Source: a file in a language tsift indexes (docs, configs and fixtures data are not code a test calls).
  if (tests.length === 0 || !sources.some((row) => langFromPath(row.path) !== null && !row.path.endsWith(".md"))) continue;
  commits.push({ commit, parent, rows, tests, sources });
}
const max = Number(values.max);
const chosen = max > 0 ? commits.slice(-max) : commits;
log(`${commits.length} commits changed source and tests; replaying ${chosen.length}`);

const results = [];
let indexed = false;
for (const [n, entry] of chosen.entries()) {
  applySourceChange(git, clone, entry.parent, entry.commit, entry.sources);
  if (!indexed) {
    await updateIndex(indexLocation(clone, null), {});
    indexed = true;
  }
  const started = performance.now();
  const { data } = await impact({ cwd: clone, limit: 0, depth: Number(values.depth), imports: values.imports, budget: { maxItems: 10_000, maxBytes: null } });
  const ms = performance.now() - started;
  const predicted = data.tests.map((test) => ({ file: test.file, via: test.via, hops: test.hops, names: test.names_total }));
  const actual = entry.tests.filter((row) => row.status !== "D").map((row) => row.path);
  const existing = entry.tests.filter((row) => row.status === "M" || row.status === "R").map((row) => row.old ?? row.path);
  const predictedFiles = new Set(predicted.map((test) => test.file));
  const hit = actual.filter((file) => predictedFiles.has(file));
  const hitExisting = existing.filter((file) => predictedFiles.has(file));
  results.push({
    commit: entry.commit.slice(0, 10),
    subject: git.text("log", "-1", "--format=%s", entry.commit).trim(),
    changed_sources: entry.sources.length,
    changed_symbols: data.changed_symbols_total,
    symbols: data.changed_symbols,
    actual,
    existing,
    predicted,
    hit,
    hit_existing: hitExisting,
    ms: Math.round(ms),
  });
  log(
    `${n + 1}/${chosen.length} ${entry.commit.slice(0, 10)}: ${hit.length}/${actual.length} changed tests predicted (${hitExisting.length}/${existing.length} existing), ${predicted.length} predicted, ${Math.round(ms)} ms`,
  );
}

const sum = (pick) => results.reduce((total, result) => total + pick(result), 0);
const share = (a, b) => (b === 0 ? null : Math.round((1000 * a) / b) / 10);
const withExisting = results.filter((result) => result.existing.length > 0);
const withPredictions = results.filter((result) => result.predicted.length > 0);
const summary = {
  repo: resolve(values.repo),
  tip: tip.slice(0, 10),
  depth: Number(values.depth),
  imports: values.imports,
  commits: results.length,
  changed_tests: sum((r) => r.actual.length),
  predicted_tests: sum((r) => r.predicted.length),
  recall_all_pct: share(
    sum((r) => r.hit.length),
    sum((r) => r.actual.length),
  ),
  recall_existing_pct: share(
    sum((r) => r.hit_existing.length),
    sum((r) => r.existing.length),
  ),
  commits_with_an_existing_test_hit_pct: share(withExisting.filter((r) => r.hit_existing.length > 0).length, withExisting.length),
  precision_lower_bound_pct: share(
    sum((r) => r.hit.length),
    sum((r) => r.predicted.length),
  ),
  predicted_per_commit_median: median(results.map((r) => r.predicted.length)),
  commits_with_predictions: withPredictions.length,
  by_via: Object.fromEntries(
    ["changed", "calls", "imports"].map((via) => {
      const predictedVia = results.flatMap((r) => r.predicted.filter((p) => p.via === via));
      const hitVia = results.flatMap((r) => r.predicted.filter((p) => p.via === via && r.actual.includes(p.file)));
      return [via, { predicted: predictedVia.length, also_changed: hitVia.length }];
    }),
  ),
  impact_ms_median: median(results.map((r) => r.ms)),
};
const report = { summary, results };
if (values.out) writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);

function median(list) {
  if (list.length === 0) return null;
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
