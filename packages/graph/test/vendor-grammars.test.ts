import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LANGS } from "../src/lang";
import { shipWasmGrammars, vendorGrammars } from "../vendor-grammars";

const require = createRequire(import.meta.url);
const packageDir = join(import.meta.dirname, "..");
let scratch: string | undefined;

afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

describe("vendorGrammars", () => {
  it("vendors exactly the grammar devDependencies, and a vendored grammar parses with the 0.25 runtime", () => {
    // Inside the package, so the grammars resolve from the workspace's node_modules as at build time.
    scratch = mkdtempSync(join(packageDir, ".vendor-test-"));
    writeFileSync(
      join(scratch, "package.json"),
      JSON.stringify({
        name: "scratch",
        version: "0.0.0",
        devDependencies: { "tree-sitter-rust": "*", "@tree-sitter-grammars/tree-sitter-zig": "*", vitest: "*" },
      }),
    );

    expect(vendorGrammars(scratch)).toEqual(["@tree-sitter-grammars/tree-sitter-zig", "tree-sitter-rust"]);

    const rust = join(scratch, "dist", "grammars", "tree-sitter-rust");
    expect(JSON.parse(readFileSync(join(rust, "package.json"), "utf8"))).toMatchObject({ name: "tree-sitter-rust", license: "MIT" });
    expect(existsSync(join(rust, "LICENSE"))).toBe(true);
    expect(existsSync(join(scratch, "dist", "grammars", "@tree-sitter-grammars+tree-sitter-zig", "prebuilds", `${process.platform}-${process.arch}`))).toBe(
      true,
    );
    const Parser = require("tree-sitter") as new () => {
      setLanguage(language: unknown): void;
      parse(source: string): { rootNode: { type: string; hasError: boolean } };
    };
    const parser = new Parser();
    parser.setLanguage((require("node-gyp-build") as (dir: string) => unknown)(rust));
    const tree = parser.parse("fn main() { helper(); }");
    expect(tree.rootNode.type).toBe("source_file");
    expect(tree.rootNode.hasError).toBe(false);
  });

  it("vendors what @tsift/graph lists: the grammars it does not depend on", () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const vendored = Object.keys(manifest.devDependencies).filter((name) => /(^|\/)tree-sitter-/.test(name));
    expect(vendored.length).toBeGreaterThan(0);
    for (const name of vendored) expect(manifest.dependencies[name], name).toBeUndefined();
  });

  it("ships every registered language's .wasm grammar with its licence and provenance, and each loads in web-tree-sitter", async () => {
    scratch = mkdtempSync(join(packageDir, ".vendor-test-"));
    writeFileSync(join(scratch, "package.json"), JSON.stringify({ name: "scratch", version: "0.0.0" }));

    const shipped = shipWasmGrammars(scratch);

    const wasmDir = join(scratch, "dist", "wasm");
    const provenance = JSON.parse(readFileSync(join(wasmDir, "provenance.json"), "utf8")) as { grammars: { languages: string[] }[]; missing: string[] };
    expect(provenance.missing).toEqual(["markdown"]);
    expect([...provenance.grammars.flatMap((grammar) => grammar.languages), ...provenance.missing].sort()).toEqual([...LANGS].sort());
    const { Parser, Language } = await import("web-tree-sitter");
    await Parser.init();
    for (const grammar of shipped) {
      expect(grammar.license, grammar.package).toBe("MIT");
      expect(existsSync(join(wasmDir, grammar.licenseFile)), grammar.licenseFile).toBe(true);
      const language = await Language.load(readFileSync(join(wasmDir, grammar.file)));
      expect(language.abiVersion, grammar.file).toBeGreaterThanOrEqual(14);
    }
  });
});
