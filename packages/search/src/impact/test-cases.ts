import { langFromPath, parseSource, type SyntaxNode, type TestCase } from "@tsift/graph";
import type { ImpactSymbol } from "@tsift/index/graph-read";
import { testConventionsFor } from "./test-files";

export type { TestCase } from "@tsift/graph";

/**
 * The tests a file declares, read by its language's test-case reader (`tests.cases` in its
 * definition): from the file's text, its parse tree or its indexed symbols. None for a
 * language without a reader.
 */
export function testCasesOf(path: string, text: string, symbols: readonly ImpactSymbol[]): TestCase[] {
  const cases = testConventionsFor(path)?.cases;
  if (!cases) return [];
  const parse = (): SyntaxNode | null => {
    const lang = langFromPath(path);
    if (lang === null) return null;
    try {
      return parseSource(lang, text).rootNode;
    } catch {
      return null;
    }
  };
  return cases({ path, text, symbols, parse });
}
