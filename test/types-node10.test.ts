import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");

interface Manifest {
  name: string;
  types?: string;
  exports: Record<string, string | { types?: string }>;
  typesVersions?: Record<string, Record<string, string[]>>;
}

const manifests: Manifest[] = [root, ...readdirSync(join(root, "packages")).map((name) => join(root, "packages", name))].map(
  (dir) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest,
);

/** Every subpath export with types: `tsift/sqlite` -> `./dist/sqlite.d.ts`. */
function typedSubpaths(manifest: Manifest): [string, string][] {
  return Object.entries(manifest.exports).flatMap(([key, value]) =>
    key === "." || typeof value === "string" || !value.types ? [] : [[key.slice(2), value.types] as [string, string]],
  );
}

const marker = (specifier: string) => `marker_${specifier.replace(/[^a-z0-9]/gi, "_")}`;

/**
 * A consumer project whose node_modules holds every published manifest, each with a stub
 * declaration file at the path its `exports` names for each entry (the stub exports a
 * constant named after the import it answers, so resolving to the wrong file fails too),
 * compiled with the given module resolution. Returns tsc's output, "" when it compiles.
 */
function compileConsumer(module: string, moduleResolution: string): string {
  const dir = mkdtempSync(join(tmpdir(), "tsift-types-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const imports: string[] = [];
  for (const manifest of manifests) {
    const packageDir = join(dir, "node_modules", manifest.name);
    mkdirSync(packageDir, { recursive: true });
    writeFileSync(join(packageDir, "package.json"), JSON.stringify(manifest));
    const entries: [string, string][] = [
      [manifest.name, manifest.types!],
      ...typedSubpaths(manifest).map(([sub, types]): [string, string] => [`${manifest.name}/${sub}`, types]),
    ];
    for (const [specifier, types] of entries) {
      mkdirSync(dirname(join(packageDir, types)), { recursive: true });
      writeFileSync(join(packageDir, types), `export declare const ${marker(specifier)}: string;\n`);
      imports.push(`import { ${marker(specifier)} } from "${specifier}";\nexport const use_${marker(specifier)}: string = ${marker(specifier)};\n`);
    }
  }
  writeFileSync(join(dir, "consumer.ts"), imports.join(""));
  // The packages are ES modules: a node16 consumer is one too.
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: moduleResolution === "node16" ? "module" : "commonjs" }));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { module, moduleResolution, strict: true, noEmit: true, skipLibCheck: false, types: [] }, files: ["consumer.ts"] }),
  );
  try {
    execFileSync(process.execPath, [tsc, "-p", dir], { encoding: "utf8", stdio: "pipe" });
    return "";
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
}

describe("published types", () => {
  it("map every subpath for moduleResolution node10 (typesVersions, the same paths as exports)", () => {
    for (const manifest of manifests) {
      const subpaths = typedSubpaths(manifest);
      if (subpaths.length === 0) expect(manifest.typesVersions, manifest.name).toBeUndefined();
      else expect(manifest.typesVersions, manifest.name).toEqual({ "*": Object.fromEntries(subpaths.map(([sub, types]) => [sub, [types]])) });
    }
  });

  it.each([
    ["commonjs", "node10"],
    ["node16", "node16"],
    ["esnext", "bundler"],
  ])("resolve every entry and subpath for a consumer with module %s, moduleResolution %s", (module, moduleResolution) => {
    expect(compileConsumer(module, moduleResolution)).toBe("");
  });
});
