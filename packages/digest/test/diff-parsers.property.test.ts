import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { unquoteGitPath } from "../src/git/c-quote";
import { MAX_HUNK_HEADER_BYTES, MAX_LINE_BYTES } from "../src/git/parse-patch";
import { parseNumstat, parseRawDiff, PatchParser, type DiffHunk } from "../src/index";
import { tempRepo } from "./diff-git-repo";

// A few hundred cases per property in `npm test`; the benchmark script runs 10k.
const RUNS = Number(process.env.TSIFT_FUZZ_RUNS ?? 300);

/** Real git output to mutate: a patch, numstat and raw listing of a change with renames, binaries and odd names. */
const real = { patch: "", numstat: "", raw: "" };
beforeAll(() => {
  const r = tempRepo();
  try {
    r.write("a.ts", "export function a() {\n  return 1;\n}\n--- a/not-a-header\n");
    r.write('odd "name"\t.py', "def f():\n    pass\n");
    r.write("bin.dat", Buffer.from([0, 1, 2]));
    r.write("ren-old.txt", Array.from({ length: 10 }, (_, i) => `l${i}`).join("\n") + "\n");
    r.commit("one");
    r.write("a.ts", "export function a() {\n  return 2;\n}\n+++ b/still-not\n");
    r.write('odd "name"\t.py', "def f():\n    return 1\n");
    r.write("bin.dat", Buffer.from([0, 9]));
    r.git("mv", "ren-old.txt", "ren-new.txt");
    r.git("add", "-A");
    const diff = (...args: string[]) => r.git("-c", "core.quotepath=off", "diff", "--cached", "-M", ...args);
    real.patch = diff("-p", "-U0");
    real.numstat = diff("--numstat", "-z");
    real.raw = diff("--raw", "-z");
  } finally {
    r.remove();
  }
});

/** Real text with random splices: bytes cut out, random text inserted, lines duplicated. */
const mutated = (source: () => string) =>
  fc
    .array(fc.tuple(fc.nat(), fc.nat(40), fc.string({ unit: fc.constantFrom("\n", "\0", "\t", "@", "-", "+", " ", "a", "/", '"', "\\", "1", ",") })), {
      maxLength: 8,
    })
    .map((edits) => {
      let text = source();
      for (const [at, cut, insert] of edits) {
        const start = text.length === 0 ? 0 : at % text.length;
        text = text.slice(0, start) + insert + text.slice(start + cut);
      }
      return text;
    });

const anyText = fc.oneof(fc.string({ unit: "binary", maxLength: 400 }), fc.string({ maxLength: 400 }));

function parseInChunks(text: string, cuts: number[], maxHunksPerFile: number, maxSections: number) {
  const parser = new PatchParser({ maxHunksPerFile, maxSections });
  const bytes = Buffer.from(text, "utf8");
  let from = 0;
  for (const cut of [...cuts.map((c) => c % (bytes.length + 1))].sort((a, b) => a - b)) {
    parser.push(bytes.subarray(from, cut));
    from = cut;
  }
  parser.push(bytes.subarray(from));
  return parser.end();
}

describe("diff parsers under random and mutated input", () => {
  it("the patch parser never throws and stays within its caps, however the stream is chunked", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyText,
          mutated(() => real.patch),
        ),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.nat(4),
        fc.nat(4),
        (text, cuts, maxHunks, maxSections) => {
          const sections = parseInChunks(text, cuts, maxHunks, maxSections);
          expect(sections.length).toBeLessThanOrEqual(maxSections);
          for (const section of sections) {
            expect(section.hunks.length).toBeLessThanOrEqual(maxHunks);
            for (const path of [section.oldPath, section.newPath]) if (path !== null) expect(Buffer.byteLength(path)).toBeLessThanOrEqual(MAX_LINE_BYTES);
            for (const hunk of section.hunks) expect(Buffer.byteLength(hunk.header)).toBeLessThanOrEqual(MAX_HUNK_HEADER_BYTES);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("numstat and raw parsers never throw and return at most one entry per NUL record", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyText,
          mutated(() => real.numstat),
          mutated(() => real.raw),
        ),
        (text) => {
          const records = text.split("\0").length;
          expect(parseNumstat(text).length).toBeLessThanOrEqual(records);
          expect(parseRawDiff(text).length).toBeLessThanOrEqual(records);
          expect(typeof unquoteGitPath(text)).toBe("string");
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("recovers every hunk of a generated patch whose removed and added lines look like headers", () => {
    const bodyLine = fc.constantFrom("--- a/x", "+++ b/y", "diff --git a/p b/p", "@@ -1 +1 @@", "", "plain", "\\ No newline");
    const hunk = fc.record({ oldLines: fc.nat(3), newLines: fc.nat(3), header: fc.constantFrom("", "function f()", "class C:") });
    const file = fc.record({
      path: fc.constantFrom("a.ts", "dir/b c.py", "é.txt"),
      hunks: fc.array(hunk, { maxLength: 4 }),
      lines: fc.array(bodyLine, { minLength: 6, maxLength: 6 }),
    });
    fc.assert(
      fc.property(fc.array(file, { maxLength: 4 }), (files) => {
        let text = "";
        const expected: DiffHunk[][] = [];
        for (const generated of files) {
          text += `diff --git a/${generated.path} b/${generated.path}\nindex 1..2 100644\n--- a/${generated.path}\n+++ b/${generated.path}\n`;
          const hunks: DiffHunk[] = [];
          let at = 1;
          for (const { oldLines, newLines, header } of generated.hunks) {
            hunks.push({ oldStart: at, oldLines, newStart: at, newLines, header });
            text += `@@ -${at},${oldLines} +${at},${newLines} @@${header ? ` ${header}` : ""}\n`;
            for (let i = 0; i < oldLines; i++) text += `-${generated.lines[i]!.replace(/^\\.*/, "x")}\n`;
            for (let i = 0; i < newLines; i++) text += `+${generated.lines[3 + i]!.replace(/^\\.*/, "x")}\n`;
            at += 10;
          }
          expected.push(hunks);
        }
        const sections = parseInChunks(text, [7, 19], 200, 100);
        expect(sections.map((section) => section.newPath)).toEqual(files.map((generated) => generated.path));
        expect(sections.map((section) => section.hunks)).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  });

  it("reads the real captures as git wrote them", () => {
    const sections = parseInChunks(real.patch, [], 200, 100);
    expect(sections.map((section) => [section.oldPath, section.newPath, section.binary])).toEqual([
      ["a.ts", "a.ts", false],
      ["bin.dat", "bin.dat", true],
      ['odd "name"\t.py', 'odd "name"\t.py', false],
      ["ren-old.txt", "ren-new.txt", false],
    ]);
    expect(sections[0]!.hunks).toEqual([
      { oldStart: 2, oldLines: 1, newStart: 2, newLines: 1, header: "export function a() {" },
      { oldStart: 4, oldLines: 1, newStart: 4, newLines: 1, header: "export function a() {" },
    ]);
    expect(parseNumstat(real.numstat).map((entry) => [entry.path, entry.binary])).toEqual([
      ["a.ts", false],
      ["bin.dat", true],
      ['odd "name"\t.py', false],
      ["ren-new.txt", false],
    ]);
    expect(parseRawDiff(real.raw).find((entry) => entry.status === "R")).toMatchObject({ oldPath: "ren-old.txt", path: "ren-new.txt", score: 100 });
  });
});
