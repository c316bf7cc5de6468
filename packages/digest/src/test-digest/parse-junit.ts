import { XMLParser } from "fast-xml-parser";
import { expectedActual, parseJsFrame, parsePyLocation, splitError, stripAnsi, toNumber } from "./parse-helpers";
import type { RawFailure, RawRun, TestFrame } from "./test-digest-types";

type Node = Record<string, unknown>;

const ARRAYS = new Set(["testsuite", "testcase", "failure", "error", "skipped", "property"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

/** Character references the XML parser leaves as written (`&#10;` in pytest's message attributes). */
function decodeReferences(value: string): string {
  return value.replace(/&#(x[0-9a-fA-F]{1,6}|[0-9]{1,7});/g, (whole, code: string) => {
    const point = code.startsWith("x") ? Number.parseInt(code.slice(1), 16) : Number(code);
    return point <= 0x10ffff ? String.fromCodePoint(point) : whole;
  });
}

function text(node: unknown): string {
  if (typeof node === "string") return decodeReferences(node);
  if (node && typeof node === "object") {
    const value = (node as Node)["#text"];
    return typeof value === "string" ? decodeReferences(value) : "";
  }
  return "";
}

function attr(node: unknown, name: string): string | null {
  if (!node || typeof node !== "object") return null;
  const value = (node as Node)[`@_${name}`];
  return typeof value === "string" ? decodeReferences(value) : typeof value === "number" ? String(value) : null;
}

function children(node: unknown, name: string): unknown[] {
  if (!node || typeof node !== "object") return [];
  const value = (node as Node)[name];
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

function framesOf(lines: readonly string[]): TestFrame[] {
  const frames: TestFrame[] = [];
  const python: TestFrame[] = [];
  for (const line of lines) {
    const js = parseJsFrame(line);
    if (js) frames.push(js);
    const py = parsePyLocation(line);
    if (py) python.push({ file: py.file, line: py.line, column: null, function: py.function });
  }
  // Python tracebacks print the innermost location last.
  return [...frames, ...python.reverse()];
}

interface Totals {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  time: number | null;
}

/**
 * JUnit XML (vitest, pytest, jest-junit, surefire, go-junit-report…): every `testcase`
 * under any nesting of `testsuites`/`testsuite`, its `failure`/`error` (message
 * attribute, type, body) and `skipped`. Counts come from the test cases themselves.
 */
export function parseJunit(input: string): RawRun {
  let document: unknown;
  try {
    document = parser.parse(input);
  } catch (error) {
    return { failures: [], counts: { failed: 0 }, duration_ms: null, notes: [`not well-formed JUnit XML: ${(error as Error).message.split("\n")[0]}`] };
  }
  const failures: RawFailure[] = [];
  const totals: Totals = { tests: 0, failures: 0, errors: 0, skipped: 0, time: null };
  let suiteTime: number | null = null;
  const visitCase = (testcase: unknown) => {
    totals.tests++;
    const problems = [...children(testcase, "failure"), ...children(testcase, "error")];
    if (children(testcase, "skipped").length > 0 && problems.length === 0) {
      totals.skipped++;
      return;
    }
    if (problems.length === 0) return;
    totals.failures++;
    const problem = problems[0];
    const body = stripAnsi(text(problem)).split(/\r?\n/).slice(0, 400);
    const messageAttr = attr(problem, "message");
    const head = messageAttr?.split(/\r?\n/)[0] ?? body.find((line) => line.trim() !== "") ?? "failed";
    const error = splitError(head);
    const type = attr(problem, "type");
    const name = attr(testcase, "name") ?? "(unnamed)";
    const classname = attr(testcase, "classname");
    const frames = framesOf(body);
    const file = attr(testcase, "file");
    const line = toNumber(attr(testcase, "line") ?? undefined);
    const declared: TestFrame | null = file && line ? { file, line, column: null, function: null } : null;
    failures.push({
      name: classname && !name.includes(classname) ? `${classname} > ${name}` : name,
      error_type: error.error_type ?? (type && type.length < 80 ? type : null),
      message: error.message,
      ...expectedActual([...(messageAttr ? messageAttr.split(/\r?\n/) : []), ...body]),
      frames,
      location: declared,
    });
  };
  const visit = (node: unknown, depth: number) => {
    if (depth > 50) return;
    for (const testcase of children(node, "testcase")) visitCase(testcase);
    for (const suite of children(node, "testsuite")) {
      if (depth <= 1) {
        const time = toNumber(attr(suite, "time") ?? undefined);
        if (time !== null) suiteTime = (suiteTime ?? 0) + time;
      }
      visit(suite, depth + 1);
    }
  };
  const root = document as Node;
  const top = children(root, "testsuites")[0];
  if (top !== undefined) {
    visit(top, 1);
    totals.time = toNumber(attr(top, "time") ?? undefined);
  }
  visit(root, 0);
  const seconds = totals.time ?? suiteTime;
  const notes = totals.tests === 0 ? ["no <testcase> elements found"] : [];
  return {
    failures,
    counts: { failed: totals.failures, skipped: totals.skipped, passed: totals.tests - totals.failures - totals.skipped, total: totals.tests },
    duration_ms: seconds === null ? null : Math.round(seconds * 1000),
    notes,
  };
}
