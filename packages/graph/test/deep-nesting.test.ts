import { describe, expect, it } from "vitest";
import { extractFile } from "../src/extract-file";
import { MARKDOWN_MAX_NESTING } from "../src/languages/markdown-nesting";

// Pathological but real inputs (generated code, fuzzers): extraction must keep every symbol and
// never overflow the call stack, however deep the tree.
describe("deeply nested code", () => {
  it("extracts 5,000 nested TypeScript functions, chunks them, and reports a clean parse", () => {
    const depth = 5000;
    let source = "";
    for (let i = 0; i < depth; i++) source += `function f${i}() {\n`;
    source += "}\n".repeat(depth);
    const result = extractFile("typescript", source);
    expect(result.has_errors).toBe(false);
    expect(result.symbols).toHaveLength(depth);
    expect(result.symbols[depth - 1]!.qualified_name.split(".")).toHaveLength(depth);
    expect(result.chunks.length).toBeGreaterThan(0);
    // Every line lands in some chunk.
    expect(Math.max(...result.chunks.map((chunk) => chunk.end_line))).toBe(2 * depth);
  });

  it("reads a union type of 20,000 members and a declared type nested 3,000 deep", () => {
    const members = Array.from({ length: 20000 }, (_, i) => `A${i}`).join(" | ");
    const source = [
      `type U = ${members};`,
      `let v: ${members} = make();`,
      `function f(${"[".repeat(3000)}z${"]".repeat(3000)}) { z.m(); }`,
      `let w: ${"Array<".repeat(3000)}X${">".repeat(3000)} = k();`,
      "",
    ].join("\n");
    const result = extractFile("typescript", source);
    expect(result.symbols.map((symbol) => symbol.name)).toEqual(["U", "v", "f", "w"]);
    expect(result.calls.map((call) => call.callee)).toEqual(["make", "m", "k"]);
  });

  it("flattens a Rust use tree nested 3,000 groups deep", () => {
    const source = `use a::${"{b::".repeat(3000)}c${"}".repeat(3000)};\n`;
    const result = extractFile("rust", source);
    expect(result.imports).toHaveLength(1);
    expect(result.imports[0]!.module).toBe(`a${"::b".repeat(3000)}`);
    expect(result.imports[0]!.names).toEqual([{ name: "c", alias: null }]);
  });

  // The Markdown grammar's scanner aborts the process (a native assertion) once 255 blocks are
  // open: before the guard, each of these inputs killed the process running the test.
  it("refuses Markdown nested deep enough to abort the parser, with an error instead of a crash", () => {
    const quotes = `# Title\n\n${">".repeat(300)} quoted\n`;
    const list = `${Array.from({ length: 260 }, (_, i) => `${"  ".repeat(i)}- item ${i}`).join("\n")}\n`;
    for (const source of [quotes, list]) expect(() => extractFile("markdown", source)).toThrow(expect.objectContaining({ code: "unsupported" }));
    // Nesting up to the limit (the space after the last `>` is part of the prefix) still parses and keeps its headings.
    const shallow = extractFile("markdown", `# Title\n\n${">".repeat(MARKDOWN_MAX_NESTING - 1)} quoted\n\n## Next\n`);
    expect(shallow.symbols.map((symbol) => symbol.name)).toEqual(["Title", "Next"]);
  });
});
