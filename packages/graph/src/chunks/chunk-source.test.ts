import { describe, expect, it } from "vitest";
import { extractFile } from "../extract-file";
import { chunkSource, lineChunks } from "./chunk-source";

const spans = (text: string, lang: "typescript" | "python" = "typescript") =>
  extractFile(lang, text).chunks.map((chunk) => [chunk.start_line, chunk.end_line, chunk.origin, chunk.symbol]);

describe("chunkSource", () => {
  it("keeps each declaration with the doc comment above it and packs small neighbours", () => {
    const text = [
      'import { x } from "./x";',
      "",
      "/** Adds two numbers. */",
      "export function add(a: number, b: number): number {",
      "  return a + b;",
      "}",
      "",
      "export const one = 1;",
      "export const two = 2;",
      "",
    ].join("\n");
    // Small pieces (the import gap, the function with its doc, two constants) pack into one group.
    expect(spans(text)).toEqual([[1, 9, "group", "add"]]);
    const chunk = extractFile("typescript", text).chunks[0]!;
    expect(chunk.names).toEqual(["add", "one", "two"]);
    expect(chunk.text.split("\n")).toHaveLength(9);
  });

  it("cuts a long class into its members, labelled with the class", () => {
    const methods = Array.from({ length: 6 }, (_, i) =>
      [`  /** Method ${i}. */`, `  m${i}(): number {`, ...Array.from({ length: 15 }, () => `    return ${i};`), "  }"].join("\n"),
    );
    const text = `export class Big {\n  field = 1;\n${methods.join("\n")}\n}\n`;
    const chunks = extractFile("typescript", text).chunks;
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks[0]).toMatchObject({ start_line: 1, symbol: "Big", symbol_kind: "class" });
    expect(chunks.slice(1).every((chunk) => chunk.names[0] === "Big" && /^Big\.m\d$/.test(chunk.symbol ?? ""))).toBe(true);
    // Contiguous and complete: every line is in exactly one chunk.
    for (let i = 1; i < chunks.length; i++) expect(chunks[i]!.start_line).toBe(chunks[i - 1]!.end_line + 1);
    expect(chunks.at(-1)!.end_line).toBe(text.split("\n").length - 1);
  });

  it("falls back to 50-line windows overlapping by 5 without symbols", () => {
    const text = Array.from({ length: 120 }, (_, i) => `line ${i + 1}`).join("\n");
    expect(lineChunks(text).map((chunk) => [chunk.start_line, chunk.end_line, chunk.origin])).toEqual([
      [1, 50, "lines"],
      [46, 95, "lines"],
      [91, 120, "lines"],
    ]);
    expect(lineChunks("")).toEqual([]);
  });

  it("splits a long declaration-free stretch at top-level declaration lines", () => {
    // What a parser that lost a file's declarations leaves: no symbols for 200 lines.
    const block = (name: string) =>
      [`/**`, ` * The ${name} helper.`, ` */`, `export const ${name} = (n: number) =>`, ...Array.from({ length: 36 }, () => "  n + 1")].join("\n");
    const text = ["alpha", "beta", "gamma", "delta", "epsilon"].map(block).join("\n");
    const chunks = chunkSource(text, []);
    expect(chunks.every((chunk) => chunk.origin === "lines")).toBe(true);
    const labelled = chunkSource(`${text}\n`, [
      { name: "tail", kind: "const", language: "typescript", line: 1, end_line: 1, signature: "", visibility: null, parent: null, qualified_name: "tail" },
    ]);
    expect(labelled.map((chunk) => chunk.symbol)).toEqual(expect.arrayContaining(["beta", "gamma", "delta", "epsilon"]));
    const beta = labelled.find((chunk) => chunk.symbol === "beta")!;
    expect(beta.text.startsWith("/**\n * The beta helper.")).toBe(true);
  });

  it("chunks a file whose parse needed recovery by its declarations", () => {
    const result = extractFile("python", "def ok():\n    return 1\n\ndef broken(:\n    pass\n\ndef fine():\n    return 2\n");
    expect(result.has_errors).toBe(true);
    expect(result.chunks.length).toBeGreaterThan(0);
    expect(result.chunks.flatMap((chunk) => chunk.names)).toEqual(expect.arrayContaining(["ok", "fine"]));
  });
});
