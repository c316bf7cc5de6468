import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Lang } from "../src/lang";
import { LANGUAGES } from "../src/language-registry";

// The parser backend is chosen when parser-registry loads: force the WebAssembly fallback for
// this file's module graph only (each test file has its own), then restore the environment.
const previous = process.env.TSIFT_PARSER;
process.env.TSIFT_PARSER = "wasm";
const { extractFile } = await import("../src/extract-file");
const { parserBackend } = await import("../src/parser-registry");
if (previous === undefined) delete process.env.TSIFT_PARSER;
else process.env.TSIFT_PARSER = previous;

const FIXTURES = new URL("../../../fixtures/languages/", import.meta.url);

/**
 * Languages whose grammar package publishes no `.wasm` build: they parse only with the native
 * binding (@tree-sitter-grammars/tree-sitter-markdown ships none).
 */
const NATIVE_ONLY: ReadonlySet<string> = new Set<Lang>(["markdown"]);
const ACCEPTS_ANY_TEXT: ReadonlySet<string> = new Set<Lang>(["markdown"]);

it("parses with web-tree-sitter when TSIFT_PARSER=wasm", () => {
  expect(parserBackend()).toBe("wasm");
});

// The same expected.json the native run is held to (language-fixtures.test.ts): both
// backends must extract the same symbols, calls and imports from every fixture.
describe.each(LANGUAGES.filter((language) => !NATIVE_ONLY.has(language.id)).map((language) => [language.displayName, language.id as Lang] as const))(
  "%s fixture through the WebAssembly parser",
  (_name, lang) => {
    const fixtureDir = new URL(`${lang}/`, FIXTURES);
    const expected = JSON.parse(readFileSync(new URL("expected.json", fixtureDir), "utf8")) as Record<string, object>;
    const files = readdirSync(fixtureDir)
      .filter((file) => file !== "expected.json")
      .sort();

    it.each(files)("%s matches expected.json", (file) => {
      const result = extractFile(lang, readFileSync(new URL(file, fixtureDir), "utf8"));
      expect({ symbols: result.symbols, calls: result.calls, imports: result.imports }).toEqual(expected[file]);
      expect(result.has_errors).toBe(file.startsWith("broken.") && !ACCEPTS_ANY_TEXT.has(lang));
    });
  },
);

it("names only registered languages as native-only", () => {
  for (const lang of NATIVE_ONLY) expect(LANGUAGES.map((language) => language.id)).toContain(lang);
});

it("refuses a native-only language with a hint instead of crashing", () => {
  for (const lang of NATIVE_ONLY) expect(() => extractFile(lang as Lang, "# title\n")).toThrow(/no WebAssembly grammar/);
});
