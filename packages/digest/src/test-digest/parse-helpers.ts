import type { TestFrame } from "./test-digest-types";

/** Longest line a parser looks at; longer lines are cut so every match stays cheap. */
export const MAX_LINE_CHARS = 8192;

// CSI sequences (colours, cursor moves) and OSC sequences (hyperlinks), as terminals and
// FORCE_COLOR runners emit them.
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, "");
}

/** The input as lines (any newline style), ANSI stripped, each cut to `MAX_LINE_CHARS`. */
export function toLines(text: string): string[] {
  return stripAnsi(text)
    .split(/\r?\n|\r/)
    .map((line) => (line.length > MAX_LINE_CHARS ? line.slice(0, MAX_LINE_CHARS) : line));
}

export function leadingSpaces(line: string): number {
  return line.length - line.trimStart().length;
}

export function toNumber(text: string | undefined): number | null {
  if (text === undefined) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** `file:///a/b.js` → `/a/b.js`; other paths as printed, backslashes made slashes. */
export function normalizePath(path: string): string {
  let out = path.trim();
  if (out.startsWith("file://")) {
    out = out.slice("file://".length);
    try {
      out = decodeURIComponent(out);
    } catch {
      // A malformed escape stays as printed.
    }
  }
  return out.replace(/\\/g, "/");
}

const JS_TAIL = /:(\d+):(\d+)\)?$/;
const JS_TAIL_LINE_ONLY = /:(\d+)\)?$/;

/**
 * One JavaScript stack line: `at fn (path:line:col)`, `at path:line:col`, vitest's
 * `❯ fn path:line:col`, or node TAP's bare `fn (path:line:col)`. Parsed from the end
 * with string operations, so a hostile line costs linear time.
 */
export function parseJsFrame(raw: string): TestFrame | null {
  let line = raw.trim();
  if (line.startsWith("at ")) line = line.slice(3).trimStart();
  else if (line.startsWith("❯ ")) line = line.slice(2).trimStart();
  else if (!line.endsWith(")")) return null;
  if (line.startsWith("async ")) line = line.slice(6);
  const tail = JS_TAIL.exec(line) ?? JS_TAIL_LINE_ONLY.exec(line);
  if (!tail) return null;
  const head = line.slice(0, tail.index);
  const open = head.lastIndexOf("(");
  const space = head.lastIndexOf(" ");
  let path: string;
  let fn: string | null;
  if (line.endsWith(")") && open >= 0) {
    path = head.slice(open + 1);
    fn = head.slice(0, open).trim() || null;
  } else {
    path = head.slice(space + 1);
    fn = space >= 0 ? head.slice(0, space).trim() || null : null;
  }
  if (path === "" || /\s/.test(path)) return null;
  const lineNo = Number(tail[1]);
  if (!Number.isSafeInteger(lineNo) || lineNo < 1) return null;
  return { file: normalizePath(path), line: lineNo, column: tail[2] !== undefined && tail[0].split(":").length > 2 ? Number(tail[2]) : null, function: fn };
}

/** `path.py:12: in fn` / `path.py:12: ValueError` (pytest's traceback locations). */
const PY_LOCATION = /^([^\s:][^:]*\.py):(\d+):(?: (.*))?$/;

export function parsePyLocation(line: string): (TestFrame & { rest: string }) | null {
  const match = PY_LOCATION.exec(line.trimEnd());
  if (!match) return null;
  const rest = match[3] ?? "";
  return { file: normalizePath(match[1]!), line: Number(match[2]), column: null, function: rest.startsWith("in ") ? rest.slice(3) : null, rest };
}

const FOREIGN = [
  /^node:/,
  /\/node_modules\//,
  /^internal\//,
  /\/lib\/python\d/,
  /site-packages\//,
  /^\/rustc\//,
  /\/library\/(std|core|alloc|test)\//,
  /\/go(-[\d.]+)?\/src\//,
  /^<anonymous>/,
  /^native$/,
];

/** Whether a frame is the project's code rather than the runner's, the standard library's or a dependency's. */
export function isProjectFrame(frame: TestFrame): boolean {
  return !FOREIGN.some((pattern) => pattern.test(frame.file));
}

export function frameLocation(frame: TestFrame | null): string | null {
  return frame ? `${frame.file}:${frame.line}` : null;
}

const ERROR_HEAD = /^((?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*(?:Error|Exception|Failure|Warning)|Error|panic)(?: \[[^\]]{0,60}\])?: ?(.*)$/;

/** `TypeError [Error]: msg` → type and message; a line without a type is all message. */
export function splitError(line: string): { error_type: string | null; message: string } {
  const text = line.trim();
  const match = ERROR_HEAD.exec(text);
  if (match) return { error_type: match[1]!, message: match[2]!.trim() || match[1]! };
  return { error_type: null, message: text };
}

const VERBS = [" to deeply equal ", " to strictly equal ", " to equal ", " to be ", " to eql ", " to match "];

/** `expected 'a' to be 'b'` (chai, vitest): actual then expected. */
function chaiPair(line: string): { expected: string; actual: string } | null {
  const text = line.trim();
  if (!text.startsWith("expected ")) return null;
  for (const verb of VERBS) {
    const at = text.indexOf(verb);
    if (at > 0) {
      const expected = text
        .slice(at + verb.length)
        .replace(/ \/\/ Object\.is equality$/, "")
        .trim();
      return { actual: text.slice("expected ".length, at).trim(), expected };
    }
  }
  return null;
}

function labelled(line: string, labels: readonly string[]): string | null {
  const text = line.trim();
  for (const label of labels) {
    if (text.startsWith(label)) return text.slice(label.length).trim().replace(/,$/, "");
  }
  return null;
}

/**
 * Expected and actual values from a failure's lines, whichever way the runner prints
 * them: `Expected:`/`Received:` (jest, vitest), `expected … to be …` (chai), node's
 * `actual:`/`expected:` and `a !== b`, Rust's `left:`/`right:`, pytest's `assert a == b`,
 * Go's `got = x, want y`, and `- Expected`/`+ Received` diffs.
 */
export function expectedActual(lines: readonly string[]): { expected: string | null; actual: string | null } {
  let expected: string | null = null;
  let actual: string | null = null;
  const diffMinus: string[] = [];
  const diffPlus: string[] = [];
  let inDiff = false;
  for (const raw of lines) {
    const line = raw.replace(/^E\s+/, "").replace(/^AssertionError: (?=assert )/, "");
    const trimmed = line.trim();
    if (/^- Expected\b/.test(trimmed) || /^\+ actual - expected/.test(trimmed)) inDiff = true;
    if (expected === null) expected = labelled(line, ["Expected:", "expected:", "right:", "Expected value:"]);
    if (actual === null) actual = labelled(line, ["Received:", "actual:", "left:", "Received value:"]);
    if (expected === null && actual === null) {
      const pair = chaiPair(line);
      if (pair) ({ expected, actual } = pair);
    }
    if (expected === null && actual === null) {
      const strict = trimmed.indexOf(" !== ");
      if (strict > 0 && !trimmed.startsWith("at ")) {
        actual = trimmed.slice(0, strict);
        expected = trimmed.slice(strict + 5);
      }
    }
    if (expected === null && actual === null && trimmed.startsWith("assert ")) {
      const eq = trimmed.indexOf(" == ");
      if (eq > 0) {
        actual = trimmed.slice("assert ".length, eq);
        expected = trimmed.slice(eq + 4);
      }
    }
    if (expected === null && actual === null) {
      const want = trimmed.lastIndexOf(", want ");
      const got = trimmed.indexOf(" = ");
      if (want > 0 && got > 0 && got < want) {
        actual = trimmed.slice(got + 3, want);
        expected = trimmed.slice(want + 7);
      }
    }
    if (inDiff && /^[-+] /.test(trimmed) && !/^[-+] (Expected|Received|actual|expected)\b/.test(trimmed)) {
      (trimmed.startsWith("-") ? diffMinus : diffPlus).push(trimmed.slice(2).trim());
    }
    if (diffMinus.length + diffPlus.length > 40) break;
  }
  if (expected === null && diffMinus.length > 0) expected = diffMinus.join(" ");
  if (actual === null && diffPlus.length > 0) actual = diffPlus.join(" ");
  return { expected, actual };
}
