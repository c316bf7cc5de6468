import { describe, expect, it } from "vitest";
import { formatEta } from "./progress-bar";

describe("formatEta", () => {
  it("gives seconds, minutes and seconds, or hours and minutes", () => {
    expect(formatEta(0)).toBe("0s");
    expect(formatEta(42.4)).toBe("42s");
    expect(formatEta(185)).toBe("3m05s");
    expect(formatEta(3720)).toBe("1h02m");
    expect(formatEta(-3)).toBe("0s");
  });
});
