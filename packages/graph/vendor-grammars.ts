import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { LANG_FACTS } from "./src/internal/lang-facts.generated";
import { wasmGrammarFileOf } from "./src/internal/wasm-grammar-file";

interface Manifest {
  name: string;
  version: string;
  license?: string;
  homepage?: string;
  devDependencies?: Record<string, string>;
}

const readManifest = (path: string): Manifest => JSON.parse(readFileSync(path, "utf8")) as Manifest;

/** The installed copy of a package, found the way Node would from `from`. */
function installedPackage(name: string, from: string): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dir === dirname(dir)) throw new Error(`${name} is not installed (run npm ci)`);
  }
}

/**
 * Copies the grammars listed as devDependencies — the ones whose npm packages declare
 * tree-sitter peer ranges that exclude the 0.25 runtime they parse with (and, for Kotlin,
 * a stray runtime dependency on npm-check-updates) — into dist/grammars/<name, "/" as "+">:
 * their N-API prebuilt binaries for every platform they publish, their LICENSE and name and
 * version. Depending on them instead would break `npm ls` in every install.
 */
export function vendorGrammars(packageDir = "."): string[] {
  const manifest = readManifest(join(packageDir, "package.json"));
  const names = Object.keys(manifest.devDependencies ?? {})
    .filter((name) => /(^|\/)tree-sitter-/.test(name))
    .sort();
  rmSync(join(packageDir, "dist", "grammars"), { recursive: true, force: true });
  for (const name of names) {
    const source = installedPackage(name, packageDir);
    if (!existsSync(join(source, "prebuilds"))) throw new Error(`${name} publishes no prebuilt binaries to vendor`);
    const grammar = readManifest(join(source, "package.json"));
    const out = join(packageDir, "dist", "grammars", name.replace("/", "+"));
    mkdirSync(out, { recursive: true });
    cpSync(join(source, "prebuilds"), join(out, "prebuilds"), { recursive: true });
    cpSync(join(source, "LICENSE"), join(out, "LICENSE"));
    const provenance = { name: grammar.name, version: grammar.version, license: grammar.license, homepage: grammar.homepage };
    writeFileSync(join(out, "package.json"), `${JSON.stringify(provenance, null, 2)}\n`);
  }
  return names;
}

interface WasmProvenance {
  file: string;
  languages: string[];
  package: string;
  version: string;
  license: string | undefined;
  homepage: string | undefined;
  licenseFile: string;
}

/**
 * Copies every registered language's `.wasm` grammar, as its grammar package publishes it,
 * into dist/wasm, with each package's LICENSE and a provenance.json naming the package,
 * version and licence each file came from: the WebAssembly fallback then needs no grammar
 * package installed (src/internal/wasm-parser.ts). A language whose package ships no `.wasm`
 * (Markdown) is listed under `missing` and parses only natively.
 */
export function shipWasmGrammars(packageDir = "."): WasmProvenance[] {
  const out = join(packageDir, "dist", "wasm");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const byFile = new Map<string, WasmProvenance>();
  const missing: string[] = [];
  for (const facts of LANG_FACTS) {
    const file = wasmGrammarFileOf(facts);
    const known = byFile.get(file);
    if (known) {
      known.languages.push(facts.id);
      continue;
    }
    const source = installedPackage(facts.grammarPackage, packageDir);
    if (!existsSync(join(source, file))) {
      missing.push(facts.id);
      continue;
    }
    const grammar = readManifest(join(source, "package.json"));
    const licenseFile = `LICENSE.${grammar.name.replace("/", "+")}`;
    cpSync(join(source, file), join(out, file));
    cpSync(join(source, "LICENSE"), join(out, licenseFile));
    byFile.set(file, {
      file,
      languages: [facts.id],
      package: grammar.name,
      version: grammar.version,
      license: grammar.license,
      homepage: grammar.homepage,
      licenseFile,
    });
  }
  const grammars = [...byFile.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  writeFileSync(join(out, "provenance.json"), `${JSON.stringify({ grammars, missing: missing.sort() }, null, 2)}\n`);
  return grammars;
}
