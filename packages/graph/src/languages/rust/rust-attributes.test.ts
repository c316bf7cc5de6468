import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";
import { onlyTrivia } from "./rust-attributes";

const TRIVIA_REGEX = /^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*$/u;

describe("onlyTrivia", () => {
  it("agrees with the whitespace-and-comments grammar on short gaps", () => {
    const samples = [
      "",
      " ",
      "\n\t",
      "// c\n",
      "// c",
      "/* c */",
      "/* a */ // b\n  /* c\n d */\n",
      "/* open",
      "/*/",
      "/",
      "x",
      " /* */ x",
      "\u00a0\u2028",
      "//\n/**/",
    ];
    for (const sample of samples) expect(onlyTrivia(sample, 0, sample.length), JSON.stringify(sample)).toBe(TRIVIA_REGEX.test(sample));
  });

  it("reads only the given range", () => {
    expect(onlyTrivia("x  /* c */ y", 1, 10)).toBe(true);
    expect(onlyTrivia("x  /* c */ y", 1, 9)).toBe(false);
  });

  it("finds attributes after a deeply indented item without backtracking", () => {
    // The gap after `#[inline]` is a long whitespace run and then code: the old regex,
    // `(?:\s+|…)*$`, tried every split of that run (2^n) before failing; this test hung on it.
    const source = `#[inline]\n${" ".repeat(36)}fn indented() {}\n#[test]\nfn last() {}\n`;
    const result = extractFile("rust", source);
    expect(result.symbols.map((symbol) => symbol.name)).toEqual(["indented", "last"]);
  });
});
