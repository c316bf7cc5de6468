import { describe, expect, it } from "vitest";
import { firstSentence, MAX_DOC_CHARS } from "./doc-comments";
import { extractFile } from "./extract-file";
import type { Lang } from "./lang";

const docs = (lang: Lang, source: string) => Object.fromEntries(extractFile(lang, source).symbols.map((symbol) => [symbol.qualified_name, symbol.doc ?? null]));

describe("doc comments", () => {
  it("reads a JSDoc block above a TypeScript declaration, past decorators, and not a plain comment", () => {
    const source = [
      "/**",
      " * Retries the effect with exponential backoff. The delay doubles each time.",
      " * @param times how often",
      " */",
      "export function retry(times: number) {}",
      "",
      "/* not a doc comment */",
      "function plain() {}",
      "",
      "class Store {",
      "  /** Reads one {@link Row} by key. */",
      "  @cached()",
      "  get(key: string) {}",
      "}",
      "// line comment",
      "const bare = 1;",
    ].join("\n");
    expect(docs("typescript", source)).toMatchObject({
      retry: "Retries the effect with exponential backoff.",
      plain: null,
      "Store.get": "Reads one Row by key.",
      Store: null,
      bare: null,
    });
  });

  it("never takes a licence header separated by a blank line", () => {
    expect(docs("typescript", ["/** Copyright 2024. */", "", "export const a = 1;"].join("\n")).a).toBeNull();
  });

  it("reads Python docstrings: one line, multi-line, raw, after a multi-line header and decorators", () => {
    const source = [
      "class Cache:",
      "    '''A bounded LRU cache.",
      "",
      "    Details follow.",
      "    '''",
      "",
      "    @property",
      "    def size(self) -> int:",
      '        """Number of entries, e.g. after eviction."""',
      "        return 1",
      "",
      "def parse(",
      "    text: str,",
      '    sep: str = ":",',
      ") -> dict[str, int]:",
      '    r"""Parse *text* into a',
      "    mapping of keys.",
      '    """',
      "    return {}",
      "",
      "def nodoc():",
      "    x = 'not a docstring'",
      "",
      'def inline(): "Inline doc."',
    ].join("\n");
    expect(docs("python", source)).toEqual({
      Cache: "A bounded LRU cache.",
      "Cache.size": "Number of entries, e.g. after eviction.",
      parse: "Parse *text* into a mapping of keys.",
      nodoc: null,
      inline: "Inline doc.",
    });
  });

  it("reads Rust /// runs past attributes, /** */ blocks and //! inner module docs", () => {
    const source = [
      "/// Opens the store.",
      "/// Second line.",
      "#[inline]",
      "pub fn open() {}",
      "",
      "//// not a doc",
      "fn hidden() {}",
      "",
      "mod inner {",
      "    //! Helpers for the store.",
      "    /** Closes it. */",
      "    pub fn close() {}",
      "}",
    ].join("\n");
    expect(docs("rust", source)).toMatchObject({ open: "Opens the store.", hidden: null, inner: "Helpers for the store.", "inner.close": "Closes it." });
  });

  it("reads Kotlin KDoc and Zig /// docs", () => {
    expect(docs("kotlin", ["/**", " * Formats a user name.", " */", "@JvmStatic", "fun format(name: String): String = name"].join("\n")).format).toBe(
      "Formats a user name.",
    );
    expect(docs("zig", ["/// Adds two numbers.", "pub fn add(a: i32, b: i32) i32 {", "    return a + b;", "}"].join("\n")).add).toBe("Adds two numbers.");
  });

  it("keeps the first sentence, bounded", () => {
    expect(firstSentence("First part. Second part.")).toBe("First part.");
    expect(firstSentence("Summary line\n@returns nothing")).toBe("Summary line");
    const long = firstSentence(`${"word ".repeat(100)}end.`);
    expect(long.length).toBeLessThanOrEqual(MAX_DOC_CHARS);
    expect(long.endsWith("…")).toBe(true);
  });
});
