import { expectedActual, normalizePath, splitError, toNumber } from "./parse-helpers";
import type { RawFailure, RawRun, TestFrame } from "./test-digest-types";

const RESULT_LINE = /^test (\S+) \.\.\. (ok|FAILED|ignored)\b/;
const STDOUT_HEADER = /^---- (\S+) stdout ----$/;
const PANIC_NEW = /^thread '([^']*)'(?: \(\d+\))? panicked at (.+):(\d+):(\d+):$/;
const PANIC_OLD = /^thread '([^']*)'(?: \(\d+\))? panicked at '(.*)', (.+):(\d+):(\d+)$/;
const TOTALS = /^test result: (ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored;.*?finished in (\d+(?:\.\d+)?)s/;
const COMPILE_ERROR = /^error(\[E\d+\])?: (.+)$/;
const ARROW = /^\s*--> (.+):(\d+):(\d+)$/;

/**
 * `cargo test`: every test binary's `---- name stdout ----` panic blocks and its
 * `test result:` line (summed). A build that fails before any test runs is one failure,
 * anchored at the first compiler error.
 */
export function parseCargo(lines: readonly string[]): RawRun {
  const failures: RawFailure[] = [];
  const failedNames: string[] = [];
  let passed = 0;
  let failed = 0;
  let ignored = 0;
  let duration: number | null = null;
  let sawResults = false;
  let name: string | null = null;
  let block: string[] = [];
  let compile: RawFailure | null = null;
  const flush = () => {
    if (name === null) return;
    let frame: TestFrame | null = null;
    let message: string[] = [];
    for (let i = 0; i < block.length; i++) {
      const line = block[i]!;
      const fresh = PANIC_NEW.exec(line);
      const old = fresh ? null : PANIC_OLD.exec(line);
      if (fresh) {
        frame = { file: normalizePath(fresh[2]!), line: Number(fresh[3]), column: toNumber(fresh[4]), function: null };
        message = block.slice(i + 1).filter((entry) => entry.trim() !== "" && !entry.startsWith("note: "));
        break;
      }
      if (old) {
        frame = { file: normalizePath(old[3]!), line: Number(old[4]), column: toNumber(old[5]), function: null };
        message = [old[2]!, ...block.slice(i + 1).filter((entry) => entry.trim() !== "" && !entry.startsWith("note: "))];
        break;
      }
    }
    const head = message[0] ?? block.find((line) => line.trim() !== "") ?? "failed";
    const error = splitError(head);
    failures.push({
      name,
      error_type: error.error_type ?? "panic",
      message: error.message,
      ...expectedActual(message),
      frames: frame ? [frame] : [],
      location: frame,
    });
    name = null;
    block = [];
  };
  for (const line of lines) {
    const header = STDOUT_HEADER.exec(line);
    if (header) {
      flush();
      name = header[1]!;
      continue;
    }
    const result = RESULT_LINE.exec(line);
    if (result) {
      sawResults = true;
      if (result[2] === "FAILED") failedNames.push(result[1]!);
      continue;
    }
    const totals = TOTALS.exec(line);
    if (totals) {
      flush();
      passed += Number(totals[2]);
      failed += Number(totals[3]);
      ignored += Number(totals[4]);
      duration = (duration ?? 0) + Math.round(Number(totals[5]) * 1000);
      sawResults = true;
      continue;
    }
    if (line === "failures:" || /^error: test failed/.test(line)) {
      flush();
      continue;
    }
    if (name !== null) {
      block.push(line);
      continue;
    }
    const error: RegExpExecArray | null = compile === null && !sawResults ? COMPILE_ERROR.exec(line) : null;
    if (error && !/^could not compile/.test(error[2]!)) {
      compile = { name: "build", error_type: `compile error${error[1] ?? ""}`, message: error[2]!, expected: null, actual: null, frames: [], location: null };
    } else if (compile && compile.location === null) {
      const arrow = ARROW.exec(line);
      if (arrow) {
        compile.location = { file: normalizePath(arrow[1]!), line: Number(arrow[2]), column: toNumber(arrow[3]), function: null };
        compile.frames = [compile.location];
      }
    }
  }
  flush();
  // A test that failed without a stdout block (output captured elsewhere) still counts.
  const withBlock = new Set(failures.map((failure) => failure.name));
  for (const test of failedNames) {
    if (!withBlock.has(test)) {
      withBlock.add(test);
      failures.push({ name: test, error_type: null, message: "failed", expected: null, actual: null, frames: [], location: null });
    }
  }
  if (compile && failures.length === 0) failures.push(compile);
  const total = sawResults ? passed + failed + ignored : null;
  return {
    failures,
    counts: sawResults ? { passed, failed: Math.max(failed, failures.length), skipped: ignored, total } : { failed: failures.length },
    duration_ms: duration,
    notes: [],
  };
}
