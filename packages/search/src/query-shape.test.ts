import { describe, expect, it } from "vitest";
import { hybridAlpha, prefersExact, queryShape } from "./query-shape";

describe("queryShape / prefersExact / hybridAlpha", () => {
  it.each([
    ["alpha_helper", "identifier"],
    ["claudescore-3", "identifier"],
    ["getUserName", "identifier"],
    ["crate::module", "identifier"],
    ["Effect.map", "identifier"],
    ["src/main.rs", "path"],
    ["Schedule.ts", "path"],
    ["retry", "mixed"],
    ["fn(x) => x", "code"],
    ["retry getUserName", "mixed"],
    ["how does the retry schedule work", "prose"],
  ])("%s is %s", (query, shape) => {
    expect(queryShape(query)).toBe(shape);
  });

  it("routes identifier- and path-like single tokens to exact search, plain words to lexical", () => {
    expect(["alpha_helper", "claudescore-3", "src/main.rs", "crate::module"].map(prefersExact)).toEqual([true, true, true, true]);
    expect(["retry", "retry schedule", "main"].map(prefersExact)).toEqual([false, false, false]);
  });

  it("leans on BM25 for identifiers and on vectors for prose", () => {
    expect(hybridAlpha("getUserName")).toBe(0.2);
    expect(hybridAlpha("retry getUserName")).toBe(0.45);
    expect(hybridAlpha("how does the retry schedule work")).toBe(0.6);
    expect(hybridAlpha("retry schedule")).toBe(0.5);
  });
});
