import { expectedActual, leadingSpaces, parseJsFrame, splitError, toNumber } from "./parse-helpers";
import type { RawFailure, RawRun, TestCounts, TestFrame } from "./test-digest-types";

const RESULT = /^(\s*)(✖|✔|﹣|\*) (.+?)(?: \((\d+(?:\.\d+)?)ms\))?(?: # (SKIP|TODO).*)?$/;
const INFO = /^ℹ (tests|pass|fail|skipped|todo|cancelled|duration_ms) (\d+(?:\.\d+)?)$/;
const TEST_AT = /^test at (.+):(\d+):(\d+)$/;

/**
 * node:test's spec reporter. A failed test is a `✖ name (Nms)` line with an indented
 * error under it; a failed suite's `✖` line has none (its children carry the errors).
 * The closing `✖ failing tests:` section repeats every failure with its location, so
 * when present it alone is read.
 */
export function parseNodeSpec(lines: readonly string[]): RawRun {
  const tail = lines.findIndex((line) => line.trim() === "✖ failing tests:");
  const body = tail >= 0 ? lines.slice(tail + 1) : lines;
  const failures: RawFailure[] = [];
  const info = new Map<string, number>();
  let testAt: TestFrame | null = null;
  for (let i = 0; i < lines.length; i++) {
    const match = INFO.exec(lines[i]!.trim());
    if (match) info.set(match[1]!, Number(match[2]));
  }
  for (let i = 0; i < body.length; i++) {
    const line = body[i]!;
    const at = TEST_AT.exec(line.trim());
    if (at) {
      testAt = { file: at[1]!, line: Number(at[2]), column: toNumber(at[3]), function: null };
      continue;
    }
    const result = RESULT.exec(line);
    if (!result || result[2] !== "✖") continue;
    const indent = result[1]!.length;
    const block: string[] = [];
    let j = i + 1;
    for (; j < body.length; j++) {
      const next = body[j]!;
      if (next.trim() === "") {
        block.push(next);
        continue;
      }
      if (leadingSpaces(next) <= indent) break;
      block.push(next);
    }
    const content = block.filter((entry) => entry.trim() !== "");
    if (content.length === 0 || RESULT.test(content[0]!)) {
      testAt = null;
      continue;
    }
    i = j - 1;
    const frames = content.map(parseJsFrame).filter((frame): frame is TestFrame => frame !== null);
    const error = splitError(content[0]!);
    failures.push({ name: result[3]!, ...error, ...expectedActual(content), frames, location: testAt });
    testAt = null;
  }
  const counts: Partial<TestCounts> = {
    failed: info.get("fail") ?? failures.length,
    ...(info.has("pass") ? { passed: info.get("pass")! } : {}),
    ...(info.has("skipped") || info.has("todo") ? { skipped: (info.get("skipped") ?? 0) + (info.get("todo") ?? 0) } : {}),
    ...(info.has("tests") ? { total: info.get("tests")! } : {}),
  };
  const duration = info.get("duration_ms");
  return { failures, counts, duration_ms: duration === undefined ? null : Math.round(duration), notes: [] };
}
