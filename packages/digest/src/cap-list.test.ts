import { isTsiftError } from "@tsift/core";
import { describe, expect, it } from "vitest";
import { capList, moreLine } from "./cap-list";

describe("capList", () => {
  it("keeps the first N items and reports the total before the cap", () => {
    const input = ["a", "b", "c"];
    expect(capList(input, 2)).toEqual({ items: ["a", "b"], total: 3, truncated: true });
    expect(capList(input, 3)).toEqual({ items: ["a", "b", "c"], total: 3, truncated: false });
    expect(input).toEqual(["a", "b", "c"]);
  });

  it("treats 0 as no cap and returns a copy", () => {
    const input = ["a", "b"];
    const capped = capList(input, 0);
    expect(capped).toEqual({ items: ["a", "b"], total: 2, truncated: false });
    expect(capped.items).not.toBe(input);
  });

  it("rejects negative and fractional limits with a usage error", () => {
    for (const limit of [-1, 1.5, Number.NaN]) {
      let code: string | undefined;
      try {
        capList([], limit);
      } catch (error) {
        if (isTsiftError(error)) code = error.code;
      }
      expect(code).toBe("usage");
    }
  });

  it("prints a more-marker only when items were left out", () => {
    expect(moreLine(2, 5)).toEqual(["(+3 more)"]);
    expect(moreLine(5, 5)).toEqual([]);
  });
});
