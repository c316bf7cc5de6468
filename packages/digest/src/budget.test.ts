import { isTsiftError } from "@tsift/core";
import { describe, expect, it } from "vitest";
import { autoPreset, resolveBudget } from "./budget";

describe("resolveBudget", () => {
  it("resolves presets, implicit auto and explicit caps", () => {
    expect(resolveBudget({}, {}, false)).toBeNull();
    expect(resolveBudget({ budget: "small" }, {}, false)).toEqual({ preset: "small", maxItems: 3, maxBytes: 120 });
    expect(resolveBudget({}, {}, true)).toEqual({ preset: "normal", maxItems: 5, maxBytes: 160 });
    expect(resolveBudget({ budget: "deep", maxItems: 2 }, {}, false)).toEqual({ preset: "deep", maxItems: 2, maxBytes: 240 });
    expect(resolveBudget({ maxBytes: 9 }, {}, true)).toEqual({ preset: null, maxItems: null, maxBytes: 9 });
    expect(resolveBudget({ budget: "auto" }, { TSIFT_CONTEXT_WINDOW: "32000" }, false)).toEqual({ preset: "small", maxItems: 3, maxBytes: 120 });
  });

  it("rejects caps below 1 with a usage error", () => {
    let code: string | undefined;
    try {
      resolveBudget({ maxItems: 0 }, {}, false);
    } catch (error) {
      if (isTsiftError(error)) code = error.code;
    }
    expect(code).toBe("usage");
    expect(() => resolveBudget({ maxBytes: 2.5 }, {}, false)).toThrow(/--max-bytes/);
  });
});

describe("autoPreset", () => {
  it("sizes the preset from the first parseable context-window variable", () => {
    expect(autoPreset({ CLAUDE_CONTEXT_WINDOW: "64_000" })).toBe("small");
    expect(autoPreset({ CODEX_CONTEXT_WINDOW: "200000", CLAUDE_CONTEXT_WINDOW: "1000" })).toBe("deep");
    expect(autoPreset({ TSIFT_CONTEXT_WINDOW: "128000" })).toBe("normal");
    expect(autoPreset({ TSIFT_CONTEXT_WINDOW: "lots", CLAUDE_CONTEXT_WINDOW: "8000" })).toBe("small");
    expect(autoPreset({ TSIFT_CONTEXT_WINDOW: "lots" })).toBe("normal");
    expect(autoPreset({})).toBe("normal");
  });
});
