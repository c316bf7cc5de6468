import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { extractFile } from "../src/extract-file";

// Overloaded functions and methods: one row per group, starting at the first overload,
// whose line shows the row's signature. The oracle is the TypeScript compiler's own parse.
const require = createRequire(import.meta.url);
const ts = require("typescript") as typeof import("typescript");

const SOURCE = [
  "/** Parses a value. */",
  "export function parse(x: string): number;",
  "export function parse(x: number): string;",
  "export function parse(x: string | number): number | string {",
  "  return typeof x === 'string' ? Number(x) : String(x);",
  "}",
  "",
  "function local(a: string): void;",
  "function local(a: number): void;",
  "function local(a: string | number, ...rest: unknown[]): void {",
  "  void a;",
  "  void rest;",
  "}",
  "",
  "export class Box {",
  "  constructor(size: number);",
  "  constructor(label: string);",
  "  constructor(value: number | string) {",
  "    void value;",
  "  }",
  "",
  "  /** Reads one entry. */",
  "  public get(key: string): string;",
  "  public get(key: number): number;",
  "  public get(key: string | number): string | number {",
  "    return key;",
  "  }",
  "",
  "  static of(n: number): Box;",
  "  static of(...args: any[]): Box {",
  "    return new Box(args[0]);",
  "  }",
  "",
  "  plain(): void {}",
  "}",
  "",
  "export declare function ambient(a: number): void;",
  "export declare function ambient(a: string): void;",
  "",
].join("\n");

interface Expected {
  name: string;
  line: number;
  end_line: number;
  signature: string;
}

const lineOf = (file: import("typescript").SourceFile, pos: number) => file.getLineAndCharacterOfPosition(pos).line + 1;
const oneLine = (text: string) => text.replace(/\s+/g, " ").replace(/;$/, "").trim();

/** What the compiler says each overload group is: its first overload's line and text, the implementation's end. */
function overloadGroups(source: string): Expected[] {
  const file = ts.createSourceFile("a.ts", source, ts.ScriptTarget.Latest, true);
  const out: Expected[] = [];
  const visitList = (nodes: readonly import("typescript").Node[]) => {
    let chain: import("typescript").Node[] = [];
    let chainName: string | null = null;
    for (const node of nodes) {
      const callable = ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node);
      const name = callable ? (ts.isConstructorDeclaration(node) ? "constructor" : (node.name?.getText(file) ?? null)) : null;
      if (!callable || name !== chainName) chain = [];
      chainName = name;
      if (!callable) continue;
      if (node.body === undefined) {
        chain.push(node);
        continue;
      }
      if (chain.length > 0) {
        const first = chain[0]!;
        const more = chain.length > 1 ? ` (+${chain.length - 1} overload${chain.length === 2 ? "" : "s"})` : "";
        out.push({
          name: name!,
          line: lineOf(file, first.getStart(file)),
          end_line: lineOf(file, node.getEnd()),
          signature: oneLine(first.getText(file)) + more,
        });
      }
      chain = [];
    }
  };
  const visit = (node: import("typescript").Node) => {
    if (ts.isSourceFile(node)) visitList(node.statements);
    if (ts.isClassDeclaration(node)) visitList(node.members);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

describe("overloaded functions and methods", () => {
  const rows = extractFile("typescript", SOURCE).symbols;

  it("are one row each, from the first overload to the implementation's end, listed by the first overload", () => {
    const expected = overloadGroups(SOURCE);
    expect(expected.map((group) => group.name)).toEqual(["parse", "local", "constructor", "get", "of"]);
    for (const group of expected) {
      const found = rows.filter((row) => row.name === group.name);
      expect(found, group.name).toHaveLength(1);
      expect({ name: found[0]!.name, line: found[0]!.line, end_line: found[0]!.end_line, signature: found[0]!.signature }).toEqual(group);
    }
  });

  it("every row's line shows its signature, and an overload group's doc comment is the first overload's", () => {
    const lines = SOURCE.split("\n");
    for (const row of rows) {
      const signature = oneLine((row.signature ?? "").replace(/ \(\+\d+ overloads?\)$/, ""));
      const at = oneLine(lines.slice(row.line - 1).join("\n"));
      expect(at.startsWith(signature), `${row.name} at line ${row.line}: ${signature}`).toBe(true);
    }
    expect(rows.find((row) => row.name === "parse")?.doc).toBe("Parses a value.");
    expect(rows.find((row) => row.name === "get")?.doc).toBe("Reads one entry.");
    // Bodiless declarations with no implementation are declarations of their own.
    expect(rows.filter((row) => row.name === "ambient").map((row) => row.line)).toEqual([37, 38]);
  });
});
