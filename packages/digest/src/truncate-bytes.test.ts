import { describe, expect, it } from "vitest";
import { truncateBytes } from "./truncate-bytes";

describe("truncateBytes", () => {
  it("leaves text that fits untouched", () => {
    expect(truncateBytes("short", 10)).toBe("short");
    expect(truncateBytes("exact", 5)).toBe("exact");
  });

  it("cuts by UTF-8 bytes, ends in an ellipsis and never splits a character", () => {
    expect(truncateBytes("héllo wörld", 8)).toBe("héll…");
    for (let max = 0; max <= 16; max++) {
      const cut = truncateBytes("€€€€€€", max);
      expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(Math.max(max, Buffer.byteLength("…")));
      expect(cut).toMatch(/^€*…$/);
    }
  });
});
