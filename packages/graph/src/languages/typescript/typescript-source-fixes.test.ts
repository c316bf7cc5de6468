import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";
import { parseSource } from "../../parser-registry";
import { fixTypeScriptSource } from "./typescript-source-fixes";

const parsesCleanly = (source: string) => !parseSource("typescript", fixTypeScriptSource(source)).rootNode.hasError;

describe("fixTypeScriptSource", () => {
  it("blanks variance modifiers, keeping every offset", () => {
    const source = "export interface Channel<out A, in B, in out C = never> extends Pipeable {}\n";
    const fixed = fixTypeScriptSource(source);
    expect(fixed).toBe("export interface Channel<    A,    B,        C = never> extends Pipeable {}\n");
    expect(parseSource("typescript", source).rootNode.hasError).toBe(true);
    expect(parsesCleanly(source)).toBe(true);
  });

  it("separates call signatures listed on their own lines, across doc comments", () => {
    const source = [
      "export const map: {",
      "  /** data-last */",
      "  <A, B>(f: (a: A) => B): (self: Array<A>) => Array<B>",
      "  /** data-first */",
      "  <A, B>(self: Array<A>, f: (a: A) => B): Array<B>",
      "} = dual(2, (self, f) => self.map(f))",
      "",
    ].join("\n");
    const fixed = fixTypeScriptSource(source);
    expect(fixed.length).toBe(source.length);
    expect(fixed.split("\n").map((line) => line.length)).toEqual(source.split("\n").map((line) => line.length));
    expect(fixed.split("\n")[4]).toBe(" ;<A, B>(self: Array<A>, f: (a: A) => B): Array<B>");
    expect(parsesCleanly(source)).toBe(true);
    expect(extractFile("typescript", source).symbols.map((symbol) => [symbol.name, symbol.kind, symbol.line])).toEqual([["map", "const", 1]]);
  });

  it("leaves generic arrows after `=>`, `,` or `(` alone", () => {
    for (const source of [
      "const f =\n  <A>(a: A) => a\n",
      "dual(\n  2,\n  <A>(self: A) => self\n)\n",
      "const curried = (a: number) =>\n  <B>(b: B) => [a, b]\n",
    ]) {
      expect(fixTypeScriptSource(source)).toBe(source);
    }
  });

  it("blanks escaped backticks (template literal types), not escaped backslashes", () => {
    const source = "type M<U extends string> = `use \\`Self\\` in ${U}`\nconst ok = `a\\\\`\n";
    const fixed = fixTypeScriptSource(source);
    expect(fixed).toBe("type M<U extends string> = `use   Self   in ${U}`\nconst ok = `a\\\\`\n");
    expect(parsesCleanly(source)).toBe(true);
  });

  it("returns the very same string when nothing applies", () => {
    const source = "export function f(a: number): number {\n  return a < 2 ? a : f(a - 1)\n}\n";
    expect(fixTypeScriptSource(source)).toBe(source);
  });
});
