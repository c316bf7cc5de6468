import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { digestLog, digestLogStream, type LogDigest, type LogDigestOptions } from "../src/index";

const FIXTURES = join(import.meta.dirname, "..", "..", "..", "fixtures", "logs");
const REAL = ["tsc-type-errors.log", "nx-build-failure.log", "python-traceback.log"].map((file) => readFileSync(join(FIXTURES, file), "utf8").slice(0, 20_000));
// `npm test` runs a few hundred cases; tools/bench/digest-fuzz/log-digest.mjs runs 10k.
const RUNS = Number(process.env.TSIFT_FUZZ_RUNS ?? 200);

/** Lines that look like real logs, so the generator reaches every signal kind. */
const logLine = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 120 }),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.constantFrom(
    "error: boom",
    "src/a.ts(3,7): error TS2322: nope",
    "warning: unused",
    "Traceback (most recent call last):",
    '  File "/x/y.py", line 12, in f',
    "ValueError: bad",
    "thread 'main' panicked at src/main.rs:2:5:",
    "npm ERR! code ELIFECYCLE",
    "exit status 2",
    "\u001b[31mFAIL\u001b[0m test/a.test.ts",
    " --> src/lib.rs:10:5",
    "",
  ),
  fc.nat({ max: 99999 }).map((n) => `2026-01-01T00:00:00Z step ${n} of ${n + 1} 0x${n.toString(16)} src/f${n % 7}.ts:${n}`),
);
const logText = fc.array(logLine, { maxLength: 80 }).chain((lines) => fc.constantFrom("\n", "\r\n", "\r").map((eol) => lines.join(eol)));

/** A real log cut, duplicated and spliced with random bytes. */
const mutatedReal = fc
  .tuple(fc.constantFrom(...REAL), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 400 }), fc.string({ unit: "binary", maxLength: 40 })), { maxLength: 8 }))
  .map(([text, edits]) =>
    edits.reduce((acc, [at, cut, insert]) => acc.slice(0, at % (acc.length + 1)) + insert + acc.slice((at % (acc.length + 1)) + cut), text),
  );

const options: fc.Arbitrary<LogDigestOptions> = fc.record(
  {
    limit: fc.integer({ min: 1, max: 12 }),
    context: fc.integer({ min: 0, max: 5 }),
    maxLineBytes: fc.integer({ min: 16, max: 300 }),
    tailLines: fc.integer({ min: 0, max: 20 }),
    headLines: fc.integer({ min: 0, max: 5 }),
  },
  { requiredKeys: [] },
);

/** Every quoted string is cut to maxLineBytes and every list to limit, so the report's size has a bound that no input can move. */
function checkBudget(digest: LogDigest, opts: LogDigestOptions): void {
  const limit = opts.limit ?? 10;
  const maxLineBytes = opts.maxLineBytes ?? 240;
  const context = opts.context ?? 2;
  for (const list of [digest.signals, digest.repeats, digest.anchors, digest.exit_codes]) expect(list.length).toBeLessThanOrEqual(limit);
  const quoted = [
    ...digest.head,
    ...digest.tail,
    ...(digest.first_error ? [digest.first_error.text, ...digest.first_error.before, ...digest.first_error.after] : []),
    ...digest.signals.flatMap((group) => [group.shape, group.first.text, group.last?.text ?? "", ...group.before, ...group.after]),
    ...digest.repeats.flatMap((group) => [group.shape, group.text]),
  ];
  for (const text of quoted) expect(Buffer.byteLength(text)).toBeLessThanOrEqual(maxLineBytes);
  expect(digest.head.length).toBeLessThanOrEqual(opts.headLines ?? 3);
  expect(digest.tail.length).toBeLessThanOrEqual(opts.tailLines ?? 8);
  // Slots: first error (line, before, after), per signal (3 lines, before, after, 5 anchors),
  // per repeat 2, per anchor 1, head and tail; a slot is at most a JSON-escaped line
  // (6 bytes per byte for control characters) or a 300-character path, plus its keys.
  const slots = 1 + (context + 1) + (4 * context + 1) + 5 + limit * (3 + context + 4 * context + 1 + 5) + limit * 3 + 1000 + 1000;
  expect(digest.economy.output_bytes).toBeLessThanOrEqual(slots * (6 * Math.max(maxLineBytes, 1200) + 120) + 4096);
}

describe("log-digest properties (fast-check)", () => {
  it("never throws and stays within budget on generated logs", () => {
    fc.assert(
      fc.property(logText, options, (text, opts) => {
        checkBudget(digestLog(text, opts), opts);
      }),
      { numRuns: RUNS },
    );
  });

  it("never throws and stays within budget on mutated real logs", () => {
    fc.assert(
      fc.property(mutatedReal, options, (text, opts) => {
        checkBudget(digestLog(text, opts), opts);
      }),
      { numRuns: RUNS },
    );
  });

  it("streams to the same digest however the bytes are chunked", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(logText, mutatedReal), fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 10 }), async (text, sizes) => {
        const bytes = Buffer.from(text);
        const chunks: Buffer[] = [];
        for (let at = 0, i = 0; at < bytes.length; i++) {
          const size = sizes[i % sizes.length]!;
          chunks.push(bytes.subarray(at, at + size));
          at += size;
        }
        expect(await digestLogStream(chunks)).toEqual(digestLog(bytes.toString("utf8")));
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });
});
