import type { DigestEconomy } from "../digest-economy";

/** The runners whose output `digestTestOutput` reads; `node` is node:test's spec reporter, `tap` any TAP stream. */
export const TEST_RUNNERS = ["vitest", "jest", "node", "tap", "pytest", "cargo", "go", "junit"] as const;
export type TestRunner = (typeof TEST_RUNNERS)[number];

/** One stack frame: a path as the runner printed it (made root-relative by the project use case), 1-based line. */
export interface TestFrame {
  file: string;
  line: number;
  column: number | null;
  function: string | null;
}

/** Pass/fail/skip counts as the runner reported them; null where its output does not say. */
export interface TestCounts {
  passed: number | null;
  failed: number;
  skipped: number | null;
  total: number | null;
}

/** Failing tests that share one location and one message. */
export interface TestFailureGroup {
  /** `file:line` of the failing assertion or throw (the first frame the runner points at), or null. */
  location: string | null;
  /** The error's type when the runner prints one (`TypeError`, `AssertionError`, `panic`…). */
  error_type: string | null;
  /** The first line of the error, bounded. */
  message: string;
  expected: string | null;
  actual: string | null;
  /** The function at `location`, when the stack names it. */
  function: string | null;
  /** Whether `location` is the project's code (not the runner's, the standard library's or node_modules'). */
  in_project: boolean;
  /** Full names of the failing tests, in output order, capped. */
  tests: string[];
  tests_total: number;
}

/** The first failure in output order, in full (bounded), for an agent that reads one thing. */
export interface TestFirstError {
  test: string;
  error_type: string | null;
  message: string;
  expected: string | null;
  actual: string | null;
  location: string | null;
}

/** A digest of one test run's output. */
export interface TestDigest {
  /** The parser used; null when auto-detection recognised no runner. */
  runner: TestRunner | null;
  /** Whether `runner` was detected rather than forced. */
  detected: boolean;
  /** `failed` when any test failed, `passed` when counts were found and none did, else `unknown`. */
  status: "failed" | "passed" | "unknown";
  counts: TestCounts;
  /** Wall time the runner reported, in milliseconds, or null. */
  duration_ms: number | null;
  first_error: TestFirstError | null;
  /** Failure groups in output order, capped by `limit` and the budget. */
  failures: TestFailureGroup[];
  failures_total: number;
  /** Failing tests across all groups (before caps). */
  failed_tests: number;
  truncated: boolean;
  /** Why parts of the input were not understood (bounded). */
  notes: string[];
}

export type TestDigestReport = TestDigest & { economy: DigestEconomy };

/** What a runner parser extracts from one failure, before grouping and bounds. */
export interface RawFailure {
  name: string;
  error_type: string | null;
  message: string;
  expected: string | null;
  actual: string | null;
  /** Frames innermost first, as printed. */
  frames: TestFrame[];
  /** Where the runner says the failure happened, when it says so apart from the frames. */
  location: TestFrame | null;
}

/** What a runner parser returns. */
export interface RawRun {
  failures: RawFailure[];
  counts: Partial<TestCounts>;
  duration_ms: number | null;
  notes: string[];
}
