import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const loaded = () =>
  Object.keys(createRequire(import.meta.url).cache).filter((path) =>
    /[\\/]node_modules[\\/](@tree-sitter-grammars[\\/])?tree-sitter(-[a-z]+)?[\\/]/.test(path),
  );
const grammarLoaded = (name: string) => loaded().some((path) => path.includes(`${name}/`) || path.includes(`${name}\\`));

// This file runs in a process of its own (vitest.config.ts: isolated), so the require cache here is its own.
describe("grammar loading", () => {
  it("loads no native parser when the registry, the facts or the main entry are imported", async () => {
    await import("../src/langs");
    const graph = await import("../src/index");
    expect(graph.langInfo("kotlin").grammarPackage).toBe("@tree-sitter-grammars/tree-sitter-kotlin");
    await import("../src/language-registry");
    expect(loaded()).toEqual([]);
  });

  it("loads only the grammar of the language it parses", async () => {
    const { extractFile } = await import("../src/extract-file");
    expect(extractFile("python", "def f():\n    return 1\n").symbols.map((symbol) => symbol.name)).toEqual(["f"]);
    expect(grammarLoaded("tree-sitter-python")).toBe(true);
    for (const other of ["tree-sitter-kotlin", "tree-sitter-rust", "tree-sitter-typescript", "tree-sitter-zig", "tree-sitter-markdown"])
      expect(grammarLoaded(other), other).toBe(false);
  });
});
