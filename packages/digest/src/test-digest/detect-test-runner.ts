import { stripAnsi } from "./parse-helpers";
import type { TestRunner } from "./test-digest-types";

/** How much of the input detection reads: runners announce themselves early or in their summary. */
const HEAD_CHARS = 65_536;
const TAIL_CHARS = 16_384;
/** Lines are cut before matching, so no signature costs more than linear time. */
const LINE_CHARS = 512;

const XML_START = /^\s*(<\?xml[^>]{0,200}\?>\s*)?(<!--[^>]{0,2000}-->\s*)?<(testsuites|testsuite)[\s>/]/;

// Ordered: the first runner one of whose signatures matches wins. A signature is a
// set of line patterns that must all occur. TAP announces itself in its first line;
// cargo and go have unmistakable result lines; pytest, jest, vitest and node:test are
// told apart by their summaries.
const SIGNATURES: readonly (readonly [TestRunner, readonly (readonly RegExp[])[]])[] = [
  ["tap", [[/^TAP version \d+$/], [/^(not )?ok \d+\b/, /^1\.\.\d+$/]]],
  ["cargo", [[/^test result: (ok|FAILED)\. \d+ passed/], [/^running \d+ tests?$/, /^test \S+ \.\.\. (ok|FAILED|ignored)$/], [/^---- \S+ stdout ----$/]]],
  ["go", [[/^\s*--- (FAIL|PASS|SKIP): \S+ \(\d/], [/^=== RUN\s+Test/], [/^(ok|FAIL)\s+\S+\s+\d+(\.\d+)?s$/]]],
  [
    "pytest",
    [
      [/^=+ test session starts =+$/],
      [/^=+ (FAILURES|ERRORS|short test summary info) =+$/],
      [/^=+ \d+ (passed|failed|errors?)\b/],
      [/^(FAILED|ERROR) \S+\.py::/],
    ],
  ],
  ["jest", [[/^Tests:\s+.*\btotal\b/], [/^Test Suites:\s/], [/^\s*● \S.* › \S/]]],
  ["vitest", [[/^\s*(RUN|DEV)\s+v\d+\.\d+/], [/^\s*Test Files\s{2,}\d/], [/⎯{3,} Failed Tests \d+ ⎯/], [/^\s*FAIL\s+\S+ > \S/]]],
  ["node", [[/^ℹ tests \d+$/], [/^\s*[✖✔] \S.* \(\d+(\.\d+)?ms\)$/]]],
];

/** The runner that produced `text`, or null when it matches none. Reads at most the head and tail of a large input. */
export function detectTestRunner(text: string): TestRunner | null {
  const sample = text.length > HEAD_CHARS + TAIL_CHARS ? `${text.slice(0, HEAD_CHARS)}\n${text.slice(-TAIL_CHARS)}` : text;
  const clean = stripAnsi(sample);
  if (XML_START.test(clean.slice(0, 4096))) return "junit";
  const lines = clean.split(/\r?\n|\r/).map((line) => (line.length > LINE_CHARS ? line.slice(0, LINE_CHARS) : line).trimEnd());
  for (const [runner, signatures] of SIGNATURES) {
    if (signatures.some((patterns) => patterns.every((pattern) => lines.some((line) => pattern.test(line))))) return runner;
  }
  return null;
}
