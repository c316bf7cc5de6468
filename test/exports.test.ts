import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Every name `src/index.ts` exports, types included, as `name` or `type name`. Read from
 * the syntax of the explicit export lists (the entry has no `export *`), so it needs no
 * type-check and covers what `Object.keys` of the module cannot see.
 */
function declaredExports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement)) continue;
    if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) throw new Error(`${file}: export * is not allowed in the curated entry`);
    for (const element of statement.exportClause.elements) names.push(`${statement.isTypeOnly || element.isTypeOnly ? "type " : ""}${element.name.text}`);
  }
  const bare = (name: string) => name.replace(/^type /, "");
  return names.sort((a, b) => (bare(a) < bare(b) ? -1 : bare(a) > bare(b) ? 1 : 0));
}

// A change to the public API of the `tsift` package shows up as a snapshot diff.
describe("public API of the tsift package", () => {
  it("main entry", async () => {
    expect(Object.keys(await import("../src/index")).sort()).toMatchSnapshot();
  });

  it("main entry, types included: an explicit, curated list", async () => {
    const declared = declaredExports(join(import.meta.dirname, "..", "src", "index.ts"));
    expect(declared).toMatchSnapshot();
    // The runtime names are exactly the declared values: nothing leaks in, nothing is type-only by mistake.
    const values = declared.filter((name) => !name.startsWith("type ")).sort();
    expect(Object.keys(await import("../src/index")).sort()).toEqual(values);
  });

  it("storage subpaths", async () => {
    expect(Object.keys(await import("../src/sqlite")).sort()).toMatchSnapshot();
  });
});
