import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
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

/** A package of native grammars for one platform, as `buildPlatformPackages` writes it. */
export interface PlatformPackage {
  name: string;
  /** `<os>-<cpu>`, as Node.js names them (`process.platform`-`process.arch`) and node-gyp-build's prebuilds/ folders. */
  platform: string;
  dir: string;
  grammars: string[];
}

/** The npm name of the package holding a platform's native grammars: @tsift/grammars-<os>-<cpu>. */
export const platformPackageName = (platform: string): string => `@tsift/grammars-${platform}`;

/**
 * Writes one npm package per platform into dist/platforms/<os>-<cpu>, from the grammar
 * packages listed as devDependencies (every registered language's): each holds, per grammar,
 * the N-API prebuilt binary that grammar publishes for that platform (grammars/<name, "/" as
 * "+">/prebuilds/<os>-<cpu>/, where node-gyp-build looks), its LICENSE and its name and
 * version, and declares `os` and `cpu`, so npm installs only the one that matches.
 * `options.platforms` limits the build to some platforms (tests).
 *
 * @tsift/graph names them as optionalDependencies when it is packed
 * (tools/platform-packages.mjs); the grammar packages themselves, with every platform's
 * binaries and their C sources, stay out of a user's install. The platform packages are not
 * workspace members: npm refuses to install a workspace whose `os` or `cpu` excludes the
 * machine (EBADPLATFORM), even where nothing depends on it.
 */
export function buildPlatformPackages(packageDir = ".", options: { platforms?: readonly string[] } = {}): PlatformPackage[] {
  const manifest = readManifest(join(packageDir, "package.json"));
  const names = Object.keys(manifest.devDependencies ?? {})
    .filter((name) => /(^|\/)tree-sitter-/.test(name))
    .sort();
  const root = join(packageDir, "dist", "platforms");
  rmSync(root, { recursive: true, force: true });
  // Where earlier builds put every platform's binaries, inside the package itself.
  rmSync(join(packageDir, "dist", "grammars"), { recursive: true, force: true });
  const byPlatform = new Map<string, string[]>();
  const sources = names.map((name) => {
    const source = installedPackage(name, packageDir);
    if (!existsSync(join(source, "prebuilds"))) throw new Error(`${name} publishes no prebuilt binaries`);
    for (const platform of readdirSync(join(source, "prebuilds")).sort()) {
      if (options.platforms && !options.platforms.includes(platform)) continue;
      byPlatform.set(platform, [...(byPlatform.get(platform) ?? []), name]);
    }
    return { name, source, grammar: readManifest(join(source, "package.json")) };
  });
  const packages: PlatformPackage[] = [];
  for (const [platform, grammars] of [...byPlatform].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const dir = join(root, platform);
    const listed: string[] = [];
    for (const { name, source, grammar } of sources.filter((entry) => grammars.includes(entry.name))) {
      const out = join(dir, "grammars", name.replace("/", "+"));
      mkdirSync(join(out, "prebuilds"), { recursive: true });
      cpSync(join(source, "prebuilds", platform), join(out, "prebuilds", platform), { recursive: true });
      cpSync(join(source, "LICENSE"), join(out, "LICENSE"));
      const provenance = { name: grammar.name, version: grammar.version, license: grammar.license, homepage: grammar.homepage };
      writeFileSync(join(out, "package.json"), `${JSON.stringify(provenance, null, 2)}\n`);
      listed.push(`| ${grammar.name} | ${grammar.version} | ${grammar.license ?? "see LICENSE"} |`);
    }
    const [os, ...cpu] = platform.split("-");
    const name = platformPackageName(platform);
    const platformManifest = {
      name,
      version: manifest.version,
      description: `Native tree-sitter grammars for @tsift/graph on ${platform}: each grammar's prebuilt N-API binary.`,
      license: "MIT",
      os: [os],
      cpu: [cpu.join("-")],
      files: ["grammars"],
      repository: { type: "git", url: "git+https://github.com/tsift/tsift.git", directory: "packages/graph" },
      publishConfig: { access: "public" },
    };
    writeFileSync(join(dir, "package.json"), `${JSON.stringify(platformManifest, null, 2)}\n`);
    writeFileSync(
      join(dir, "README.md"),
      [
        `# ${name}`,
        "",
        `The native tree-sitter grammars @tsift/graph parses with on ${platform}, as each grammar`,
        "publishes them (prebuilt N-API binaries, so nothing is compiled on install). npm installs",
        "this package with @tsift/graph on this platform only; without it tsift parses with the",
        "WebAssembly grammars @tsift/graph ships. Each grammar's licence is in its folder.",
        "",
        "| grammar | version | licence |",
        "|---|---|---|",
        ...listed,
        "",
      ].join("\n"),
    );
    packages.push({ name, platform, dir, grammars });
  }
  return packages;
}

interface WasmProvenance {
  /** The grammar's `.wasm`, as its package names it; shipped gzipped, as `<file>.gz`. */
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
 * gzipped (a quarter of the size or less; the fallback inflates the ones it loads), into
 * dist/wasm, with each package's LICENSE and a provenance.json naming the package,
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
    writeFileSync(join(out, `${file}.gz`), gzipSync(readFileSync(join(source, file)), { level: 9 }));
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
