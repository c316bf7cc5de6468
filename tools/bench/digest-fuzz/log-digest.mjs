// log-digest benchmark: (1) digestLog/digestLogStream fuzzed with fast-check, 10k cases per
// property (generated log-like text, mutated real logs from fixtures/logs, random chunking):
// it never throws, every list stays within `limit` and every quoted line within
// `maxLineBytes`, and the stream gives the digest of the whole text; (2) linear time: CPU ms
// per MB on 1, 2, 4 and 8 MB of realistic log lines and of adversarial lines (long hex
// runs, long path-like tokens, colon-heavy lines) must stay flat as the size doubles.
// Usage: node tools/bench/digest-fuzz/log-digest.mjs [--runs 10000] [--mb 1,2,4,8]
// Needs a built @tsift/digest (packages/digest/dist).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";

const repoRoot = join(import.meta.dirname, "..", "..", "..");
const { digestLog, digestLogStream } = await import(join(repoRoot, "packages", "digest", "dist", "index.js"));
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
};
const RUNS = Number(arg("runs", "10000"));
const SIZES = arg("mb", "1,2,4,8").split(",").map(Number);

const logsDir = join(repoRoot, "fixtures", "logs");
const REAL = readdirSync(logsDir)
  .filter((file) => file.endsWith(".log"))
  .map((file) => readFileSync(join(logsDir, file), "utf8"));

const logLine = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 160 }),
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.constantFrom(...REAL.flatMap((text) => text.split("\n").slice(0, 200))),
  fc.nat({ max: 1e6 }).map((n) => `2026-01-01T00:00:00Z step ${n} 0x${n.toString(16)} src/f${n % 7}.ts:${n} error: e${n % 3}`),
);
const logText = fc.array(logLine, { maxLength: 120 }).chain((lines) => fc.constantFrom("\n", "\r\n", "\r").map((eol) => lines.join(eol)));
const mutatedReal = fc
  .tuple(
    fc.constantFrom(...REAL.map((text) => text.slice(0, 30_000))),
    fc.array(fc.tuple(fc.nat(), fc.nat({ max: 2000 }), fc.string({ unit: "binary", maxLength: 60 })), { maxLength: 10 }),
  )
  .map(([text, edits]) =>
    edits.reduce((acc, [at, cut, insert]) => acc.slice(0, at % (acc.length + 1)) + insert + acc.slice((at % (acc.length + 1)) + cut), text),
  );
const options = fc.record(
  {
    limit: fc.integer({ min: 1, max: 12 }),
    context: fc.integer({ min: 0, max: 5 }),
    maxLineBytes: fc.integer({ min: 16, max: 300 }),
    tailLines: fc.integer({ min: 0, max: 20 }),
  },
  { requiredKeys: [] },
);

function checkBudget(digest, opts) {
  const limit = opts.limit ?? 10;
  const maxLineBytes = opts.maxLineBytes ?? 240;
  for (const list of [digest.signals, digest.repeats, digest.anchors, digest.exit_codes]) if (list.length > limit) throw new Error("list over limit");
  const quoted = [
    ...digest.head,
    ...digest.tail,
    ...(digest.first_error ? [digest.first_error.text, ...digest.first_error.before, ...digest.first_error.after] : []),
    ...digest.signals.flatMap((group) => [group.shape, group.first.text, group.last?.text ?? "", ...group.before, ...group.after]),
    ...digest.repeats.flatMap((group) => [group.shape, group.text]),
  ];
  for (const text of quoted) if (Buffer.byteLength(text) > maxLineBytes) throw new Error(`line over ${maxLineBytes} bytes`);
}

const fuzz = [];
async function time(label, property) {
  const start = performance.now();
  await fc.assert(property, { numRuns: RUNS });
  fuzz.push({ label, runs: RUNS, ms: Math.round(performance.now() - start) });
}
await time(
  "generated logs: never throws, within budget",
  fc.property(logText, options, (text, opts) => checkBudget(digestLog(text, opts), opts)),
);
await time(
  "mutated real logs: never throws, within budget",
  fc.property(mutatedReal, options, (text, opts) => checkBudget(digestLog(text, opts), opts)),
);
await time(
  "random chunking: stream equals whole",
  fc.asyncProperty(fc.oneof(logText, mutatedReal), fc.array(fc.integer({ min: 1, max: 4096 }), { minLength: 1, maxLength: 8 }), async (text, sizes) => {
    const bytes = Buffer.from(text);
    const chunks = [];
    for (let at = 0, i = 0; at < bytes.length; i++) {
      chunks.push(bytes.subarray(at, at + sizes[i % sizes.length]));
      at += sizes[i % sizes.length];
    }
    const streamed = JSON.stringify(await digestLogStream(chunks));
    if (streamed !== JSON.stringify(digestLog(bytes.toString("utf8")))) throw new Error("stream and whole differ");
  }),
);

// 2. Linear time.
const realLines = REAL.flatMap((text) => text.split("\n"));
const adversarial = [
  "a".repeat(4000),
  `${"deadbeef".repeat(500)}`,
  `${"x/".repeat(2000)}`,
  `${"a.ts:".repeat(800)}`,
  `${"(1,".repeat(1000)}`,
  `${"1/".repeat(2000)}`,
  `error ${"\u001b[".repeat(1000)}`,
];
function corpus(mb, lines) {
  const out = [];
  let bytes = 0;
  for (let i = 0; bytes < mb * 1024 * 1024; i++) {
    const line = lines[i % lines.length].replace(/\d+/, String(i));
    out.push(line);
    bytes += line.length + 1;
  }
  return out.join("\n");
}
const scaling = [];
for (const [kind, lines] of [
  ["real log lines", realLines],
  ["adversarial lines", adversarial],
]) {
  for (const mb of SIZES) {
    const text = corpus(mb, lines);
    // CPU time, not wall time: on a shared machine the wall clock measures the neighbours.
    const before = process.cpuUsage();
    digestLog(text);
    const used = process.cpuUsage(before);
    const cpu = (used.user + used.system) / 1000;
    scaling.push({ kind, mb, cpu_ms: Math.round(cpu), cpu_ms_per_mb: Math.round(cpu / mb) });
  }
}
console.log(JSON.stringify({ node: process.version, fuzz, scaling }, null, 2));
