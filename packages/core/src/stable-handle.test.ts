import { describe, expect, it } from "vitest";
import { stableHandle } from "./stable-handle";

describe("stableHandle", () => {
  it("is the prefix and 12 hex digits of sha256(identity), the same on every call", () => {
    expect(stableHandle("it", "alpha")).toMatch(/^it-[0-9a-f]{12}$/);
    expect(stableHandle("it", "alpha")).toBe(stableHandle("it", "alpha"));
    // sha256("alpha") starts 8ed3f6ad685b…
    expect(stableHandle("it", "alpha")).toBe("it-8ed3f6ad685b");
    expect(stableHandle("it", "beta")).not.toBe(stableHandle("it", "alpha"));
  });
});
