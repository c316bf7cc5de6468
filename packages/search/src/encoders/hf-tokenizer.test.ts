import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { shippedModelDir } from "./default-encoder";
import { loadTokenizer } from "./hf-tokenizer";

/** The shipped tokenizer, and the same tokenizer with its normalizer steps nested one level deeper: the regex path only. */
function tokenizers() {
  const json = readFileSync(join(shippedModelDir(), "tokenizer.json"), "utf8");
  const spec = JSON.parse(json) as { normalizer: { normalizers: unknown[] } };
  const [camel1, camel2, bert] = spec.normalizer.normalizers;
  const nested = { ...spec, normalizer: { type: "Sequence", normalizers: [{ type: "Sequence", normalizers: [camel1, camel2] }, bert] } };
  return { fast: loadTokenizer(json), regex: loadTokenizer(JSON.stringify(nested)) };
}

/** A seeded generator of code-like text: camel humps, acronyms, digits, punctuation, odd whitespace, control and non-ASCII characters. */
function texts(count: number): string[] {
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pieces = [
    "get",
    "HTTP",
    "Response",
    "x",
    "A",
    "Bc",
    "9",
    "id2Name",
    "_",
    "$",
    "(",
    ")",
    " ",
    "\t",
    "\n",
    "\v",
    "\f",
    "\r\n",
    "::",
    "=>",
    "//",
    "é",
    "中",
    "\u0001",
    "\u001c",
    "\u007f",
    "ß",
    "İ",
    "a".repeat(120),
    "retryWithBackoff",
    "ABCd",
    "aB",
    "1A",
  ];
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * 40) }, () => pieces[Math.floor(next() * pieces.length)]).join(""));
}

describe("WordPiece one-pass ASCII scan", () => {
  const { fast, regex } = tokenizers();

  it("gives the regex path's ids for every text and every cut", () => {
    for (const text of [...texts(400), "", "getHTTPResponse", "parse a cron expression", "fooBar(baz, 42)", "x".repeat(5000)]) {
      for (const max of [1, 2, 3, 7, 512]) {
        const expected = regex.encode(text).slice(0, max);
        const out = new Int32Array(max);
        expect(Array.from(out.subarray(0, fast.encodeInto(text, out))), JSON.stringify([text, max])).toEqual(expected);
        expect(fast.encode(text, max)).toEqual(expected);
      }
      expect(fast.encode(text)).toEqual(regex.encode(text));
    }
  });

  it("looks words up in the vocabulary only, never in an object's inherited members", () => {
    for (const word of ["constructor", "tostring", "__proto__", "hasownproperty", "valueof"]) {
      const ids = fast.encode(word);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(Number.isInteger(id)).toBe(true);
    }
  });
});
