import { isTsiftError } from "@tsift/core";
import { describe, expect, it } from "vitest";
import { collapseRepeats } from "./collapse-repeats";

describe("collapseRepeats", () => {
  it("collapses exact consecutive repeats into one line with a count", () => {
    const result = collapseRepeats(["start", "tick", "tick", "tick", "done"]);
    expect(result.lines).toEqual(["start", "tick (x3)", "done"]);
    expect(result.runs).toEqual([{ line: "tick", count: 3, first_index: 1, last_index: 3, varied: false }]);
    expect(result.input_lines).toBe(5);
    expect(result.collapsed_lines).toBe(2);
  });

  it("leaves non-adjacent repeats alone", () => {
    expect(collapseRepeats(["a", "b", "a", "b"]).lines).toEqual(["a", "b", "a", "b"]);
  });

  it("treats lines differing only in numbers as near-identical and marks what varied", () => {
    const lines = Array.from({ length: 40 }, (_, i) => `Downloading crate ${i + 1}/40`);
    const result = collapseRepeats(lines);
    expect(result.lines).toEqual(["Downloading crate <n>/40 (x40)"]);
    expect(result.runs[0]).toMatchObject({ count: 40, varied: true, first_index: 0, last_index: 39 });
  });

  it("normalises git shas, 0x values and UUIDs as hex ids", () => {
    const result = collapseRepeats([
      "checkout 1a2b3c4d ok at 0x7ffee1 for 123e4567-e89b-12d3-a456-426614174000",
      "checkout 9f8e7d6c5b ok at 0x7ffee9 for 00000000-0000-4000-8000-00000000abcd",
    ]);
    expect(result.lines).toEqual(["checkout <hex> ok at <hex> for <hex> (x2)"]);
  });

  it("keeps values that every line of the run shares", () => {
    const result = collapseRepeats([
      "[12:00:01] retry connect 10.0.0.7:5432 attempt 1",
      "[12:00:02] retry connect 10.0.0.7:5432 attempt 2",
      "[12:00:04] retry connect 10.0.0.7:5432 attempt 3",
    ]);
    expect(result.lines).toEqual(["[12:00:<n>] retry connect 10.0.0.7:5432 attempt <n> (x3)"]);
  });

  it("does not mistake ordinary words for hex ids", () => {
    const result = collapseRepeats(["file defaced", "file effaced"]);
    expect(result.lines).toEqual(["file defaced", "file effaced"]);
  });

  it("does not merge lines whose text differs", () => {
    const result = collapseRepeats(["test a ... ok", "test b ... ok", "test b ... FAILED"]);
    expect(result.runs).toEqual([]);
    expect(result.lines).toEqual(["test a ... ok", "test b ... ok", "test b ... FAILED"]);
  });

  it("does not confuse literal placeholder text with a number", () => {
    expect(collapseRepeats(["value <n>", "value 5"]).runs).toEqual([]);
  });

  it("ignores whitespace differences when normalising", () => {
    const result = collapseRepeats(["  warn:   slow  ", "warn: slow"]);
    expect(result.lines).toEqual(["warn: slow (x2)"]);
  });

  it("collapses exact duplicates only when normalize is false", () => {
    const lines = ["step 1", "step 2", "step 2", "step 2"];
    expect(collapseRepeats(lines, { normalize: false }).lines).toEqual(["step 1", "step 2 (x3)"]);
    expect(collapseRepeats(lines).lines).toEqual(["step <n> (x4)"]);
  });

  it("honours minCount", () => {
    const lines = ["x", "x", "y", "y", "y"];
    const result = collapseRepeats(lines, { minCount: 3 });
    expect(result.lines).toEqual(["x", "x", "y (x3)"]);
    expect(result.collapsed_lines).toBe(2);
  });

  it("collapses blank runs to one blank line", () => {
    expect(collapseRepeats(["a", "", "", "", "b"]).lines).toEqual(["a", "", "b"]);
  });

  it("accepts a custom format", () => {
    const result = collapseRepeats(["ping", "ping"], { format: (run) => `${run.count}× ${run.line}` });
    expect(result.lines).toEqual(["2× ping"]);
  });

  it("handles empty input", () => {
    expect(collapseRepeats([])).toEqual({ lines: [], runs: [], input_lines: 0, collapsed_lines: 0 });
  });

  it("rejects bad input with invalid_input", () => {
    const codeOf = (fn: () => unknown): string | undefined => {
      try {
        fn();
      } catch (error) {
        return isTsiftError(error) ? error.code : "other";
      }
      return undefined;
    };
    expect(codeOf(() => collapseRepeats(["a"], { minCount: 1 }))).toBe("invalid_input");
    expect(codeOf(() => collapseRepeats(["a"], { minCount: 2.5 }))).toBe("invalid_input");
    expect(codeOf(() => collapseRepeats([1] as unknown as string[]))).toBe("invalid_input");
  });

  it("does not mutate its input", () => {
    const lines = ["a", "a"];
    collapseRepeats(lines);
    expect(lines).toEqual(["a", "a"]);
  });
});
