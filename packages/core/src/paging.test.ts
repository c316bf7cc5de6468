import { describe, expect, it } from "vitest";
import { isTsiftError } from "./errors";
import { applyGraphQueryPage, resolveDepth, resolvePageLimit } from "./paging";

const items = ["a", "b", "c", "d", "e"].map((id) => ({ id }));
const idOf = (item: { id: string }) => item.id;

describe("applyGraphQueryPage", () => {
  it("pages with an exclusive cursor and reports the last id as next cursor", () => {
    const first = applyGraphQueryPage(items, idOf, { limit: 2 });
    expect(first).toEqual({ items: [{ id: "a" }, { id: "b" }], truncated: true, nextCursor: "b" });
    const second = applyGraphQueryPage(items, idOf, { limit: 2, cursor: "b" });
    expect(second.items.map(idOf)).toEqual(["c", "d"]);
    const last = applyGraphQueryPage(items, idOf, { limit: 2, cursor: "d" });
    expect(last).toEqual({ items: [{ id: "e" }], truncated: false, nextCursor: null });
  });

  it("accepts a cursor that is not itself an id", () => {
    expect(applyGraphQueryPage(items, idOf, { cursor: "bb" }).items.map(idOf)).toEqual(["c", "d", "e"]);
  });

  it("treats limit 0 as no cap", () => {
    expect(applyGraphQueryPage(items, idOf, { limit: 0 }).items).toHaveLength(5);
  });
});

describe("limits", () => {
  it("defaults and validates", () => {
    expect(resolvePageLimit(undefined)).toBe(100);
    expect(resolvePageLimit(0)).toBe(Number.POSITIVE_INFINITY);
    expect(() => resolvePageLimit(-1)).toThrow();
    expect(() => resolvePageLimit(1.5)).toThrowError(expect.objectContaining({ code: "invalid_input" }));
    expect(resolveDepth(undefined)).toBe(1);
    try {
      resolveDepth(-2);
    } catch (error) {
      expect(isTsiftError(error, "invalid_input")).toBe(true);
    }
  });
});
