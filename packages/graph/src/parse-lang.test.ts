import { isTsiftError, TsiftError } from "@tsift/core";
import { describe, expect, it } from "vitest";
import { LANGS } from "./lang";
import { parseLang } from "./parse-lang";

describe("parseLang", () => {
  it("accepts every id", () => {
    for (const lang of LANGS) {
      expect(parseLang(lang)).toBe(lang);
    }
  });

  it.each([
    ["ts", "typescript"],
    ["js", "javascript"],
    ["py", "python"],
    ["rs", "rust"],
    ["kt", "kotlin"],
    ["sh", "bash"],
    ["shell", "bash"],
    ["zsh", "bash"],
    ["md", "markdown"],
  ] as const)("alias %s -> %s", (alias, lang) => {
    expect(parseLang(alias)).toBe(lang);
  });

  it("ignores case and surrounding whitespace", () => {
    expect(parseLang("TypeScript")).toBe("typescript");
    expect(parseLang("TSX")).toBe("tsx");
    expect(parseLang(" PY ")).toBe("python");
    expect(parseLang("Md")).toBe("markdown");
  });

  it("rejects unknown names with invalid_input and lists the valid ones", () => {
    let caught: unknown;
    try {
      parseLang("cobol");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TsiftError);
    expect(isTsiftError(caught, "invalid_input")).toBe(true);
    const error = caught as TsiftError;
    expect(error.details?.valid).toEqual([...LANGS]);
    for (const lang of LANGS) {
      expect(error.message).toContain(lang);
    }
  });

  it("does not resolve inherited object keys", () => {
    expect(() => parseLang("constructor")).toThrow(TsiftError);
    expect(() => parseLang("__proto__")).toThrow(TsiftError);
    expect(() => parseLang("")).toThrow(TsiftError);
  });
});
