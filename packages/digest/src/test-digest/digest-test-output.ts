import { TsiftError } from "@tsift/core/light";
import { BUDGET_PRESETS, type Budget, type BudgetPreset } from "../budget";
import { withEconomy } from "../digest-economy";
import { truncateBytes } from "../truncate-bytes";
import { detectTestRunner } from "./detect-test-runner";
import { frameLocation, isProjectFrame, toLines } from "./parse-helpers";
import { parseCargo } from "./parse-cargo";
import { parseGo } from "./parse-go";
import { parseJest } from "./parse-jest";
import { parseJunit } from "./parse-junit";
import { parseNodeSpec } from "./parse-node-spec";
import { parsePytest } from "./parse-pytest";
import { parseTap } from "./parse-tap";
import { parseVitest } from "./parse-vitest";
import { TEST_RUNNERS, type RawFailure, type RawRun, type TestDigestReport, type TestFailureGroup, type TestFrame, type TestRunner } from "./test-digest-types";

export interface TestDigestOptions {
  /** Force one parser; default `auto` (detected from the output). */
  runner?: TestRunner | "auto" | undefined;
  /** A preview budget (a preset name or a resolved budget): caps lists to `maxItems` and fields to `maxBytes`. */
  budget?: Budget | BudgetPreset | null | undefined;
  /** Most failure groups (0 = all); default 10. */
  limit?: number | undefined;
}

export const DEFAULT_TEST_DIGEST_LIMIT = 10;
/** Without a budget: bytes per message, per expected/actual value and per test name; names per group. */
const MESSAGE_BYTES = 400;
const VALUE_BYTES = 240;
const NAME_BYTES = 240;
const NAMES_PER_GROUP = 25;
const MAX_NOTES = 5;

const PARSERS: Record<TestRunner, (lines: readonly string[], text: string) => RawRun> = {
  vitest: (lines) => parseVitest(lines),
  jest: (lines) => parseJest(lines),
  node: (lines) => parseNodeSpec(lines),
  tap: (lines) => parseTap(lines),
  pytest: (lines) => parsePytest(lines),
  cargo: (lines) => parseCargo(lines),
  go: (lines) => parseGo(lines),
  junit: (_lines, text) => parseJunit(text),
};

function resolveOptions(options: TestDigestOptions) {
  const runner = options.runner ?? "auto";
  if (runner !== "auto" && !TEST_RUNNERS.includes(runner)) {
    throw new TsiftError("usage", `unknown test runner ${JSON.stringify(runner)}; expected auto or one of ${TEST_RUNNERS.join(", ")}`);
  }
  const limit = options.limit ?? DEFAULT_TEST_DIGEST_LIMIT;
  if (!Number.isInteger(limit) || limit < 0) throw new TsiftError("usage", `--limit expects a whole number >= 0 (0 = all), got ${String(limit)}`);
  const budget = typeof options.budget === "string" ? presetBudget(options.budget) : (options.budget ?? null);
  const items = Math.min(limit === 0 ? Infinity : limit, budget?.maxItems ?? Infinity);
  return {
    runner,
    groups: items,
    names: Math.min(NAMES_PER_GROUP, budget?.maxItems ?? Infinity),
    message: budget?.maxBytes ?? MESSAGE_BYTES,
    value: budget?.maxBytes ?? VALUE_BYTES,
    name: budget?.maxBytes ?? NAME_BYTES,
  };
}

function presetBudget(preset: BudgetPreset): Budget {
  const caps = BUDGET_PRESETS[preset];
  if (!caps) throw new TsiftError("usage", `unknown budget ${JSON.stringify(preset)}; expected small, normal or deep`);
  return { preset, maxItems: caps.maxItems, maxBytes: caps.maxBytes };
}

/** The frame a failure is anchored at: its first frame in the project, else where the runner says, else its first frame. */
function anchorOf(failure: RawFailure): TestFrame | null {
  return failure.frames.find(isProjectFrame) ?? failure.location ?? failure.frames[0] ?? null;
}

/** `truncateBytes`, except that a cap too small for its ellipsis gives "" rather than overflow. */
function fit(text: string, bytes: number): string {
  const cutText = truncateBytes(text, bytes);
  return Buffer.byteLength(cutText) <= bytes ? cutText : "";
}

const cut = (text: string | null, bytes: number) => (text === null ? null : fit(text.trim(), bytes));

/**
 * A bounded digest of captured test-runner output: failures grouped by location and
 * message with the failing test names kept, the first error with expected and actual
 * values, pass/fail/skip counts and duration, and what the digest saved. Pure and total:
 * any input gives a report (unrecognised output gives status `unknown`); only bad
 * options throw (`usage`).
 */
export function digestTestOutput(text: string, options: TestDigestOptions = {}): TestDigestReport {
  const caps = resolveOptions(options);
  const input = typeof text === "string" ? text : String(text);
  const runner = caps.runner === "auto" ? detectTestRunner(input) : caps.runner;
  let raw: RawRun = { failures: [], counts: {}, duration_ms: null, notes: [] };
  if (runner === null) raw.notes.push("no test runner recognised; pass --runner to force one");
  else {
    try {
      raw = PARSERS[runner](runner === "junit" ? [] : toLines(input), input);
    } catch (error) {
      raw.notes.push(`${runner} output could not be read: ${(error as Error).message}`);
    }
  }

  const groups = new Map<string, { group: TestFailureGroup; names: Set<string> }>();
  for (const failure of raw.failures) {
    const anchor = anchorOf(failure);
    const location = frameLocation(anchor);
    const key = `${location ?? ""}\u0000${failure.error_type ?? ""}\u0000${failure.message}`;
    let entry = groups.get(key);
    if (!entry) {
      entry = {
        group: {
          location: cut(location, caps.name),
          error_type: cut(failure.error_type, Math.min(80, caps.name)),
          message: fit(failure.message.trim() || "failed", caps.message),
          expected: cut(failure.expected, caps.value),
          actual: cut(failure.actual, caps.value),
          function: cut(anchor?.function ?? null, caps.name),
          in_project: anchor !== null && isProjectFrame(anchor),
          tests: [],
          tests_total: 0,
        },
        names: new Set(),
      };
      groups.set(key, entry);
    }
    if (entry.names.has(failure.name)) continue;
    entry.names.add(failure.name);
    entry.group.tests_total++;
    if (entry.group.tests.length < caps.names) entry.group.tests.push(fit(failure.name, caps.name));
  }
  const all = [...groups.values()].map((entry) => entry.group);
  const failures = all.slice(0, caps.groups);
  const failedTests = all.reduce((sum, group) => sum + group.tests_total, 0);
  const first = raw.failures[0];
  const counts = {
    passed: raw.counts.passed ?? null,
    failed: Math.max(raw.counts.failed ?? 0, failedTests),
    skipped: raw.counts.skipped ?? null,
    total: raw.counts.total ?? null,
  };
  const report = {
    runner,
    detected: caps.runner === "auto",
    status: counts.failed > 0 ? ("failed" as const) : counts.passed !== null || counts.total !== null ? ("passed" as const) : ("unknown" as const),
    counts,
    duration_ms: raw.duration_ms,
    first_error: first
      ? {
          test: fit(first.name, caps.name),
          error_type: cut(first.error_type, Math.min(80, caps.name)),
          message: fit(first.message.trim() || "failed", caps.message),
          expected: cut(first.expected, caps.value),
          actual: cut(first.actual, caps.value),
          location: cut(frameLocation(anchorOf(first)), caps.name),
        }
      : null,
    failures,
    failures_total: all.length,
    failed_tests: failedTests,
    truncated: failures.length < all.length || failures.some((group) => group.tests.length < group.tests_total),
    notes: raw.notes.slice(0, MAX_NOTES).map((note) => fit(note, caps.message)),
  };
  return withEconomy(Buffer.byteLength(input, "utf8"), report);
}
