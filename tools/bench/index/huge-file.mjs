#!/usr/bin/env node
/**
 * Huge single files: peak RSS of a cold `tsift index` of one generated TypeScript file,
 * above the peak of indexing a tiny file (the CLI's own baseline), as a multiple of the
 * file's size. Build tsift first, then:
 *
 *   node tools/bench/index/huge-file.mjs [--sizes 1,4,8,15] [--shapes code,literal] [--runs 1] [--out results.json]
 *
 * Shapes: `code` is many small modules' worth of functions, classes, interfaces, arrow
 * functions and calls; `literal` is one exported object literal of nested records (a
 * generated table or fixture), a single top-level statement spanning the whole file.
 * Each run indexes a fresh scratch dir whose config raises `index.max_file_bytes` to the
 * per-file limit. A file the index refuses is reported as refused, with its message.
 * Prints a Markdown table; raw samples go to --out.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { generateHugeSource } from "./huge-source.mjs";
import { median, timedRun } from "./measure.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, "../../..");
const MIB = 1024 * 1024;
const HARD_MAX = 16 * MIB;

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1,4,8,15" },
    shapes: { type: "string", default: "code,literal" },
    runs: { type: "string", default: "1" },
    out: { type: "string" },
    "tsift-bin": { type: "string", default: join(REPO, "packages/cli/dist/bin.js") },
  },
});
const runs = Number(values.runs);
const bin = resolve(values["tsift-bin"]);
const sizes = values.sizes.split(",").map(Number);
const shapes = values.shapes.split(",");

function indexOnce(text) {
  const dir = mkdtempSync(join(tmpdir(), "tsift-huge-"));
  try {
    mkdirSync(join(dir, ".tsift"));
    writeFileSync(join(dir, ".tsift/config.toml"), `[index]\nmax_file_bytes = ${HARD_MAX}\n`);
    writeFileSync(join(dir, "huge.ts"), text);
    const run = timedRun(process.execPath, [bin, "index", dir, "--json"], { allowFailure: true });
    let report = null;
    try {
      report = JSON.parse(run.stdout);
    } catch {
      // Not JSON: the failure is in stderr.
    }
    const warning = report?.warnings?.find?.((entry) => entry.path === "huge.ts") ?? null;
    return { ...run, parsed: report?.parsed ?? report?.summary?.parsed ?? null, warning: warning?.message ?? null, report };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const baselineRuns = Array.from({ length: Math.max(runs, 3) }, () => indexOnce("export const a = 1;\n"));
const baselineMb = median(baselineRuns.map((run) => run.rssMb));
process.stderr.write(`baseline (one tiny file): ${baselineMb?.toFixed(1)} MB peak RSS\n`);

const rows = [];
for (const shape of shapes) {
  for (const mb of sizes) {
    const text = generateHugeSource(shape, Math.round(mb * MIB) - 1);
    const bytes = Buffer.byteLength(text);
    const samples = [];
    for (let run = 0; run < runs; run++) samples.push(indexOnce(text));
    const rssMb = median(samples.map((sample) => sample.rssMb));
    const refused = samples.some((sample) => sample.warning !== null && /skipped|refused|over/.test(sample.warning));
    const row = {
      shape,
      bytes,
      rssMb,
      aboveBaselineMb: rssMb - baselineMb,
      ratio: ((rssMb - baselineMb) * MIB) / bytes,
      cpuMs: median(samples.map((sample) => sample.cpuMs)),
      ms: median(samples.map((sample) => sample.ms)),
      status: samples.map((sample) => sample.status),
      refused,
      warning: samples[0]?.warning ?? null,
    };
    rows.push(row);
    process.stderr.write(
      `${shape} ${(bytes / MIB).toFixed(2)} MiB: ${rssMb?.toFixed(0)} MB peak, ${row.ratio.toFixed(1)}x above baseline${refused ? ` (refused: ${row.warning})` : ""}\n`,
    );
  }
}

const lines = [
  `Baseline (index of one tiny file): ${baselineMb?.toFixed(1)} MB peak RSS. Medians of ${runs} run(s).`,
  "",
  "| shape | file (MiB) | peak RSS (MB) | above baseline (MB) | ratio to file size | CPU (s) | outcome |",
  "|---|---:|---:|---:|---:|---:|---|",
  ...rows.map(
    (row) =>
      `| ${row.shape} | ${(row.bytes / MIB).toFixed(2)} | ${row.rssMb?.toFixed(0)} | ${row.aboveBaselineMb.toFixed(0)} | ${row.ratio.toFixed(1)}× | ${((row.cpuMs ?? 0) / 1000).toFixed(2)} | ${row.refused ? `refused: ${row.warning}` : row.status.every((status) => status === 0) ? "indexed" : `exit ${row.status.join(",")}`} |`,
  ),
];
process.stdout.write(`${lines.join("\n")}\n`);
if (values.out) writeFileSync(values.out, JSON.stringify({ baselineMb, rows }, null, 2));
