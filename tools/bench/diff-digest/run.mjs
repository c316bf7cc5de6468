// diff-digest benchmark: (1) the diff parsers fuzzed with fast-check, 10k cases per
// property (random and mutated real git output); (2) the patch parser streaming a large
// synthetic patch, time and peak RSS at two sizes to show linear time and flat memory;
// (3) diffDigest on real commits of this repository: bytes of the digest against the
// zero-context patch it reads and the default `git show` patch an agent would read.
// Usage: node tools/bench/diff-digest/run.mjs [--runs 10000] [--mb 10,100] [--commits 40]
// Needs a built @tsift/digest (packages/digest/dist).
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import fc from "fast-check";

// Every tsift this script starts runs in-process: a daemon left running (of another build,
// perhaps) would otherwise answer its read commands.
process.env.TSIFT_NO_DAEMON = "1";

const repoRoot = join(import.meta.dirname, "..", "..", "..");
const digest = await import(join(repoRoot, "packages", "digest", "dist", "index.js"));
const { PatchParser, parseNumstat, parseRawDiff, diffDigest } = digest;

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
};
const RUNS = Number(arg("runs", "10000"));
const SIZES = arg("mb", "10,100").split(",").map(Number);
const COMMITS = Number(arg("commits", "40"));

const git = (...args) => execFileSync("git", ["-c", "core.quotepath=off", ...args], { cwd: repoRoot, maxBuffer: 1 << 30 });

// 1. Fuzz.
const realPatch = git("show", "--format=", "-M", "-U0", "HEAD~5..HEAD").toString("utf8").slice(0, 200_000);
const realNumstat = git("diff", "--numstat", "-z", "-M", "HEAD~5", "HEAD").toString("utf8");
const realRaw = git("diff", "--raw", "-z", "-M", "HEAD~5", "HEAD").toString("utf8");
const units = fc.constantFrom("\n", "\0", "\t", "@", "-", "+", " ", "a", "/", '"', "\\", "1", ",");
const mutated = (source) =>
  fc.array(fc.tuple(fc.nat(), fc.nat(40), fc.string({ unit: units })), { maxLength: 8 }).map((edits) => {
    let text = source;
    for (const [at, cut, insert] of edits) {
      const start = text.length === 0 ? 0 : at % text.length;
      text = text.slice(0, start) + insert + text.slice(start + cut);
    }
    return text;
  });
const anyText = fc.oneof(fc.string({ unit: "binary", maxLength: 2000 }), fc.string({ maxLength: 2000 }));
const fuzz = [];
const time = (label, property) => {
  const start = performance.now();
  fc.assert(property, { numRuns: RUNS });
  fuzz.push({ label, runs: RUNS, ms: Math.round(performance.now() - start) });
};
time(
  "patch parser (random, mutated real patch, random chunking, caps 0–4)",
  fc.property(fc.oneof(anyText, mutated(realPatch)), fc.array(fc.nat(), { maxLength: 6 }), fc.nat(4), fc.nat(4), (text, cuts, maxHunks, maxSections) => {
    const parser = new PatchParser({ maxHunksPerFile: maxHunks, maxSections });
    const bytes = Buffer.from(text);
    let from = 0;
    for (const cut of cuts.map((c) => c % (bytes.length + 1)).sort((a, b) => a - b)) {
      parser.push(bytes.subarray(from, cut));
      from = cut;
    }
    parser.push(bytes.subarray(from));
    const sections = parser.end();
    if (sections.length > maxSections) throw new Error("section cap exceeded");
    for (const section of sections) if (section.hunks.length > maxHunks) throw new Error("hunk cap exceeded");
  }),
);
time(
  "numstat parser (random, mutated real numstat)",
  fc.property(fc.oneof(anyText, mutated(realNumstat)), (text) => {
    if (parseNumstat(text).length > text.split("\0").length) throw new Error("more entries than records");
  }),
);
time(
  "raw parser (random, mutated real raw listing)",
  fc.property(fc.oneof(anyText, mutated(realRaw)), (text) => {
    if (parseRawDiff(text).length > text.split("\0").length) throw new Error("more entries than records");
  }),
);

// 2. Streaming a large patch: 64 KiB chunks of synthetic sections with long lines and header-like bodies.
function syntheticChunk(seq) {
  let text = "";
  for (let i = 0; i < 40; i++) {
    const n = seq * 40 + i;
    text += `diff --git a/src/f${n}.ts b/src/f${n}.ts\nindex 1..2 100644\n--- a/src/f${n}.ts\n+++ b/src/f${n}.ts\n`;
    for (let h = 0; h < 5; h++) {
      text += `@@ -${h * 10 + 1},3 +${h * 10 + 1},3 @@ function f${h}()\n`;
      text += `--- a/looks-like-a-header\n-${"x".repeat(120)}\n-diff --git a/x b/x\n+++ b/also-not\n+${"y".repeat(120)}\n+@@ -1 +1 @@\n`;
    }
  }
  return Buffer.from(text);
}
const stream = [];
for (const mb of SIZES) {
  const target = mb * 1024 * 1024;
  const parser = new PatchParser({ maxSections: 1_000_000 });
  // Generated up front and cycled, so the timing is the parser's alone.
  const chunks = Array.from({ length: 64 }, (_, seq) => syntheticChunk(seq));
  const before = process.memoryUsage().rss;
  const start = performance.now();
  let fed = 0;
  for (let seq = 0; fed < target; seq++) {
    const chunk = chunks[seq % chunks.length];
    parser.push(chunk);
    fed += chunk.length;
  }
  const sections = parser.end();
  stream.push({
    mb,
    bytes: fed,
    ms: Math.round(performance.now() - start),
    sections: sections.length,
    hunks: sections.reduce((sum, section) => sum + section.hunks.length, 0),
    rssStartMb: Math.round(before / 1048576),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  });
}

// 3. Real commits of this repository.
const commits = git("rev-list", "--no-merges", `--max-count=${COMMITS}`, "HEAD").toString("utf8").trim().split("\n");
const real = [];
for (const commit of commits) {
  const shown = git("show", "--format=", "-M", commit).length;
  const start = performance.now();
  const report = await diffDigest({ root: repoRoot, target: { kind: "revision", rev: commit } });
  real.push({ commit: commit.slice(0, 7), files: report.files_changed, shown, ms: performance.now() - start, ...report.economy });
}
const sum = (key) => real.reduce((total, row) => total + row[key], 0);
const pct = (part, whole) => (whole > 0 ? Math.round((1 - part / whole) * 1000) / 10 : 0);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const lines = [];
lines.push(`node ${process.version}, ${new Date().toISOString().slice(0, 10)}`, "");
lines.push("| fuzz property | cases | time |", "|---|---:|---:|");
for (const row of fuzz) lines.push(`| ${row.label} | ${row.runs} | ${row.ms} ms |`);
lines.push("", "| streamed patch | sections | hunks | time | MB/s | peak RSS |", "|---:|---:|---:|---:|---:|---:|");
for (const row of stream)
  lines.push(
    `| ${row.mb} MB | ${row.sections} | ${row.hunks} | ${row.ms} ms | ${Math.round(row.bytes / 1048576 / (row.ms / 1000))} | ${row.maxRssMb} MB (start ${row.rssStartMb} MB) |`,
  );
lines.push(
  "",
  `Last ${real.length} non-merge commits of this repository, \`diffDigest({ target: { kind: "revision" } })\` with the defaults (25 files, 20 items per list):`,
  "",
  "| | total | median per commit |",
  "|---|---:|---:|",
  `| \`git show\` patch (3 lines of context) | ${sum("shown")} B | ${median(real.map((row) => row.shown))} B |`,
  `| zero-context patch read (\`economy.input_bytes\`) | ${sum("input_bytes")} B | ${median(real.map((row) => row.input_bytes))} B |`,
  `| digest JSON (\`economy.output_bytes\`) | ${sum("output_bytes")} B | ${median(real.map((row) => row.output_bytes))} B |`,
  `| saved against \`git show\` | ${pct(sum("output_bytes"), sum("shown"))}% | ${median(real.map((row) => pct(row.output_bytes, row.shown)))}% |`,
  `| saved against the zero-context patch | ${pct(sum("output_bytes"), sum("input_bytes"))}% | ${median(real.map((row) => row.saved_percent))}% |`,
  `| time | ${Math.round(sum("ms"))} ms | ${Math.round(median(real.map((row) => row.ms)))} ms |`,
);
const largest = [...real].sort((a, b) => b.shown - a.shown).slice(0, 5);
lines.push("", "The five largest:", "", "| commit | files | `git show` | digest | saved |", "|---|---:|---:|---:|---:|");
for (const row of largest) lines.push(`| ${row.commit} | ${row.files} | ${row.shown} B | ${row.output_bytes} B | ${pct(row.output_bytes, row.shown)}% |`);
console.log(lines.join("\n"));
