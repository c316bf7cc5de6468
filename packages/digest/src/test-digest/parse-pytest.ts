import { expectedActual, parsePyLocation, splitError } from "./parse-helpers";
import type { RawFailure, RawRun, TestCounts, TestFrame } from "./test-digest-types";

const SECTION = /^=+ (FAILURES|ERRORS|short test summary info|warnings summary|.*\bin \d+(?:\.\d+)?s\b.*) =+$/;
const BLOCK = /^_{2,} (.+?) _{2,}$/;
const SUMMARY_ITEM = /^(FAILED|ERROR) (\S+)(?: - (.*))?$/;
const FINAL = /(\d+) (failed|passed|skipped|deselected|xfailed|xpassed|errors?|warnings?)\b/g;

function finalCounts(line: string): { counts: Partial<TestCounts>; duration: number | null } | null {
  const body = line.replace(/^=+\s*|\s*=+$/g, "");
  const time = /\bin (\d+(?:\.\d+)?)s\b/.exec(body);
  if (!time) return null;
  const counts: Partial<TestCounts> = { failed: 0 };
  let any = false;
  for (const match of body.matchAll(FINAL)) {
    any = true;
    const value = Number(match[1]);
    const kind = match[2]!;
    if (kind === "failed" || kind.startsWith("error")) counts.failed = (counts.failed ?? 0) + value;
    else if (kind === "passed" || kind === "xpassed") counts.passed = (counts.passed ?? 0) + value;
    else if (kind === "skipped" || kind === "xfailed") counts.skipped = (counts.skipped ?? 0) + value;
  }
  if (!any && !/no tests ran/.test(body)) return null;
  counts.passed ??= 0;
  counts.skipped ??= 0;
  counts.total = counts.passed + counts.skipped + (counts.failed ?? 0);
  return { counts, duration: Math.round(Number(time[1]) * 1000) };
}

/**
 * pytest: the `FAILURES`/`ERRORS` sections' `___ name ___` blocks (their `E` lines and
 * `path.py:N:` locations), named by the `short test summary info` node ids when shown,
 * and the closing `N failed, M passed in Xs` line.
 */
export function parsePytest(lines: readonly string[]): RawRun {
  const failures: RawFailure[] = [];
  const summaryIds: string[] = [];
  const summaryMessages = new Map<string, string>();
  let section: string | null = null;
  let name: string | null = null;
  let block: string[] = [];
  let result: ReturnType<typeof finalCounts> = null;
  const flush = () => {
    if (name === null) return;
    const locations = block.map(parsePyLocation).filter((frame): frame is TestFrame & { rest: string } => frame !== null);
    const eLines = block.filter((line) => /^E\s/.test(line)).map((line) => line.replace(/^E\s+/, ""));
    const crash = locations.at(-1) ?? null;
    const head = eLines[0] ?? crash?.rest ?? block.find((line) => line.trim() !== "") ?? "";
    const error = splitError(head);
    if (error.error_type === null && crash && /^[A-Z]\w*(Error|Exception)$/.test(crash.rest)) error.error_type = crash.rest;
    const frames = locations.map(({ file, line, column, function: fn }) => ({ file, line, column, function: fn })).reverse();
    const test = section === "ERRORS" ? name.replace(/^ERROR (at \w+ of )?/, "") : name;
    failures.push({ name: test, ...error, ...expectedActual(eLines), frames, location: crash ? frames[0]! : null });
    name = null;
    block = [];
  };
  for (const line of lines) {
    const header = SECTION.exec(line);
    if (header) {
      flush();
      const final = finalCounts(line);
      if (final) result = final;
      section = final ? null : header[1]!;
      continue;
    }
    if (!result && /^\d+ (failed|passed|skipped|errors?)\b.*\bin \d/.test(line)) {
      // `-q` ends with the counts line bare, without the `=` rule.
      result = finalCounts(line);
      if (result) continue;
    }
    if (section === "short test summary info") {
      const item = SUMMARY_ITEM.exec(line);
      if (item) {
        summaryIds.push(item[2]!);
        if (item[3]) summaryMessages.set(item[2]!, item[3]);
      }
      continue;
    }
    if (section === "FAILURES" || section === "ERRORS") {
      const block_ = BLOCK.exec(line);
      if (block_ && !/^_ _/.test(line)) {
        flush();
        name = block_[1]!;
        continue;
      }
      if (name !== null) block.push(line);
      continue;
    }
  }
  flush();
  // The block title is the test function (`Class.test`); the summary has the full node id.
  // Indexed by its last `::`-suffixes (`Class::test`, `test`), so naming n failures is
  // linear, not n × summary lines.
  const bySuffix = new Map<string, string>();
  for (const id of summaryIds) {
    const parts = id.split("::");
    for (let from = Math.max(0, parts.length - 3); from < parts.length; from++) {
      const suffix = parts.slice(from).join("::");
      if (!bySuffix.has(suffix)) bySuffix.set(suffix, id);
    }
  }
  for (const failure of failures) {
    const id = bySuffix.get(failure.name.replace(/\./g, "::"));
    if (id) failure.name = id;
  }
  if (failures.length === 0) {
    for (const id of summaryIds) {
      const error = splitError(summaryMessages.get(id) ?? "failed");
      failures.push({ name: id, ...error, ...expectedActual([error.message]), frames: [], location: null });
    }
  }
  const counts = result?.counts ?? { failed: failures.length };
  return { failures, counts, duration_ms: result?.duration ?? null, notes: [] };
}
