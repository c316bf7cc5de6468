import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractFile } from "../src/extract-file";
import type { Lang } from "../src/lang";
import { LANGUAGES } from "../src/language-registry";

const FIXTURES = new URL("../../../fixtures/languages/", import.meta.url);

/** Languages whose grammar accepts every text (an unclosed Markdown fence runs to the end of the file). */
const ACCEPTS_ANY_TEXT: ReadonlySet<string> = new Set<Lang>(["markdown"]);

// One fixture directory per registered language: each source file's symbols, calls and
// imports locked in expected.json; `broken.*` files must report the parse recovery.
describe.each(LANGUAGES.map((language) => [language.displayName, language.id as Lang] as const))("%s fixture", (_name, lang) => {
  const fixtureDir = new URL(`${lang}/`, FIXTURES);
  const expected = JSON.parse(readFileSync(new URL("expected.json", fixtureDir), "utf8")) as Record<string, object>;

  it("has an expected entry for every source file", () => {
    const sources = readdirSync(fixtureDir).filter((file) => file !== "expected.json");
    expect(Object.keys(expected).sort()).toEqual(sources.sort());
  });

  it.each(Object.keys(expected))("%s matches expected.json", (file) => {
    const result = extractFile(lang, readFileSync(new URL(file, fixtureDir), "utf8"));
    expect({ symbols: result.symbols, calls: result.calls, imports: result.imports }).toEqual(expected[file]);
    expect(result.has_errors).toBe(file.startsWith("broken.") && !ACCEPTS_ANY_TEXT.has(lang));
  });
});

it("names only registered languages as accepting any text", () => {
  for (const lang of ACCEPTS_ANY_TEXT) expect(LANGUAGES.map((language) => language.id)).toContain(lang);
});
