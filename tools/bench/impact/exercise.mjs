#!/usr/bin/env node
/**
 * Precision of `tsift impact` by running the tests (issue 14, item 5): does a predicted test
 * file really exercise the change? For each sampled commit of the replay (replay.mjs), in
 * the private clone: check out the parent, apply the commit's non-test changes, run
 * `impact`, then plant a probe — `throw new Error("tsift-impact-probe")` as the first
 * statement of every changed function and method — and run the predicted TypeScript test
 * files with vitest. A predicted file exercises the change when one of its failures (or
 * its load error) carries the probe's message: a changed body really ran under it. Files
 * that fail only for other reasons (a test that needs a built binary, a fixture of another
 * era) count as not exercised, so the figure is a lower bound too.
 *
 *   node tools/bench/impact/exercise.mjs [--repo /work/main] [--ref HEAD] [--work /tmp/tsift-impact-replay] [--sample 12] [--per-commit 6] [--depth 3] [--imports fallback|always|never] [--out exercise.json]
 *
 * The clone gets a node_modules whose @tsift/* entries point at the clone's own packages,
 * so the tests read the replayed sources (through the @tsift/source export condition).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { applySourceChange, commitChanges, ensureClone, gitIn, snapshotPackages } from "./history.mjs";

// Every tsift this script starts runs in-process: a daemon left running (of another build,
// perhaps) would otherwise answer its read commands.
process.env.TSIFT_NO_DAEMON = "1";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, "../../..");
const { values } = parseArgs({
  options: {
    repo: { type: "string", default: REPO },
    work: { type: "string", default: "/tmp/tsift-impact-replay" },
    sample: { type: "string", default: "12" },
    "per-commit": { type: "string", default: "6" },
    depth: { type: "string", default: "3" },
    imports: { type: "string", default: "fallback" },
    ref: { type: "string", default: "HEAD" },
    snapshot: { type: "string", default: "/tmp/tsift-impact-packages" },
    out: { type: "string" },
  },
});
const packages = snapshotPackages(REPO, resolve(values.snapshot));
const load = (pkg) => import(pathToFileURL(join(packages, pkg, "dist", "index.js")).href);
const { impact, isTestPath } = await load("search");
const { parseSource } = await load("graph");
const log = (message) => process.stderr.write(`[impact-exercise] ${message}\n`);
const PROBE = "tsift-impact-probe";

const clone = join(resolve(values.work), "repo");
const git = gitIn(clone);
const tip = ensureClone(values.repo, clone, values.ref);

const candidates = [];
for (const line of git.text("rev-list", "--reverse", "--parents", tip).trim().split("\n")) {
  const [commit, parent, ...more] = line.split(" ");
  if (!parent || more.length > 0) continue;
  const rows = commitChanges(git, parent, commit);
  const sources = rows.filter((row) => !isTestPath(row.path) && !(row.old && isTestPath(row.old)));
  if (!rows.some((row) => isTestPath(row.path)) || !sources.some((row) => /\.ts$/.test(row.path) && row.status !== "D")) continue;
  candidates.push({ commit, parent, sources });
}
const sample = candidates.slice(-Number(values.sample));
log(`${candidates.length} commits changed TypeScript source and tests; probing the last ${sample.length}`);

const results = [];
for (const [n, entry] of sample.entries()) {
  applySourceChange(git, clone, entry.parent, entry.commit, entry.sources);
  linkModules();
  const { data } = await impact({ cwd: clone, limit: 0, depth: Number(values.depth), imports: values.imports, budget: { maxItems: 10_000, maxBytes: null } });
  const probed = plantProbes(
    data.changed_symbols.filter(
      (symbol) => symbol.change !== "removed" && (symbol.kind === "function" || symbol.kind === "method") && /\.ts$/.test(symbol.file),
    ),
  );
  const predicted = data.tests.filter((test) => test.runner === "vitest" && /\.ts$/.test(test.file)).slice(0, Number(values["per-commit"]));
  const outcome = probed === 0 ? [] : runTests(predicted.map((test) => test.file));
  const exercised = outcome.filter((file) => file.exercised);
  results.push({
    commit: entry.commit.slice(0, 10),
    probed_functions: probed,
    predicted: data.tests.length,
    run: outcome.map((file) => ({ ...file, via: predicted.find((test) => test.file === file.file)?.via })),
  });
  log(
    `${n + 1}/${sample.length} ${entry.commit.slice(0, 10)}: ${probed} functions probed, ${exercised.length}/${outcome.length} predicted test files exercise them`,
  );
}

const runs = results.flatMap((result) => result.run);
const share = (a, b) => (b === 0 ? null : Math.round((1000 * a) / b) / 10);
const byVia = (via) => runs.filter((run) => run.via === via);
const summary = {
  repo: resolve(values.repo),
  tip: tip.slice(0, 10),
  imports: values.imports,
  commits: results.length,
  commits_probed: results.filter((result) => result.run.length > 0).length,
  test_files_run: runs.length,
  exercised_pct: share(runs.filter((run) => run.exercised).length, runs.length),
  calls_exercised_pct: share(byVia("calls").filter((run) => run.exercised).length, byVia("calls").length),
  calls_run: byVia("calls").length,
  imports_exercised_pct: share(byVia("imports").filter((run) => run.exercised).length, byVia("imports").length),
  imports_run: byVia("imports").length,
};
if (values.out) writeFileSync(values.out, `${JSON.stringify({ summary, results }, null, 2)}\n`);
process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);

/** node_modules for the clone: every module linked from the repository's, @tsift/* to the clone's own packages. */
function linkModules() {
  const modules = join(clone, "node_modules");
  if (existsSync(modules)) return;
  mkdirSync(join(modules, "@tsift"), { recursive: true });
  for (const name of readdirSync(join(REPO, "node_modules"))) {
    if (name !== "@tsift") symlinkSync(join(REPO, "node_modules", name), join(modules, name));
  }
  for (const name of readdirSync(join(REPO, "node_modules", "@tsift"))) symlinkSync(join(clone, "packages", name), join(modules, "@tsift", name));
}

/** Inserts the probe as the first statement of each changed function or method body; returns how many were probed. */
function plantProbes(symbols) {
  const byFile = new Map();
  for (const symbol of symbols) byFile.set(symbol.file, [...(byFile.get(symbol.file) ?? []), symbol.line]);
  let probed = 0;
  for (const [file, lines] of byFile) {
    const path = join(clone, file);
    const text = readFileSync(path, "utf8");
    const offsets = [];
    const visit = (node) => {
      const body = node.childForFieldName?.("body");
      if (body?.type === "statement_block" && lines.includes(node.startPosition.row + 1) && /function|method|arrow/.test(node.type))
        offsets.push(body.startIndex + 1);
      for (const child of node.namedChildren) visit(child);
    };
    visit(parseSource(file.endsWith(".tsx") ? "tsx" : "typescript", text).rootNode);
    const unique = [...new Set(offsets)].sort((a, b) => b - a);
    // Tree-sitter's indices here are UTF-16 offsets into the string, as JS slices it.
    let out = text;
    for (const offset of unique) out = `${out.slice(0, offset)} throw new Error("${PROBE}");${out.slice(offset)}`;
    writeFileSync(path, out);
    probed += unique.length;
  }
  return probed;
}

/** Runs the test files with vitest from their package (or the root), one run per directory; which ones met the probe. */
function runTests(files) {
  const groups = new Map();
  for (const file of files) {
    const pkg = /^packages\/[^/]+\//.exec(file)?.[0].slice(0, -1) ?? ".";
    groups.set(pkg, [...(groups.get(pkg) ?? []), file]);
  }
  // Generated registries are not committed; a package's tests may read another package's (graph's language list).
  if (existsSync(join(clone, "tools", "generate-registries.mjs"))) {
    for (const pkg of ["graph", "cli"]) spawnSync(process.execPath, [join(clone, "tools", "generate-registries.mjs"), pkg], { cwd: clone, stdio: "ignore" });
  }
  const out = [];
  for (const [pkg, group] of groups) {
    const report = join(resolve(values.work), "vitest-report.json");
    rmSync(report, { force: true });
    const cwd = join(clone, pkg);
    spawnSync(
      join(REPO, "node_modules", ".bin", "vitest"),
      ["run", ...group.map((file) => relative(cwd, join(clone, file))), "--reporter=json", `--outputFile=${report}`],
      {
        cwd,
        stdio: "ignore",
        timeout: 600_000,
        env: { ...process.env, CI: "1" },
      },
    );
    const json = existsSync(report) ? JSON.parse(readFileSync(report, "utf8")) : { testResults: [] };
    for (const file of group) {
      const result = json.testResults.find((entry) => entry.name === join(clone, file));
      const messages = [result?.message ?? "", ...(result?.assertionResults ?? []).flatMap((assertion) => assertion.failureMessages ?? [])];
      const exercised = messages.some((message) => message.includes(PROBE));
      // Why a file did not meet the probe: it passed, or the first line of its first failure.
      const other = exercised
        ? null
        : result
          ? (messages
              .find((message) => message.trim() !== "")
              ?.split("\n")[0]
              ?.slice(0, 160) ?? "passed")
          : "not run";
      out.push({ file, exercised, ...(other === null ? {} : { other }) });
    }
  }
  return out;
}
