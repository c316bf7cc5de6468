import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractFile } from "../src/extract-file";
import type { Lang } from "../src/lang";
import { LANGUAGES } from "../src/language-registry";

const FIXTURES = new URL("../../../fixtures/languages/", import.meta.url);

/** Languages whose grammar accepts every text (an unclosed Markdown fence runs to the end of the file). */
const ACCEPTS_ANY_TEXT: ReadonlySet<string> = new Set<Lang>(["markdown"]);

/**
 * `npm run fixtures:update -w @tsift/graph` sets this: each expected.json is rewritten from
 * what extraction gives now, so a change to a language is reviewed as a diff of it.
 */
const UPDATE = process.env.TSIFT_UPDATE_FIXTURES === "1";

const sourceFiles = (dir: URL) =>
  readdirSync(dir)
    .filter((file) => file !== "expected.json")
    .sort();

function extracted(lang: Lang, file: URL) {
  const result = extractFile(lang, readFileSync(file, "utf8"));
  return { symbols: result.symbols, calls: result.calls, imports: result.imports };
}

/** One record per line, so a review diff shows which symbol, call or import changed. */
function expectedText(entries: ReadonlyArray<readonly [string, Record<string, readonly object[]>]>): string {
  const list = (rows: readonly object[]) => (rows.length === 0 ? "[]" : `[\n${rows.map((row) => `      ${JSON.stringify(row)}`).join(",\n")}\n    ]`);
  const file = ([name, sections]: readonly [string, Record<string, readonly object[]>]) =>
    `  ${JSON.stringify(name)}: {\n${Object.entries(sections)
      .map(([section, rows]) => `    ${JSON.stringify(section)}: ${list(rows)}`)
      .join(",\n")}\n  }`;
  return `{\n${entries.map(file).join(",\n")}\n}\n`;
}

function rewriteExpected(lang: Lang, fixtureDir: URL): void {
  const entries = sourceFiles(fixtureDir).map((file) => [file, extracted(lang, new URL(file, fixtureDir))] as const);
  writeFileSync(new URL("expected.json", fixtureDir), expectedText(entries));
}

// One fixture directory per registered language: each source file's symbols, calls and
// imports locked in expected.json; `broken.*` files must report the parse recovery.
describe.each(LANGUAGES.map((language) => [language.displayName, language.id as Lang] as const))("%s fixture", (_name, lang) => {
  const fixtureDir = new URL(`${lang}/`, FIXTURES);
  if (UPDATE) rewriteExpected(lang, fixtureDir);
  const expected = JSON.parse(readFileSync(new URL("expected.json", fixtureDir), "utf8")) as Record<string, object>;

  it("has an expected entry for every source file", () => {
    expect(Object.keys(expected).sort()).toEqual(sourceFiles(fixtureDir));
  });

  it.each(Object.keys(expected))("%s matches expected.json", (file) => {
    const source = readFileSync(new URL(file, fixtureDir), "utf8");
    expect(extracted(lang, new URL(file, fixtureDir))).toEqual(expected[file]);
    expect(extractFile(lang, source).has_errors).toBe(file.startsWith("broken.") && !ACCEPTS_ANY_TEXT.has(lang));
  });
});

it("names only registered languages as accepting any text", () => {
  for (const lang of ACCEPTS_ANY_TEXT) expect(LANGUAGES.map((language) => language.id)).toContain(lang);
});
