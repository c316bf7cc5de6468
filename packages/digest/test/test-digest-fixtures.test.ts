import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { detectTestRunner, digestTestOutput, type TestDigestReport, type TestRunner } from "../src/index";

const FIXTURES = join(import.meta.dirname, "..", "..", "..", "fixtures", "test-output");

interface Capture {
  name: string;
  file: string;
  runner: TestRunner;
  tool: string;
  command: string;
  expected: { failed: string[]; messages: string[]; anchors: string[]; counts: { failed: number; skipped: number } };
}

const captures = (JSON.parse(readFileSync(join(FIXTURES, "index.json"), "utf8")) as { captures: Capture[] }).captures;
const read = (file: string) => readFileSync(join(FIXTURES, file), "utf8");
/** Inputs at least this large must shrink by 90%; the smallest captures (a bare `go test`) are already terse. */
const LARGE_INPUT = 20 * 1024;

const names = (digest: TestDigestReport) => digest.failures.flatMap((group) => group.tests);

describe("every captured runner output", () => {
  test("the fixture index covers every runner, each labelled with its tool and version", () => {
    expect(new Set(captures.map((capture) => capture.runner))).toEqual(new Set(["vitest", "jest", "node", "tap", "pytest", "cargo", "go", "junit"]));
    for (const capture of captures) expect(capture.tool).toMatch(/\d+\.\d+/);
  });

  for (const capture of captures) {
    describe(capture.name, () => {
      const text = read(capture.file);
      const digest = digestTestOutput(text);

      test(`is detected as ${capture.runner}`, () => {
        expect(detectTestRunner(text)).toBe(capture.runner);
        expect(digest.runner).toBe(capture.runner);
        expect(digest.detected).toBe(true);
        const { economy: _forcedEconomy, ...forced } = digestTestOutput(text, { runner: capture.runner });
        const { economy: _economy, ...auto } = digest;
        expect(forced).toEqual({ ...auto, detected: false });
      });

      test("keeps every failing test name, the first error and the file:line anchors", () => {
        expect(digest.status).toBe("failed");
        for (const name of capture.expected.failed)
          expect(
            names(digest).some((test) => test.includes(name)),
            name,
          ).toBe(true);
        expect(digest.failed_tests).toBe(capture.expected.failed.length);
        const failures = JSON.stringify(digest.failures);
        for (const message of capture.expected.messages) expect(failures).toContain(message);
        expect(digest.first_error).not.toBeNull();
        expect(digest.first_error!.message.length).toBeGreaterThan(0);
        expect(digest.first_error!.location).toMatch(/:\d+$/);
        for (const anchor of capture.expected.anchors) {
          expect(
            digest.failures.some((group) => group.location !== null && new RegExp(`${anchor.replace(/\./g, "\\.")}:\\d+$`).test(group.location)),
            anchor,
          ).toBe(true);
        }
      });

      test("counts failures and skips as the runner reported them", () => {
        expect(digest.counts.failed).toBe(capture.expected.counts.failed);
        if (digest.counts.skipped !== null) expect(digest.counts.skipped).toBe(capture.expected.counts.skipped);
        if (digest.counts.total !== null && digest.counts.passed !== null) expect(digest.counts.passed).toBeGreaterThan(100);
      });

      test("reports its economy, and saves at least 90% on a large input", () => {
        expect(digest.economy.input_bytes).toBe(Buffer.byteLength(text));
        const { economy, ...report } = digest;
        expect(economy.output_bytes).toBe(Buffer.byteLength(JSON.stringify(report)));
        if (economy.input_bytes >= LARGE_INPUT) expect(economy.saved_percent).toBeGreaterThanOrEqual(90);
      });

      if (capture.runner !== "go") {
        // Go's t.Helper() reports each caller's line, so only the other runners put both slug failures at one line.
        test("groups the two tests that failed at the same line with the same message", () => {
          const slug = digest.failures.find((group) => group.tests_total === 2);
          expect(slug?.tests.every((name) => name.includes("accented"))).toBe(true);
          expect(slug?.location).toMatch(/slug|lib\.rs/);
        });
      }
    });
  }
});

describe("what a digest keeps from each failure", () => {
  test("vitest: expected and actual values of the assertion", () => {
    const digest = digestTestOutput(read("vitest-verbose.txt"));
    const slug = digest.failures.find((group) => group.tests_total === 2)!;
    expect(slug).toMatchObject({ location: "test/slug.test.js:5", expected: '"cafe"', actual: '"caf-"', error_type: "AssertionError", in_project: true });
    expect(digest.first_error).toMatchObject({ error_type: "TypeError", message: "invalid port: undefined", location: "test/config.test.js:11" });
    expect(digest.duration_ms).toBeGreaterThan(0);
  });

  test("node:test: a throw is anchored at the project frame that threw, with its function", () => {
    const digest = digestTestOutput(read("node-test-spec.txt"));
    expect(digest.failures[0]).toMatchObject({
      location: "/tmp/tsift-capture/node/src/config.js:3",
      function: "parsePort",
      error_type: "TypeError",
      in_project: true,
    });
  });

  test("pytest: the crash line anchors the failure and `assert a == b` gives actual and expected", () => {
    const digest = digestTestOutput(read("pytest-verbose.txt"));
    expect(digest.failures[0]).toMatchObject({ location: "calc/config.py:3", error_type: "ValueError", message: "invalid port: None" });
    expect(digest.failures.find((group) => group.location === "tests/test_slug.py:6")).toMatchObject({ expected: "'cafe'", actual: "'caf-'" });
    expect(names(digest)).toContain("tests/test_config.py::test_load_config_defaults_port");
  });

  test("cargo: left/right of assert_eq! and the panic location", () => {
    const digest = digestTestOutput(read("cargo-test.txt"));
    expect(digest.failures.find((group) => group.message === "invalid port")).toMatchObject({ location: "src/lib.rs:24", error_type: "panic" });
    expect(digest.failures.find((group) => group.tests_total === 2)).toMatchObject({ expected: '"cafe"', actual: '"caf-"' });
  });

  test("ANSI colour codes are stripped", () => {
    const text = read("vitest-default-color.txt");
    expect(text).toContain("\u001b[");
    expect(JSON.stringify(digestTestOutput(text))).not.toContain("\u001b");
    expect(digestTestOutput(text).failures).toEqual(digestTestOutput(read("vitest-verbose.txt")).failures);
  });

  test("JUnit character references in attributes are decoded", () => {
    const digest = digestTestOutput(read("pytest-junit.xml"));
    expect(JSON.stringify(digest)).not.toContain("&#10;");
  });
});

describe("bounds and options", () => {
  const text = read("vitest-verbose.txt");

  test("--limit caps the groups and says so", () => {
    const digest = digestTestOutput(text, { limit: 1 });
    expect(digest.failures).toHaveLength(1);
    expect(digest).toMatchObject({ failures_total: 4, failed_tests: 5, truncated: true });
  });

  test("a budget caps groups, names per group and every field's bytes", () => {
    const digest = digestTestOutput(text, { budget: { preset: null, maxItems: 1, maxBytes: 24 } });
    expect(digest.failures).toHaveLength(1);
    for (const value of [digest.first_error!.message, digest.first_error!.test, ...digest.failures.flatMap((group) => [group.message, ...group.tests])]) {
      expect(Buffer.byteLength(value)).toBeLessThanOrEqual(24);
    }
    expect(digestTestOutput(text, { budget: "small" }).failures).toHaveLength(3);
  });

  test("output no runner made is reported as unknown, not guessed", () => {
    const digest = digestTestOutput("hello\nworld\n");
    expect(digest).toMatchObject({ runner: null, status: "unknown", failures: [], first_error: null });
    expect(digest.notes[0]).toContain("--runner");
  });

  test("a passing run is passed", () => {
    const digest = digestTestOutput(
      "running 2 tests\ntest a ... ok\ntest b ... ok\n\ntest result: ok. 2 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n",
    );
    expect(digest).toMatchObject({ runner: "cargo", status: "passed", counts: { passed: 2, failed: 0, skipped: 0, total: 2 } });
  });

  test("bad options are usage errors", () => {
    expect(() => digestTestOutput("", { runner: "mocha" as TestRunner })).toThrow(expect.objectContaining({ code: "usage" }));
    expect(() => digestTestOutput("", { limit: -1 })).toThrow(expect.objectContaining({ code: "usage" }));
  });
});

describe("runner output beyond the captured suites", () => {
  test("cargo: a build that fails before any test runs is one failure at the first compiler error", () => {
    const digest = digestTestOutput(
      [
        "   Compiling calc v0.1.0 (/tmp/calc)",
        "error[E0425]: cannot find value `x` in this scope",
        " --> src/lib.rs:3:5",
        "  |",
        "3 |     x",
        "  |     ^ not found in this scope",
        "",
        "error: could not compile `calc` (lib test) due to 1 previous error",
      ].join("\n"),
      { runner: "cargo" },
    );
    expect(digest.failures[0]).toMatchObject({ location: "src/lib.rs:3", error_type: "compile error[E0425]", tests: ["build"] });
  });

  test("go: a panic is the failure of the test that was running, anchored at a project frame", () => {
    const digest = digestTestOutput(
      [
        "=== RUN   TestParse",
        "--- FAIL: TestParse (0.00s)",
        "panic: runtime error: index out of range [3] with length 3 [recovered]",
        "",
        "goroutine 6 [running]:",
        "testing.tRunner.func1.2({0x5f1c60, 0xc000016180})",
        "\t/usr/lib/go-1.19/src/testing/testing.go:1396 +0x24e",
        "example.com/calc.Parse(...)",
        "\t/home/me/calc/calc.go:12 +0x1d",
        "FAIL\texample.com/calc\t0.004s",
      ].join("\n"),
    );
    expect(digest.runner).toBe("go");
    expect(digest.failures[0]).toMatchObject({ location: "/home/me/calc/calc.go:12", error_type: "panic", tests: ["TestParse"] });
  });

  test("pytest -q with --tb=no: the summary lines alone still name the failures", () => {
    const digest = digestTestOutput(
      [
        "..F.s",
        "=========================== short test summary info ============================",
        "FAILED tests/test_a.py::test_b - assert 1 == 2",
        "1 failed, 3 passed, 1 skipped in 0.05s",
      ].join("\n"),
    );
    expect(digest).toMatchObject({ runner: "pytest", counts: { failed: 1, passed: 3, skipped: 1, total: 5 }, duration_ms: 50 });
    expect(digest.failures[0]).toMatchObject({ tests: ["tests/test_a.py::test_b"], expected: "2", actual: "1" });
  });

  test("JUnit XML cut short keeps the failures read so far; XML that cannot be read is a note, not an exception", () => {
    const cutShort = digestTestOutput('<testsuites><testsuite name="x"><testcase name="a"><failure message="boom">', { runner: "junit" });
    expect(cutShort.failures[0]).toMatchObject({ tests: ["a"], message: "boom" });
    const broken = digestTestOutput('<testsuites><testcase name="a"><failure message="boom', { runner: "junit" });
    expect(broken).toMatchObject({ status: "unknown", failures: [] });
    expect(broken.notes[0]).toContain("not well-formed JUnit XML");
  });
});
