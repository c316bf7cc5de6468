import { describe, expect, it } from "vitest";
import { compareIds } from "./compare-ids";

describe("compareIds", () => {
  it("orders by code point like SQLite's BINARY collation", () => {
    const ids = ["b", "a", "ab", "B", "\u{1F600}", "\uFFFD", "é", "z"];
    const utf8Order = [...ids].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect([...ids].sort(compareIds)).toEqual(utf8Order);
  });

  it("puts astral characters after U+E000..U+FFFF, unlike UTF-16 order", () => {
    expect(compareIds("\u{1F600}", "\uFFFD")).toBeGreaterThan(0);
    expect("\u{1F600}" < "\uFFFD").toBe(true);
  });

  it("treats prefixes as smaller and equal strings as equal", () => {
    expect(compareIds("abc", "abcd")).toBeLessThan(0);
    expect(compareIds("abc", "abc")).toBe(0);
  });
});
