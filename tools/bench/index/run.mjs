#!/usr/bin/env node
/**
 * Index benchmark (issue 3, item 8): tsift's cold index, no-change `index` and
 * `index --check --quiet` against @optave/codegraph (native engine) and
 * @colbymchenry/codegraph on the same files in the same run, plus the raw tree-sitter
 * parse floor of those files. Everything lives in a scratch dir outside the repository;
 * peers are installed there, never as project dependencies. Build tsift first:
 *
 *   NX_DAEMON=false npx nx run-many -t build --outputStyle=static
 *   node tools/bench/index/run.mjs [--scratch /tmp/tsift-bench] [--runs 3] [--out results.json]
 *
 * Options: --corpora effect,stdlib  --peers optave,colby (or none)  --tsift-bin <bin.js>
 * --compare <label>=<bin.js> (repeatable: another tsift build, e.g. a checkout of the previous
 * commit, measured alongside as "tsift-<label>") --no-extract (skip the extractFile-only diagnostic)
 * --nice N (run every measured command under `nice -n N`; a negative N, as root, keeps other
 * load on a shared machine from skewing the figures — every tool gets the same priority). Each run gives every tool a fresh
 * copy of the corpus; tools take turns within a run so load drift hits them alike.
 * Progress goes to stderr, the Markdown report to stdout, raw samples to --out.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { CORPORA, freshCopy, insideGitRepo } from "./corpora.mjs";
import { HAS_GNU_TIME, median, summarize, timedRun } from "./measure.mjs";
import { PEERS } from "./peers.mjs";
import { renderMarkdown } from "./report.mjs";

// Every tsift this script starts runs in-process: a daemon left running (of another build,
// perhaps) would otherwise answer its read commands.
process.env.TSIFT_NO_DAEMON = "1";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, "../../..");

const { values } = parseArgs({
  options: {
    scratch: { type: "string", default: "/tmp/tsift-bench" },
    runs: { type: "string", default: "3" },
    out: { type: "string" },
    corpora: { type: "string", default: "effect,stdlib" },
    peers: { type: "string", default: "optave,colby" },
    "tsift-bin": { type: "string", default: join(REPO, "packages/cli/dist/bin.js") },
    compare: { type: "string", multiple: true, default: [] },
    nice: { type: "string" },
    "no-extract": { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  process.stdout.write(
    "usage: node tools/bench/index/run.mjs [--scratch DIR] [--runs 3] [--out file.json] [--corpora effect,stdlib] [--peers optave,colby|none] [--tsift-bin PATH] [--compare LABEL=PATH]... [--nice N] [--no-extract]\n",
  );
  process.exit(0);
}
const runs = Number(values.runs);
const nice = values.nice === undefined ? null : Number(values.nice);
if (nice !== null && !Number.isInteger(nice)) throw new Error("--nice must be an integer");
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a whole number >= 1");
const scratch = resolve(values.scratch);
if (scratch === REPO || scratch.startsWith(`${REPO}/`)) throw new Error(`--scratch must lie outside the repository (${REPO})`);
const tsiftBin = resolve(values["tsift-bin"]);
if (!existsSync(tsiftBin)) throw new Error(`${tsiftBin} does not exist: build first (NX_DAEMON=false npx nx run-many -t build)`);
mkdirSync(scratch, { recursive: true });
const gitRoot = insideGitRepo(scratch);
if (gitRoot) process.stderr.write(`warning: ${scratch} is inside the git work tree ${gitRoot}; tools that honour .gitignore may skip files\n`);

const log = (message) => process.stderr.write(`${message}\n`);
const corpusNames = values.corpora.split(",").filter(Boolean);
const peerIds = values.peers === "none" ? [] : values.peers.split(",").filter(Boolean);
for (const name of corpusNames) if (!CORPORA[name]) throw new Error(`unknown corpus ${name}; use ${Object.keys(CORPORA).join(",")}`);
for (const id of peerIds) if (!PEERS[id]) throw new Error(`unknown peer ${id}; use ${Object.keys(PEERS).join(",")} or none`);

function tsiftVersion() {
  const version = JSON.parse(readFileSync(join(REPO, "packages/cli/package.json"), "utf8")).version;
  try {
    const head = execFileSync("git", ["-C", REPO, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["-C", REPO, "status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).trim() !== "";
    return `${version} (${head}${dirty ? "+uncommitted" : ""})`;
  } catch {
    return version;
  }
}

/** tsift through its real CLI: a built bin, a fresh `.tsift/` for cold runs. */
function tsiftTool(bin) {
  return {
    env: {},
    invocation: `node ${bin} index <dir> --quiet --json | index <dir> --check --quiet`,
    cold(dir) {
      rmSync(join(dir, ".tsift"), { recursive: true, force: true });
      return { command: process.execPath, args: [bin, "index", dir, "--quiet", "--json"] };
    },
    noChange: (dir) => ({ command: process.execPath, args: [bin, "index", dir, "--quiet", "--json"] }),
    check: (dir) => ({ command: process.execPath, args: [bin, "index", dir, "--check", "--quiet"] }),
    files(stdout) {
      try {
        return JSON.parse(stdout.trim().split("\n").pop()).total_tracked ?? null;
      } catch {
        return null;
      }
    },
  };
}
const tsift = tsiftTool(tsiftBin);
const compared = values.compare.map((entry) => {
  const match = /^([\w.-]+)=(.+)$/.exec(entry);
  if (!match) throw new Error(`--compare ${entry}: use <label>=<path to bin.js>`);
  const bin = resolve(match[2]);
  if (!existsSync(bin)) throw new Error(`--compare ${entry}: ${bin} does not exist`);
  return { id: `tsift-${match[1]}`, bin };
});

const env = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? "unknown",
  gnuTime: HAS_GNU_TIME,
  runs,
  nice,
  tsift: tsiftVersion(),
  loadBefore: loadavg(),
};
log(
  `tsift ${env.tsift}; ${env.cpus} cores; load ${env.loadBefore.map((value) => value.toFixed(2)).join(" ")}${HAS_GNU_TIME ? "" : "; no /usr/bin/time: RSS and CPU not measured"}`,
);

// Corpora first: a failure here is fatal (there is nothing to measure without them).
const corpora = {};
for (const name of corpusNames) {
  corpora[name] = CORPORA[name](scratch);
  log(`[corpora] ${name}: ${corpora[name].files} files, ${corpora[name].lines} lines (${corpora[name].origin})`);
}

// Peers: one that cannot be installed or run is recorded with the reason, and the rest go on.
const tools = { tsift: { ok: true, setup: tsift, label: `tsift ${env.tsift}`, invocation: tsift.invocation } };
for (const { id, bin } of compared) {
  const other = tsiftTool(bin);
  tools[id] = { ok: true, setup: other, label: `${id} (${bin})`, invocation: other.invocation };
}
for (const id of peerIds) {
  const peer = PEERS[id];
  try {
    const setup = peer.setup(scratch);
    tools[id] = { ok: true, setup, label: peer.label, invocation: setup.invocation, engine: setup.engine, help: setup.help };
    log(`[peers] ${peer.label}: ${setup.engine}; \`--help\`: ${setup.help}`);
  } catch (error) {
    tools[id] = { ok: false, label: peer.label, reason: error.message };
    log(`[peers] ${peer.label} skipped: ${error.message}`);
  }
}

const results = { env, corpora: {} };
for (const name of corpusNames) {
  const corpus = corpora[name];
  const entry = { origin: corpus.origin, files: corpus.files, bytes: corpus.bytes, lines: corpus.lines, tools: {}, floor: null };
  results.corpora[name] = entry;

  log(`[${name}] parse floor (${runs} runs${values["no-extract"] ? "" : " + extractFile-only diagnostic"})`);
  try {
    const floorRun = timedRun(
      process.execPath,
      ["--expose-gc", join(HERE, "parse-floor.mjs"), corpus.dir, "--runs", String(runs), ...(values["no-extract"] ? [] : ["--extract"])],
      { cwd: REPO, nice },
    );
    const floor = JSON.parse(floorRun.stdout.trim().split("\n").pop());
    entry.floor = {
      files: floor.files,
      bytes: floor.bytes,
      parseMs: median(floor.parseMs),
      parseRuns: floor.parseMs,
      extractMs: median(floor.extractMs),
      extractRuns: floor.extractMs,
    };
    log(`[${name}] parse floor ${floor.files} files: ${floor.parseMs.map((ms) => ms.toFixed(0)).join(", ")} ms`);
  } catch (error) {
    entry.floor = null;
    log(`[${name}] parse floor failed: ${error.message}`);
  }

  const samples = Object.fromEntries(Object.keys(tools).map((id) => [id, { cold: [], noChange: [], check: [], files: null, reason: null }]));
  for (let run = 0; run < runs; run++) {
    for (const [id, tool] of Object.entries(tools)) {
      const sample = samples[id];
      if (!tool.ok || sample.reason) continue;
      try {
        const dir = freshCopy(scratch, id, corpus);
        const step = (make) => {
          const { command, args } = make(dir);
          try {
            return timedRun(command, args, { cwd: scratch, env: tool.setup.env, nice });
          } catch (error) {
            // One retry, logged: on a shared machine a concurrent rebuild can pull a dist file
            // from under a run. A second failure stops this tool for the corpus.
            log(`[${name}] ${id} failed once, retrying: ${error.message.split("\n")[0]}`);
            sample.retries = (sample.retries ?? 0) + 1;
            const again = make(dir);
            return timedRun(again.command, again.args, { cwd: scratch, env: tool.setup.env, nice });
          }
        };
        const cold = step(tool.setup.cold.bind(tool.setup));
        sample.files ??= tool.setup.files(cold.stdout, cold.stderr);
        const noChange = step(tool.setup.noChange.bind(tool.setup));
        const check = tool.setup.check ? step(tool.setup.check.bind(tool.setup)) : null;
        if (id.startsWith("tsift")) {
          const counts = JSON.parse(noChange.stdout.trim().split("\n").pop());
          if (counts.new + counts.modified + counts.deleted !== 0) throw new Error(`no-change run found changes: ${noChange.stdout.trim()}`);
        }
        sample.cold.push(cold);
        sample.noChange.push(noChange);
        if (check) sample.check.push(check);
        log(
          `[${name}] run ${run + 1}/${runs} ${id}: cold ${(cold.ms / 1000).toFixed(2)} s (${Math.round(cold.rssMb ?? 0)} MB), no-change ${(noChange.ms / 1000).toFixed(3)} s${check ? `, check ${(check.ms / 1000).toFixed(3)} s` : ""}`,
        );
      } catch (error) {
        sample.reason = error.message;
        log(`[${name}] ${id} failed: ${error.message}`);
      }
    }
  }
  for (const [id, tool] of Object.entries(tools)) {
    const sample = samples[id];
    const reason = tool.ok ? sample.reason : tool.reason;
    if (reason || sample.cold.length === 0) {
      entry.tools[id] = { ok: false, reason: reason ?? "no run completed" };
      continue;
    }
    const strip = (list) => list.map(({ ms, cpuMs, rssMb }) => ({ ms, cpuMs, rssMb }));
    entry.tools[id] = {
      ok: true,
      files: sample.files,
      ...(sample.retries ? { retries: sample.retries } : {}),
      cold: { ...summarize(sample.cold), samples: strip(sample.cold) },
      noChange: { ...summarize(sample.noChange), samples: strip(sample.noChange) },
      ...(sample.check.length ? { check: { ...summarize(sample.check), samples: strip(sample.check) } } : {}),
    };
  }
}
env.loadAfter = loadavg();
results.tools = Object.fromEntries(
  Object.entries(tools).map(([id, tool]) => [
    id,
    { ok: tool.ok, label: tool.label, ...(tool.ok ? { invocation: tool.invocation, engine: tool.engine, help: tool.help } : { reason: tool.reason }) },
  ]),
);

if (values.out) {
  writeFileSync(values.out, `${JSON.stringify(results, null, 2)}\n`);
  log(`raw data: ${values.out}`);
}
process.stdout.write(renderMarkdown(results));
