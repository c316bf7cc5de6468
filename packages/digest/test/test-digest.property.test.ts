import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { digestTestOutput, TEST_RUNNERS, type Budget, type TestDigestReport } from "../src/index";

// A few hundred cases per property in `npm test`; tools/bench/digest-fuzz/test-digest.mjs runs 10k.
const RUNS = Number(process.env.TSIFT_FUZZ_RUNS ?? 300);

const FIXTURES = join(import.meta.dirname, "..", "..", "..", "fixtures", "test-output");
const real = readdirSync(FIXTURES)
  .filter((file) => /\.(txt|xml)$/.test(file))
  .sort()
  .map((file) => readFileSync(join(FIXTURES, file), "utf8"));

/** Characters runner output is made of, so random splices land on the parsers' syntax. */
const SYNTAX = fc.constantFrom(
  "\n",
  "\r",
  "\t",
  " ",
  "  ",
  "\u001b[31m",
  "-",
  "=",
  "_",
  ":",
  "|",
  "●",
  "›",
  "✖",
  "✔",
  "❯",
  "⎯",
  "---",
  "...",
  "ok",
  "not ok",
  "FAIL",
  "PASS",
  "E ",
  "at ",
  "(",
  ")",
  "<",
  ">",
  "/",
  '"',
  "'",
  "1",
  "12",
  ".py",
  ".js",
  ".rs",
  ".go",
  "&#10;",
  "test ",
  "panicked at ",
);

/** Real output with random splices: text cut out, runner syntax inserted, lines repeated. */
const mutated = fc
  .tuple(fc.nat(real.length - 1), fc.array(fc.tuple(fc.nat(), fc.nat(400), fc.string({ unit: SYNTAX, maxLength: 30 }), fc.boolean()), { maxLength: 10 }))
  .map(([pick, edits]) => {
    let text = real[pick]!;
    for (const [at, cut, insert, repeat] of edits) {
      const start = text.length === 0 ? 0 : at % text.length;
      const piece = repeat ? text.slice(start, start + cut) : "";
      text = text.slice(0, start) + insert + piece + text.slice(start + (repeat ? 0 : cut));
    }
    return text;
  });

const randomText = fc.oneof(fc.string({ unit: "binary", maxLength: 600 }), fc.string({ unit: SYNTAX, maxLength: 200 }), fc.string({ maxLength: 600 }));

const runner = fc.constantFrom("auto" as const, ...TEST_RUNNERS);
const budget: fc.Arbitrary<Budget | null> = fc.option(
  fc.record({
    preset: fc.constant(null),
    maxItems: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
    maxBytes: fc.option(fc.integer({ min: 1, max: 300 }), { nil: null }),
  }),
  { nil: null },
);
const limit = fc.integer({ min: 0, max: 20 });

/** Every list and string field of the report within the caps it was given. */
function expectWithinBudget(report: TestDigestReport, budget: Budget | null, limit: number): void {
  const maxItems = Math.min(limit === 0 ? Infinity : limit, budget?.maxItems ?? Infinity);
  expect(report.failures.length).toBeLessThanOrEqual(maxItems);
  expect(report.notes.length).toBeLessThanOrEqual(5);
  const strings: (string | null)[] = [...report.notes];
  if (report.first_error) strings.push(...Object.values(report.first_error));
  for (const group of report.failures) {
    expect(group.tests.length).toBeLessThanOrEqual(Math.min(25, budget?.maxItems ?? Infinity));
    expect(group.tests.length).toBeLessThanOrEqual(group.tests_total);
    strings.push(group.location, group.error_type, group.message, group.expected, group.actual, group.function, ...group.tests);
  }
  const maxBytes = budget?.maxBytes ?? 400;
  for (const value of strings) if (value !== null) expect(Buffer.byteLength(value)).toBeLessThanOrEqual(maxBytes);
  expect(report.failures_total).toBeGreaterThanOrEqual(report.failures.length);
  expect(report.counts.failed).toBeGreaterThanOrEqual(report.failed_tests);
  expect(report.economy.output_bytes).toBe(Buffer.byteLength(JSON.stringify({ ...report, economy: undefined })));
}

describe("digestTestOutput on hostile input", () => {
  it("never throws on random text, under any runner, and stays within its budget", () => {
    fc.assert(
      fc.property(randomText, runner, budget, limit, (text, chosen, caps, cap) => {
        expectWithinBudget(digestTestOutput(text, { runner: chosen, budget: caps, limit: cap }), caps, cap);
      }),
      { numRuns: RUNS },
    );
  });

  it("never throws on mutated real runner output, and stays within its budget", () => {
    fc.assert(
      fc.property(mutated, runner, budget, limit, (text, chosen, caps, cap) => {
        expectWithinBudget(digestTestOutput(text, { runner: chosen, budget: caps, limit: cap }), caps, cap);
      }),
      { numRuns: RUNS },
    );
  });

  it("gives the same digest for the same input", () => {
    fc.assert(
      fc.property(mutated, (text) => {
        expect(digestTestOutput(text)).toEqual(digestTestOutput(text));
      }),
      { numRuns: Math.max(20, Math.floor(RUNS / 10)) },
    );
  });
});
