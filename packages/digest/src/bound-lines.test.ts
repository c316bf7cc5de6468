import { isTsiftError } from "@tsift/core";
import { describe, expect, it } from "vitest";
import { boundLines, DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES } from "./bound-lines";

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`);
const bytesOf = (lines: string[]) => lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);

describe("boundLines", () => {
  it("returns everything untouched when it fits", () => {
    const lines = numbered(5);
    expect(boundLines(lines, { maxLines: 5, maxBytes: 1000 })).toEqual({
      lines,
      truncated: false,
      head_lines: 5,
      omitted_lines: 0,
      omitted_bytes: 0,
    });
  });

  it("keeps head and tail and reports what it dropped", () => {
    const lines = numbered(10);
    const result = boundLines(lines, { maxLines: 4, maxBytes: Infinity });
    expect(result.lines).toEqual(["line 1", "line 2", "line 9", "line 10"]);
    expect(result.truncated).toBe(true);
    expect(result.head_lines).toBe(2);
    expect(result.omitted_lines).toBe(6);
    expect(result.omitted_bytes).toBe(bytesOf(lines.slice(2, 8)));
  });

  it("gives the head the extra line when the budget is odd", () => {
    const result = boundLines(numbered(10), { maxLines: 3, maxBytes: Infinity });
    expect(result.lines).toEqual(["line 1", "line 2", "line 10"]);
  });

  it("bounds bytes, counting each line plus its newline", () => {
    const lines = ["aaaa", "bbbb", "cccc", "dddd", "eeee"]; // 5 bytes each
    const result = boundLines(lines, { maxLines: Infinity, maxBytes: 14 });
    expect(result.lines).toEqual(["aaaa", "eeee"]);
    expect(bytesOf(result.lines)).toBeLessThanOrEqual(14);
    expect(result.omitted_bytes).toBe(15);
  });

  it("counts UTF-8 bytes, not UTF-16 units", () => {
    const result = boundLines(["ééé", "x"], { maxLines: Infinity, maxBytes: 6 });
    expect(result.lines).toEqual(["x"]);
    expect(result.omitted_bytes).toBe(7);
  });

  it("lets the other side keep going when one side hits a huge line", () => {
    const lines = ["head", "x".repeat(1000), "m1", "m2", "t1", "t2"];
    const result = boundLines(lines, { maxLines: Infinity, maxBytes: 20 });
    expect(result.lines).toEqual(["head", "m1", "m2", "t1", "t2"]);
    expect(result.head_lines).toBe(1);
    expect(result.omitted_lines).toBe(1);
    expect(result.omitted_bytes).toBe(1001);
  });

  it("never exceeds either cap", () => {
    const lines = Array.from({ length: 300 }, (_, i) => "x".repeat(i % 37));
    for (const [maxLines, maxBytes] of [
      [0, 100],
      [1, 1],
      [7, 50],
      [50, 400],
      [299, 100_000],
    ] as const) {
      const result = boundLines(lines, { maxLines, maxBytes });
      expect(result.lines.length).toBeLessThanOrEqual(maxLines);
      expect(bytesOf(result.lines)).toBeLessThanOrEqual(maxBytes);
      expect(result.lines.length + result.omitted_lines).toBe(lines.length);
      expect(bytesOf(result.lines) + result.omitted_bytes).toBe(bytesOf(lines));
    }
  });

  it("keeps the input order: head lines first, then tail lines", () => {
    const lines = numbered(100);
    const result = boundLines(lines, { maxLines: 10, maxBytes: Infinity });
    expect(result.lines).toEqual([...lines.slice(0, 5), ...lines.slice(95)]);
  });

  it("inserts a marker inside both caps when asked", () => {
    const marker = ({ lines, bytes }: { lines: number; bytes: number }) => `... ${lines} lines (${bytes} bytes) omitted ...`;
    const result = boundLines(numbered(10), { maxLines: 5, maxBytes: Infinity, marker });
    expect(result.lines).toEqual(["line 1", "line 2", "... 6 lines (42 bytes) omitted ...", "line 9", "line 10"]);
    expect(result.head_lines).toBe(2);

    const tight = boundLines(numbered(1000), { maxLines: Infinity, maxBytes: 80, marker });
    expect(bytesOf(tight.lines)).toBeLessThanOrEqual(80);
    expect(tight.lines).toContain(`... ${tight.omitted_lines} lines (${tight.omitted_bytes} bytes) omitted ...`);
  });

  it("adds no marker when nothing is dropped or the marker cannot fit", () => {
    const marker = () => "-- cut --";
    expect(boundLines(numbered(3), { maxLines: 3, marker }).lines).toEqual(numbered(3));
    expect(boundLines(numbered(3), { maxLines: 0, marker }).lines).toEqual([]);
  });

  it("uses bounded defaults", () => {
    const result = boundLines(numbered(1000));
    expect(result.lines.length).toBe(DEFAULT_MAX_LINES);
    expect(DEFAULT_MAX_BYTES).toBe(16_384);
  });

  it("handles empty input and zero budgets", () => {
    expect(boundLines([], { maxLines: 0, maxBytes: 0 }).truncated).toBe(false);
    const result = boundLines(["a"], { maxLines: 0 });
    expect(result).toEqual({ lines: [], truncated: true, head_lines: 0, omitted_lines: 1, omitted_bytes: 2 });
  });

  it("rejects invalid caps with invalid_input", () => {
    for (const options of [{ maxLines: -1 }, { maxLines: 1.5 }, { maxBytes: Number.NaN }]) {
      try {
        boundLines(["a"], options);
        throw new Error("expected a throw");
      } catch (error) {
        expect(isTsiftError(error, "invalid_input")).toBe(true);
      }
    }
  });
});
