import { describe, expect, it } from "vitest";
import { edgeKey } from "./edge-key";

describe("edgeKey", () => {
  it("is stable, prefixed and 128 bits long", () => {
    const key = edgeKey("a", "calls", "b");
    expect(key).toMatch(/^edge:[0-9a-f]{32}$/);
    expect(edgeKey("a", "calls", "b")).toBe(key);
  });

  it("distinguishes direction, kind and ambiguous concatenations", () => {
    const keys = new Set([
      edgeKey("a", "calls", "b"),
      edgeKey("b", "calls", "a"),
      edgeKey("a", "imports", "b"),
      edgeKey("a:b", "c", "d"),
      edgeKey("a", "b:c", "d"),
      edgeKey("a", "b", "c:d"),
    ]);
    expect(keys.size).toBe(6);
  });
});
