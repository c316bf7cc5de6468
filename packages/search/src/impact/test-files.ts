import { langFromPath, testConventionsOf, type TestConventions } from "@tsift/graph";

/**
 * Test files by their language's convention (its definition's `tests.files`), from the
 * path alone: `*.test.ts`, `test_*.py`, `tests/*.rs`… A language without test conventions
 * has no test files.
 */
export function isTestPath(path: string): boolean {
  const conventions = conventionsOf(path);
  return conventions !== null && conventions.files.some((pattern) => pattern.test(path));
}

/** A source file that carries its own tests (its language's `tests.inlineMarker`, Rust's `#[cfg(test)]`). */
export function hasInlineTests(path: string, text: string): boolean {
  return conventionsOf(path)?.inline?.file.test(text) === true;
}

/**
 * Inside a source file with inline tests, whether a caller is test code: a symbol marked a
 * test (`#[test]`) or one inside the file's test module (`tests.adds`).
 */
export function isInlineTestSymbol(path: string, symbol: { signature: string | null; qualified_name: string }): boolean {
  const inline = conventionsOf(path)?.inline;
  if (!inline) return false;
  return inline.markers.some((marker) => marker.test(symbol.signature ?? "")) || (inline.scope?.test(symbol.qualified_name) ?? false);
}

/** The test conventions of a path's language, patterns compiled once. */
export function testConventionsFor(path: string): TestConventions | null {
  const lang = langFromPath(path);
  return lang === null ? null : testConventionsOf(lang);
}

interface CompiledConventions {
  files: RegExp[];
  inline: { file: RegExp; markers: RegExp[]; scope: RegExp | null } | null;
}

const COMPILED = new Map<string, CompiledConventions | null>();

function conventionsOf(path: string): CompiledConventions | null {
  const lang = langFromPath(path);
  if (lang === null) return null;
  let compiled = COMPILED.get(lang);
  if (compiled === undefined) {
    const tests = testConventionsOf(lang);
    compiled =
      tests === null
        ? null
        : {
            files: tests.files.map((source) => new RegExp(source, "u")),
            inline:
              tests.inlineMarker === undefined
                ? null
                : {
                    file: new RegExp(tests.inlineMarker, "u"),
                    markers: (tests.markers ?? []).map((source) => new RegExp(source, "u")),
                    scope: tests.inlineScope === undefined ? null : new RegExp(tests.inlineScope, "u"),
                  },
          };
    COMPILED.set(lang, compiled);
  }
  return compiled;
}
