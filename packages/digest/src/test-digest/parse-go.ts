import { expectedActual, normalizePath, splitError } from "./parse-helpers";
import type { RawFailure, RawRun, TestFrame } from "./test-digest-types";

const RUN = /^=== (RUN|CONT|PAUSE|NAME)\s+(\S+)/;
const RESULT = /^(\s*)--- (FAIL|PASS|SKIP): (\S+) \((\d+(?:\.\d+)?)s\)/;
const OUTPUT = /^\s+([^\s:]+\.go):(\d+): ?(.*)$/;
const PACKAGE = /^(ok|FAIL|---)?\s*(ok|FAIL)\s+(\S+)\s+(\d+(?:\.\d+)?)s\b/;
const PANIC_FRAME = /^\t(\S+\.go):(\d+)(?: \+0x[0-9a-f]+)?$/;
const BUILD = /^(?:\.\/)?(\S+\.go):(\d+):(\d+): (.+)$/;

function goFrame(file: string, line: string): TestFrame {
  return { file: normalizePath(file), line: Number(line), column: null, function: null };
}

/**
 * `go test` (plain and `-v`): `--- FAIL: Name` lines with the test's `file.go:N: msg`
 * output (before the result under `-v`, after it without), panics with their goroutine
 * frames, package `ok`/`FAIL` lines for time, and build errors when nothing ran.
 */
export function parseGo(lines: readonly string[]): RawRun {
  const failures: RawFailure[] = [];
  const output = new Map<string, string[]>();
  let current: string | null = null;
  let lastFailed: { name: string; indent: number } | null = null;
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let duration: number | null = null;
  let panic: { message: string; frames: TestFrame[] } | null = null;
  let build: RawFailure | null = null;
  const append = (name: string, line: string) => {
    const list = output.get(name) ?? [];
    if (list.length < 200) list.push(line);
    output.set(name, list);
  };
  for (const line of lines) {
    const run = RUN.exec(line);
    if (run) {
      current = run[2]!;
      lastFailed = null;
      continue;
    }
    const result = RESULT.exec(line);
    if (result) {
      const [, indent, status, name] = result;
      if (status === "PASS") passed++;
      else if (status === "SKIP") skipped++;
      else {
        failed++;
        lastFailed = { name: name!, indent: indent!.length };
      }
      continue;
    }
    if (line.startsWith("panic: ")) {
      panic = { message: line.slice("panic: ".length).replace(/ \[recovered\]$/, ""), frames: [] };
      continue;
    }
    const frame = panic ? PANIC_FRAME.exec(line) : null;
    if (panic && frame) {
      if (panic.frames.length < 50) panic.frames.push(goFrame(frame[1]!, frame[2]!));
      continue;
    }
    const pkg = PACKAGE.exec(line);
    if (pkg) {
      duration = (duration ?? 0) + Math.round(Number(pkg[4]) * 1000);
      lastFailed = null;
      continue;
    }
    if (OUTPUT.test(line) || (/^\s{4,}\S/.test(line) && (lastFailed || current))) {
      // Under -v a test's output comes before its result; without -v, after it.
      const owner = lastFailed && leading(line) > lastFailed.indent ? lastFailed.name : current;
      if (owner) append(owner, line);
      continue;
    }
    const compile: RegExpExecArray | null = !build && failed === 0 && passed === 0 ? BUILD.exec(line) : null;
    if (compile)
      build = {
        name: "build",
        error_type: "build error",
        message: compile[4]!,
        expected: null,
        actual: null,
        frames: [goFrame(compile[1]!, compile[2]!)],
        location: goFrame(compile[1]!, compile[2]!),
      };
  }
  const failedNames = new Set<string>();
  for (const line of lines) {
    const result = RESULT.exec(line);
    if (result && result[2] === "FAIL") failedNames.add(result[3]!);
  }
  // Every failed test with a failed subtest, found in one pass (a pairwise check is quadratic).
  const failedParents = new Set<string>();
  for (const name of failedNames) {
    for (let at = name.indexOf("/"); at > 0; at = name.indexOf("/", at + 1)) failedParents.add(name.slice(0, at));
  }
  for (const name of failedNames) {
    // A parent whose subtests failed has no message of its own: its children carry them.
    const own = (output.get(name) ?? []).filter((line) => OUTPUT.test(line) || /^\s{6,}\S/.test(line));
    const hasFailingChild = failedParents.has(name);
    if (own.length === 0 && hasFailingChild) continue;
    const first = own.map((line) => OUTPUT.exec(line)).find((match) => match !== null) ?? null;
    const location = first ? goFrame(first[1]!, first[2]!) : null;
    const messageLines = own.map((line) => OUTPUT.exec(line)?.[3] ?? line.trim());
    const usePanic = !first && panic !== null;
    const error = usePanic ? { error_type: "panic", message: panic!.message } : splitError(messageLines[0] ?? "failed");
    failures.push({
      name,
      ...error,
      ...expectedActual(messageLines),
      frames: usePanic ? panic!.frames : location ? [location] : [],
      location,
    });
  }
  if (failures.length === 0 && panic)
    failures.push({
      name: current ?? "panic",
      error_type: "panic",
      message: panic.message,
      expected: null,
      actual: null,
      frames: panic.frames,
      location: null,
    });
  if (failures.length === 0 && build) failures.push(build);
  // Without -v passing tests print nothing, so only failures and skips are known.
  const verbose = lines.some((line) => RUN.test(line));
  return {
    failures,
    counts: verbose
      ? { passed, failed: Math.max(failed, failures.length), skipped, total: passed + failed + skipped }
      : { failed: Math.max(failed, failures.length), ...(skipped > 0 ? { skipped } : {}) },
    duration_ms: duration,
    notes: [],
  };
}

function leading(line: string): number {
  return line.length - line.trimStart().length;
}
