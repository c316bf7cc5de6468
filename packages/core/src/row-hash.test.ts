import { describe, expect, it } from "vitest";
import { hashEdgeFields, hashNodeFields, rowHashHex } from "./row-hash";
import { canonicalNodeRow, encodeCanonicalNodeRow, encodeNodeRow, normalizeNode } from "./rows";

function nodeHash(...args: Parameters<typeof hashNodeFields> extends [unknown, unknown, ...infer Rest] ? Rest : never): string {
  const words = new Uint32Array(4);
  hashNodeFields(words, 0, ...args);
  return rowHashHex(words, 0);
}

function edgeHash(...args: Parameters<typeof hashEdgeFields> extends [unknown, unknown, ...infer Rest] ? Rest : never): string {
  const words = new Uint32Array(4);
  hashEdgeFields(words, 0, ...args);
  return rowHashHex(words, 0);
}

describe("row hashes", () => {
  it("are 32 lowercase hex digits, deterministic, and written where asked", () => {
    const hash = nodeHash("a", "k", "L", { x: "1" }, undefined, undefined);
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(nodeHash("a", "k", "L", { x: "1" }, undefined, undefined)).toBe(hash);
    const words = new Uint32Array(12);
    hashNodeFields(words, 4, "a", "k", "L", { x: "1" }, undefined, undefined);
    expect(rowHashHex(words, 4)).toBe(hash);
    expect(Array.from(words.subarray(0, 4))).toEqual([0, 0, 0, 0]);
  });

  it("change with every field and never confuse where one string ends and the next begins", () => {
    const hashes = [
      nodeHash("ab", "c", "", undefined, undefined, undefined),
      nodeHash("a", "bc", "", undefined, undefined, undefined),
      nodeHash("a", "b", "c", undefined, undefined, undefined),
      nodeHash("abc", "", "", undefined, undefined, undefined),
      nodeHash("a", "b", "", { c: "" }, undefined, undefined),
      nodeHash("a", "b", "", { "": "c" }, undefined, undefined),
      nodeHash("a", "b", "", { x: "1", y: "2" }, undefined, undefined),
      nodeHash("a", "b", "", { x: "12" }, undefined, undefined),
      nodeHash("a", "b", "", undefined, [{ source: "s", source_ref: "" }], undefined),
      nodeHash("a", "b", "", undefined, [{ source: "s", source_ref: "", content_hash: "" }], undefined),
      nodeHash("a", "b", "", undefined, undefined, { content_hash: "h" }),
      nodeHash("a", "b", "", undefined, undefined, { observed_at_unix: 0 }),
      nodeHash("a", "b", "", undefined, undefined, { observed_at_unix: 1 }),
      nodeHash("a", "b", "", undefined, undefined, { observed_at_unix: -1 }),
      nodeHash("a", "b", "", undefined, undefined, { observed_at_unix: 2 ** 40 }),
      nodeHash("a", "b", "", undefined, undefined, { content_hash: "h", observed_at_unix: 1 }),
      // Odd and even lengths: a trailing code unit must not read as a zero one.
      nodeHash("a\u0000", "b", "", undefined, undefined, undefined),
      nodeHash("\u{1f600}", "b", "", undefined, undefined, undefined),
      edgeHash("ab", undefined, undefined, undefined),
      edgeHash("ab", { line: "1" }, undefined, undefined),
      edgeHash("ab", { line: "2" }, undefined, undefined),
    ];
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it("depend on the canonical row, not on the order the caller wrote properties in", () => {
    const sorted = { id: "n", kind: "k", label: "L", properties: { a: "1", b: "2" } };
    const unsorted = { id: "n", kind: "k", label: "L", properties: { b: "2", a: "1" } };
    const expected = encodeNodeRow(normalizeNode(sorted)).row_hash;
    expect(encodeCanonicalNodeRow(canonicalNodeRow(unsorted)).row_hash).toBe(expected);
    expect(encodeNodeRow(normalizeNode(unsorted)).row_hash).toBe(expected);
  });
});
