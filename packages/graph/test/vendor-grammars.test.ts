import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { LANG_FACTS } from "../src/internal/lang-facts.generated";
import { LANGS } from "../src/lang";
import { buildPlatformPackages, shipWasmGrammars } from "../vendor-grammars";

const require = createRequire(import.meta.url);
const packageDir = join(import.meta.dirname, "..");
let scratch: string | undefined;

afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

describe("the grammars the build ships", () => {
  it("writes one package per platform with its os and cpu, holding only that platform's binary of each grammar, which parses with the 0.25 runtime", () => {
    // Inside the package, so the grammars resolve from the workspace's node_modules as at build time.
    scratch = mkdtempSync(join(packageDir, ".vendor-test-"));
    const grammars = ["@tree-sitter-grammars/tree-sitter-markdown", "@tree-sitter-grammars/tree-sitter-zig", "tree-sitter-rust"];
    writeFileSync(
      join(scratch, "package.json"),
      JSON.stringify({ name: "scratch", version: "1.2.3", devDependencies: { ...Object.fromEntries(grammars.map((name) => [name, "*"])), vitest: "*" } }),
    );

    const built = buildPlatformPackages(scratch);

    expect(built.map((pkg) => pkg.platform)).toEqual(["darwin-arm64", "darwin-x64", "linux-arm64", "linux-x64", "win32-arm64", "win32-x64"]);
    // Markdown publishes no arm64 Linux binary: that package goes without it.
    expect(built.find((pkg) => pkg.platform === "linux-arm64")!.grammars).toEqual(grammars.filter((name) => !name.endsWith("markdown")));
    for (const pkg of built) {
      const [os, cpu] = pkg.platform.split("-");
      expect(JSON.parse(readFileSync(join(pkg.dir, "package.json"), "utf8"))).toMatchObject({
        name: `@tsift/grammars-${pkg.platform}`,
        version: "1.2.3",
        os: [os],
        cpu: [cpu],
        files: ["grammars"],
      });
      for (const name of pkg.grammars) {
        const dir = join(pkg.dir, "grammars", name.replace("/", "+"));
        expect(readdirSync(join(dir, "prebuilds")), `${pkg.platform} ${name}`).toEqual([pkg.platform]);
        expect(existsSync(join(dir, "LICENSE"))).toBe(true);
        expect(JSON.parse(readFileSync(join(dir, "package.json"), "utf8"))).toMatchObject({ name, license: "MIT" });
      }
    }
    expect(readdirSync(join(scratch, "dist", "platforms")).sort()).toEqual(built.map((pkg) => pkg.platform));

    const here = built.find((pkg) => pkg.platform === `${process.platform}-${process.arch}`)!;
    const Parser = require("tree-sitter") as new () => {
      setLanguage(language: unknown): void;
      parse(source: string): { rootNode: { type: string; hasError: boolean } };
    };
    const parser = new Parser();
    parser.setLanguage((require("node-gyp-build") as (dir: string) => unknown)(join(here.dir, "grammars", "tree-sitter-rust")));
    const tree = parser.parse("fn main() { helper(); }");
    expect(tree.rootNode.type).toBe("source_file");
    expect(tree.rootNode.hasError).toBe(false);
  });

  it("builds from every registered language's grammar package, none of which @tsift/graph depends on", () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as Record<string, Record<string, string> | undefined>;
    for (const facts of LANG_FACTS) {
      expect(manifest.devDependencies?.[facts.grammarPackage], facts.grammarPackage).toBeDefined();
      expect(manifest.dependencies?.[facts.grammarPackage], facts.grammarPackage).toBeUndefined();
      expect(manifest.optionalDependencies?.[facts.grammarPackage], facts.grammarPackage).toBeUndefined();
    }
  });

  it("ships every registered language's .wasm grammar gzipped, with its licence and provenance, and each loads in web-tree-sitter", async () => {
    scratch = mkdtempSync(join(packageDir, ".vendor-test-"));
    writeFileSync(join(scratch, "package.json"), JSON.stringify({ name: "scratch", version: "0.0.0" }));

    const shipped = shipWasmGrammars(scratch);

    const wasmDir = join(scratch, "dist", "wasm");
    const provenance = JSON.parse(readFileSync(join(wasmDir, "provenance.json"), "utf8")) as { grammars: { languages: string[] }[]; missing: string[] };
    expect(provenance.missing).toEqual(["markdown"]);
    expect(readdirSync(wasmDir).filter((name) => name.endsWith(".wasm"))).toEqual([]);
    expect([...provenance.grammars.flatMap((grammar) => grammar.languages), ...provenance.missing].sort()).toEqual([...LANGS].sort());
    const { Parser, Language } = await import("web-tree-sitter");
    await Parser.init();
    for (const grammar of shipped) {
      expect(grammar.license, grammar.package).toBe("MIT");
      expect(existsSync(join(wasmDir, grammar.licenseFile)), grammar.licenseFile).toBe(true);
      const language = await Language.load(gunzipSync(readFileSync(join(wasmDir, `${grammar.file}.gz`))));
      expect(language.abiVersion, grammar.file).toBeGreaterThanOrEqual(14);
    }
  });
});
