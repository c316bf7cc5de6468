import { describe, expect, it } from "vitest";
import { extractFile } from "../src/extract-file";
import { MAX_QUALIFIED_LEVELS } from "../src/internal/bounded-qualified-name";
import { MARKDOWN_MAX_NESTING } from "../src/languages/markdown/markdown-nesting";

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
    // Qualified names keep the innermost levels, so their total size grows linearly with depth, not with its square.
    const innermost = result.symbols[depth - 1]!;
    expect(innermost.qualified_name).toBe(["…", ...Array.from({ length: MAX_QUALIFIED_LEVELS }, (_, i) => `f${depth - MAX_QUALIFIED_LEVELS + i}`)].join("."));
    expect(innermost.parent).toBe(result.symbols[depth - 2]!.qualified_name);
    expect(result.symbols[MAX_QUALIFIED_LEVELS - 1]!.qualified_name).toBe(Array.from({ length: MAX_QUALIFIED_LEVELS }, (_, i) => `f${i}`).join("."));
    const stored = result.symbols.reduce((sum, symbol) => sum + symbol.qualified_name.length + (symbol.parent?.length ?? 0), 0);
    expect(stored).toBeLessThan(depth * 2 * MAX_QUALIFIED_LEVELS * 8);
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

  // Python's grammar keeps ~510 indentation levels; deeper, it recovers the outer definitions only
  // as headers inside one ERROR node. Before, the outer 489 of these were lost and the 490th came
  // out as a top-level function.
  it("keeps all 1,000 nested Python defs, nested by their indentation", () => {
    const depth = 1000;
    let source = "";
    for (let i = 0; i < depth; i++) source += `${"    ".repeat(i)}def g${i}(x):\n`;
    source += `${"    ".repeat(depth)}return x\n`;
    const symbols = extractFile("python", source).symbols;
    expect(symbols).toHaveLength(depth);
    symbols.forEach((symbol, i) => {
      expect(symbol).toMatchObject({ name: `g${i}`, kind: "function", line: i + 1, parent: i === 0 ? null : symbols[i - 1]!.qualified_name });
      expect(symbol.end_line).toBe(depth + 1);
    });
    expect(symbols[0]!.signature).toBe("def g0(x)");
  });

  it("nests recovered Python headers by column: classes in classes, a def in a class is a method", () => {
    let source = "";
    for (let i = 0; i < 600; i++) source += `${" ".repeat(i)}class C${i}(Base):\n`;
    source += `${" ".repeat(600)}def first(self) -> int:\n${" ".repeat(601)}pass\n`;
    const symbols = extractFile("python", source).symbols;
    expect(symbols).toHaveLength(601);
    expect(symbols[1]).toMatchObject({ name: "C1", kind: "class", parent: "C0", qualified_name: "C0.C1", signature: "class C1(Base)" });
    expect(symbols[600]).toMatchObject({ name: "first", kind: "method", parent: symbols[599]!.qualified_name, signature: "def first(self) -> int" });
  });
});
