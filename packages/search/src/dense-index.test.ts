import { describe, expect, it } from "vitest";
import { topRows } from "./dense-index";

describe("topRows", () => {
  it("keeps the order a full sort by score then id gives, ties and exclusions included", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const n = 2000;
    // Few distinct scores, so many ties; ids not in row order.
    const scores = Float32Array.from({ length: n }, () => Math.round(next() * 50) / 50);
    const ids = Int32Array.from({ length: n }, (_, row) => (row * 7919) % 10007);
    const exclude = new Set([ids[3]!, ids[10]!, ids[500]!]);
    const all = [...Array(n).keys()].filter((row) => !exclude.has(ids[row]!)).sort((a, b) => scores[b]! - scores[a]! || ids[a]! - ids[b]!);
    for (const limit of [0, 1, 5, 100, n]) expect(topRows(scores, ids, limit, exclude)).toEqual(all.slice(0, limit));
  });
});
