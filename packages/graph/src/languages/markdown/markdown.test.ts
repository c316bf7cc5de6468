import { describe, expect, it } from "vitest";
import { extractFile } from "../../extract-file";

const extract = (source: string) => extractFile("markdown", source);
const rows = (source: string) => extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.line, s.end_line, s.level ?? null]);

describe("markdown extraction", () => {
  // Conformance case shared by every implementation of the extractor, with 1-based lines.
  it("finds the title in the conformance source and survives an unclosed fence", () => {
    expect(extract("# Title\n\nbody text\n").symbols.map((s) => [s.name, s.kind, s.line, s.end_line, s.level])).toEqual([["Title", "heading", 1, 3, 1]]);
    const unclosed = extract("# Doc\n\n```js\nconsole.log(1)\n");
    expect(unclosed.symbols.map((s) => [s.qualified_name, s.kind, s.line, s.end_line])).toEqual([
      ["Doc", "heading", 1, 4],
      ["Doc > js", "code_block", 3, 4],
    ]);
  });

  // The newer original's fixture: 4 headings and 2 code blocks; its 2 list items are not symbols here.
  it("ports the newer original's section fixture", () => {
    const source = [
      "# Title",
      "## Section One",
      "text",
      "- Run setup",
      "  - Confirm setup",
      "```rust",
      "fn main() {}",
      "```",
      "### Subsection",
      "```python",
      "print('hi')",
      "```",
      "## Next Section",
      "Done.",
      "",
    ].join("\n");
    const symbols = extract(source).symbols;
    expect(symbols.map((s) => [s.qualified_name, s.kind, s.line, s.end_line, s.signature])).toEqual([
      ["Title", "heading", 1, 14, "# Title"],
      ["Title > Section One", "heading", 2, 12, "## Section One"],
      ["Title > Section One > rust", "code_block", 6, 8, "```rust"],
      ["Title > Section One > Subsection", "heading", 9, 12, "### Subsection"],
      ["Title > Section One > Subsection > python", "code_block", 10, 12, "```python"],
      ["Title > Next Section", "heading", 13, 14, "## Next Section"],
    ]);
    const [title, sectionOne, , , , next] = symbols;
    // Title's section covers Next Section; Section One ends right before it.
    expect(title!.end_line).toBeGreaterThanOrEqual(next!.end_line);
    expect(sectionOne!.end_line).toBe(next!.line - 1);
  });

  it("nests setext headings by level, which the grammar's sections do not", () => {
    const source = "Title\n=====\n\nintro\n\n## A\n\ntext\n\nB\n-\n\nmore\n";
    expect(rows(source)).toEqual([
      ["Title", "heading", 1, 13, 1],
      ["Title > A", "heading", 6, 8, 2],
      ["Title > B", "heading", 10, 13, 2],
    ]);
    expect(extract(source).symbols[0]!.signature).toBe("Title =====");
  });

  it("ends a section at its last non-blank line and drops ATX closing sequences", () => {
    const source = "## One ##\n\ntext\n\n\n## Two\n";
    expect(extract(source).symbols.map((s) => [s.name, s.line, s.end_line, s.signature])).toEqual([
      ["One", 1, 3, "## One ##"],
      ["Two", 6, 6, "## Two"],
    ]);
  });

  it("names code blocks by language or `code` and keeps the fence opener as signature", () => {
    const source = '# Doc\n\n~~~json title="x"\n{}\n~~~\n\n```\nplain\n```\n\n    indented\n';
    expect(extract(source).symbols.map((s) => [s.qualified_name, s.kind, s.signature, s.visibility])).toEqual([
      ["Doc", "heading", "# Doc", null],
      ["Doc > json", "code_block", '~~~json title="x"', null],
      ["Doc > code", "code_block", "```", null],
    ]);
  });

  it("keeps headings in block quotes and lists out of the outline but fences in sections", () => {
    const source = "# Doc\n\n> ## Quoted\n\n- item\n\n  ```sh\n  ls\n  ```\n\n## Real\n";
    expect(rows(source)).toEqual([
      ["Doc", "heading", 1, 11, 1],
      ["Doc > Quoted", "heading", 3, 3, 2],
      ["Doc > sh", "code_block", 7, 9, null],
      ["Doc > Real", "heading", 11, 11, 2],
    ]);
  });

  it("skips front matter and empty headings, and has no calls or imports", () => {
    const result = extract("---\ntitle: x\n---\n\n#\n\n# Real\n");
    expect(result.symbols.map((s) => s.name)).toEqual(["Real"]);
    expect(result.calls).toEqual([]);
    expect(result.imports).toEqual([]);
  });

  it("returns nothing for an empty document", () => {
    expect(extract("").symbols).toEqual([]);
  });
});
