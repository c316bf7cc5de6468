import { expectedActual, parseJsFrame, splitError } from "./parse-helpers";
import type { RawFailure, RawRun, TestCounts, TestFrame } from "./test-digest-types";

const BULLET = /^\s*● (.+)$/;
const FILE_STATUS = /^(FAIL|PASS)\s+(\S.*)$/;
const CODE_FRAME = /^\s*>?\s*\d+\s*\|/;

function jestCounts(text: string): Partial<TestCounts> {
  const counts: Partial<TestCounts> = {};
  for (const match of text.matchAll(/(\d+)\s+(failed|passed|skipped|todo|pending|total)/g)) {
    const value = Number(match[1]);
    if (match[2] === "failed") counts.failed = value;
    else if (match[2] === "passed") counts.passed = value;
    else if (match[2] === "total") counts.total = value;
    else counts.skipped = (counts.skipped ?? 0) + value;
  }
  return counts;
}

/** Jest: `● suite › test` blocks under `FAIL file`, then `Tests:` and `Time:`. */
export function parseJest(lines: readonly string[]): RawRun {
  const failures: RawFailure[] = [];
  const seen = new Set<string>();
  let counts: Partial<TestCounts> = {};
  let duration: number | null = null;
  let file: string | null = null;
  let name: string | null = null;
  let block: string[] = [];
  const flush = () => {
    if (name === null) return;
    const body = block.filter((line) => line.trim() !== "" && !CODE_FRAME.test(line) && !/^\s*\|/.test(line));
    const frames = body.map(parseJsFrame).filter((frame): frame is TestFrame => frame !== null);
    const head = body.find((line) => !parseJsFrame(line)) ?? "";
    const error = splitError(head);
    const key = `${name}\u0000${error.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      const test = name === "Test suite failed to run" && file ? `${file}: ${name}` : name;
      failures.push({ name: test, ...error, ...expectedActual(body), frames, location: frames[0] ?? null });
    }
    name = null;
    block = [];
  };
  for (const line of lines) {
    const bullet = BULLET.exec(line);
    if (bullet) {
      flush();
      name = bullet[1]!.trim();
      continue;
    }
    const status = FILE_STATUS.exec(line);
    if (status) {
      flush();
      file = status[2]!.replace(/\s+\([\d.]+\s*m?s\)$/, "").trim();
      continue;
    }
    if (/^(Tests|Test Suites|Snapshots|Time|Ran all|Summary of all failing tests)\b/.test(line)) {
      flush();
      if (line.startsWith("Tests:")) counts = jestCounts(line);
      const time = /^Time:\s+([\d.]+)\s*(ms|s)\b/.exec(line);
      if (time) duration = Math.round(Number(time[1]) * (time[2] === "s" ? 1000 : 1));
      continue;
    }
    if (name !== null) block.push(line);
  }
  flush();
  if (counts.failed === undefined) counts.failed = failures.length;
  return { failures, counts, duration_ms: duration, notes: [] };
}
