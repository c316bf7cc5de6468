import { describe, expect, it } from "vitest";
import { LANGS, type Lang } from "./lang";
import { langInfo } from "./lang-info";

describe("LANGS", () => {
  it("lists the first ten languages in registry order, new ones after them", () => {
    expect(LANGS.slice(0, 10)).toEqual(["rust", "python", "typescript", "tsx", "javascript", "jsx", "kotlin", "zig", "bash", "markdown"]);
  });

  it("is frozen so callers cannot reorder the contract", () => {
    expect(Object.isFrozen(LANGS)).toBe(true);
  });
});

describe("langInfo", () => {
  it("returns its own id for every language", () => {
    for (const lang of LANGS) {
      expect(langInfo(lang).id).toBe(lang);
    }
  });

  it.each([
    ["rust", "tree-sitter-rust"],
    ["python", "tree-sitter-python"],
    ["typescript", "tree-sitter-typescript"],
    ["tsx", "tree-sitter-typescript"],
    ["javascript", "tree-sitter-javascript"],
    ["jsx", "tree-sitter-javascript"],
    ["kotlin", "@tree-sitter-grammars/tree-sitter-kotlin"],
    ["zig", "@tree-sitter-grammars/tree-sitter-zig"],
    ["bash", "tree-sitter-bash"],
    ["markdown", "@tree-sitter-grammars/tree-sitter-markdown"],
  ] as const)("%s is parsed by %s", (lang: Lang, grammarPackage) => {
    expect(langInfo(lang).grammarPackage).toBe(grammarPackage);
  });

  it("reports call extraction for every language but markdown", () => {
    expect(LANGS.filter((lang) => !langInfo(lang).hasCalls)).toEqual(["markdown"]);
    expect(langInfo("markdown").hasCalls).toBe(false);
  });

  it("gives display names and comment prefixes", () => {
    expect(langInfo("tsx").displayName).toBe("TSX");
    expect(langInfo("typescript").displayName).toBe("TypeScript");
    expect(langInfo("python").commentPrefixes).toEqual(["#"]);
    expect(langInfo("bash").commentPrefixes).toEqual(["#"]);
    expect(langInfo("rust").commentPrefixes).toContain("//");
    expect(langInfo("markdown").commentPrefixes).toEqual([]);
  });

  it("orders comment prefixes longest first so stripping removes the whole marker", () => {
    for (const lang of LANGS) {
      const lengths = langInfo(lang).commentPrefixes.map((prefix) => prefix.length);
      expect(lengths).toEqual([...lengths].sort((a, b) => b - a));
    }
  });

  it("never lets two languages claim one extension", () => {
    const seen = new Map<string, Lang>();
    for (const lang of LANGS) {
      for (const extension of langInfo(lang).extensions) {
        expect(seen.get(extension)).toBeUndefined();
        seen.set(extension, lang);
      }
    }
  });

  it("returns frozen records", () => {
    const info = langInfo("rust");
    expect(Object.isFrozen(info)).toBe(true);
    expect(Object.isFrozen(info.extensions)).toBe(true);
  });
});
