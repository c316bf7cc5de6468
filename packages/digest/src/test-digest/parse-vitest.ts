import { expectedActual, parseJsFrame, splitError } from "./parse-helpers";
import type { RawFailure, RawRun, TestCounts, TestFrame } from "./test-digest-types";

const FAIL_HEADER = /^\s*FAIL\s+(.+)$/;
const SEPARATOR = /^\s*⎯{3,}/;
const SUMMARY = /^\s*(Test Files|Tests|Start at|Duration)\s{2,}/;
const CODE_FRAME = /^\s*(\d+\s*)?\|/;

/** `5 failed | 101 passed | 2 skipped (108)` → counts. */
export function vitestCounts(text: string): Partial<TestCounts> {
  const counts: Partial<TestCounts> = {};
  for (const part of text.split("|")) {
    const match = /(\d+)\s+(failed|passed|skipped|todo)/.exec(part);
    if (!match) continue;
    const value = Number(match[1]);
    if (match[2] === "failed") counts.failed = value;
    else if (match[2] === "passed") counts.passed = value;
    else counts.skipped = (counts.skipped ?? 0) + value;
  }
  const total = /\((\d+)\)\s*$/.exec(text);
  if (total) counts.total = Number(total[1]);
  return counts;
}

/** `755ms`, `1.52s`, `2m 3s` → milliseconds. */
export function durationText(text: string): number | null {
  let ms = 0;
  let found = false;
  for (const match of text.matchAll(/(\d+(?:\.\d+)?)\s*(ms|s|m|h)\b/g)) {
    const value = Number(match[1]);
    ms += match[2] === "ms" ? value : match[2] === "s" ? value * 1000 : match[2] === "m" ? value * 60_000 : value * 3_600_000;
    found = true;
  }
  return found ? Math.round(ms) : null;
}

/** Vitest's default and verbose reporters: ` FAIL  file > suite > test` blocks, then the summary. */
export function parseVitest(lines: readonly string[]): RawRun {
  const failures: RawFailure[] = [];
  let counts: Partial<TestCounts> = {};
  let duration: number | null = null;
  let names: string[] = [];
  let block: string[] = [];
  const flush = () => {
    if (names.length === 0) return;
    const body = block.filter((line) => line.trim() !== "" && !CODE_FRAME.test(line));
    const frames = body.map(parseJsFrame).filter((frame): frame is TestFrame => frame !== null);
    const head = body.find((line) => !line.trim().startsWith("❯") && !/^[-+] /.test(line.trim())) ?? "";
    const error = splitError(head);
    const pair = expectedActual(body);
    for (const name of names) failures.push({ name, ...error, ...pair, frames, location: frames[0] ?? null });
    names = [];
    block = [];
  };
  for (const line of lines) {
    const header = FAIL_HEADER.exec(line);
    if (header) {
      // Vitest prints one error under consecutive FAIL lines when the tests failed alike.
      if (block.some((entry) => entry.trim() !== "")) flush();
      names.push(header[1]!.replace(/\s+\[.*\]$/, "").trim());
      continue;
    }
    if (SEPARATOR.test(line) || SUMMARY.test(line)) flush();
    const summary = SUMMARY.exec(line);
    if (summary) {
      const value = line.slice(line.indexOf(summary[1]!) + summary[1]!.length);
      if (summary[1] === "Tests") counts = vitestCounts(value);
      if (summary[1] === "Duration") duration = durationText(value.split("(")[0]!);
      continue;
    }
    if (names.length > 0) block.push(line);
  }
  flush();
  if (counts.failed === undefined) counts.failed = failures.length;
  return { failures, counts, duration_ms: duration, notes: [] };
}
