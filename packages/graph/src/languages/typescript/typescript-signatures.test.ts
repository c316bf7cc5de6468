import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";
import { stripComments } from "../../signature";

const signatureOf = (source: string, name: string) => extractFile("typescript", source).symbols.find((s) => s.name === name)?.signature;

describe("signatures are one line of code, without comments", () => {
  it("shows a dual API's first call signature and the overload count, not its doc blocks", () => {
    const source = [
      "export const retry: {",
      "  /**",
      "   * Retries typed failures.",
      "   * @since 2.0.0",
      "   */",
      "  <E>(policy: Policy<E>): <A>(self: Effect<A, E>) => Effect<A, E>",
      "  /** the data-first form */",
      "  <A, E>(self: Effect<A, E>, policy: Policy<E>): Effect<A, E>",
      "} = dual(2, (self, policy) => self)",
      "export const once: {",
      "  // single form",
      "  (n: number): number",
      "} = (n) => n",
      "",
    ].join("\n");
    expect(signatureOf(source, "retry")).toBe("export const retry: <E>(policy: Policy<E>): <A>(self: Effect<A, E>) => Effect<A, E> (+1 overload)");
    expect(signatureOf(source, "once")).toBe("export const once: (n: number): number");
  });

  it("drops comments between parameters but keeps comment-like text in strings", () => {
    const source = [
      "export function glob(",
      '  pattern = "src/**/*.ts", // what to match',
      "  /* the base */ base = 'http://example.com',",
      ") {",
      "  return pattern + base;",
      "}",
      "",
    ].join("\n");
    expect(signatureOf(source, "glob")).toBe("export function glob( pattern = \"src/**/*.ts\", base = 'http://example.com', )");
  });

  it.each([
    ["a /* b */ c", "a   c"],
    ["x // note\ny", "x \ny"],
    ["'a // b' // c", "'a // b' "],
    ["`t /* u */` /* v */", "`t /* u */`  "],
    ["p = 'it\\'s' // q", "p = 'it\\'s' "],
    ["a//b", "a//b"],
  ])("stripComments(%j)", (input, expected) => {
    expect(stripComments(input)).toBe(expected);
  });
});

describe("overloaded functions", () => {
  it("are listed by their first public overload and the count of the others, not the implementation", () => {
    const source = [
      "export function concat(a: string, b: string): string;",
      "export function concat(a: number[], b: number[]): number[];",
      "export function concat(a: Date, b: Date): Date;",
      "export function concat(...args: any[]): any {",
      "  return args[0];",
      "}",
      "export function single(a: string): string;",
      "export function single(a: any): any {",
      "  return a;",
      "}",
      "",
    ].join("\n");
    const symbols = extractFile("typescript", source).symbols;
    expect(symbols.map((symbol) => [symbol.name, symbol.signature])).toEqual([
      ["concat", "export function concat(a: string, b: string): string (+2 overloads)"],
      ["single", "export function single(a: string): string"],
    ]);
  });
});
