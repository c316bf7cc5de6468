import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { buildSync } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { buildPlatformPackages } from "../vendor-grammars";

const packageRoot = join(import.meta.dirname, "..");
const require = createRequire(join(packageRoot, "package.json"));
const resolvePackage = (name: string, from = packageRoot) => dirname(createRequire(join(from, "package.json")).resolve(`${name}/package.json`));
const treeSitter = resolvePackage("tree-sitter");
const platform = `${process.platform}-${process.arch}`;
// Scratch folders, removed when the file's tests are done (a hook registered inside a test does not run).
const scratchDirs: string[] = [];
afterAll(() => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A real Node process parses through the package's code (bundled, tree-sitter left to
 * resolve at run time) with tree-sitter installed as usual, or as a package manager that
 * skips install scripts leaves it on a platform it ships no prebuilt binary for: its
 * JavaScript, no build/ and no prebuilds/. The grammars: tree-sitter-python's own package,
 * or (`platformPackage`) this platform's package of every native grammar and nothing else.
 */
function parseInChild(built: boolean, platformPackage?: string): { status: number | null; stdout: string; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), "tsift-graph-child-"));
  scratchDirs.push(dir);
  buildSync({
    entryPoints: [join(packageRoot, "test/helpers/parse-in-child.ts")],
    outfile: join(dir, "bundle.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    conditions: ["@tsift/source"],
    external: ["tree-sitter", "tree-sitter-*", "node-gyp-build", "web-tree-sitter"],
    logLevel: "silent",
  });
  const modules = join(dir, "node_modules");
  mkdirSync(modules);
  if (built) symlinkSync(treeSitter, join(modules, "tree-sitter"), "dir");
  else {
    mkdirSync(join(modules, "tree-sitter"));
    for (const entry of readdirSync(treeSitter))
      if (!["build", "prebuilds"].includes(entry)) cpSync(join(treeSitter, entry), join(modules, "tree-sitter", entry), { recursive: true });
  }
  symlinkSync(resolvePackage("node-gyp-build", treeSitter), join(modules, "node-gyp-build"), "dir");
  if (platformPackage) {
    mkdirSync(join(modules, "@tsift"));
    symlinkSync(platformPackage, join(modules, "@tsift", `grammars-${platform}`), "dir");
  } else symlinkSync(dirname(require.resolve("tree-sitter-python/package.json")), join(modules, "tree-sitter-python"), "dir");
  symlinkSync(dirname(require.resolve("web-tree-sitter")), join(modules, "web-tree-sitter"), "dir");
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  return spawnSync(process.execPath, [join(dir, "bundle.mjs")], { encoding: "utf8" });
}

describe("tree-sitter without its native build", () => {
  it("parses with the WebAssembly fallback and says once on stderr why and how to get the native parser", () => {
    const result = parseInChild(false);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe("{}\n");
    const notices = result.stderr.split("\n").filter((line) => line.includes("WebAssembly"));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(
      /^tsift: the native tree-sitter binding did not load \(.+\), so parsing uses the slower WebAssembly build; .*pnpm approve-builds.*npm rebuild tree-sitter$/,
    );
  });

  it("parses natively when the binary is there (the same child, tree-sitter installed as usual)", () => {
    const result = parseInChild(true);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe("{}\n");
    // The child installs only tree-sitter-python: the notice names the other grammars and the missing platform package, not the runtime.
    expect(result.stderr).not.toContain("binding did not load");
    expect(result.stderr).toContain(`(@tsift/grammars-${platform} is not installed)`);
    expect(result.stderr).toContain("tree-sitter-rust");
    expect(result.stderr).not.toMatch(/grammar for [^;]*tree-sitter-python/);
  });

  it("finds every language's native grammar in this platform's grammar package, with no grammar package installed", () => {
    // Built as @tsift/graph's build writes it, for this platform only.
    const scratch = mkdtempSync(join(packageRoot, ".platform-test-"));
    scratchDirs.push(scratch);
    const manifest = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
    writeFileSync(join(scratch, "package.json"), JSON.stringify({ name: "scratch", version: "0.0.0", devDependencies: manifest.devDependencies }));
    const [here] = buildPlatformPackages(scratch, { platforms: [platform] });

    const result = parseInChild(true, here!.dir);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe("{}\n");
    // The notice names any language without a native grammar: there is none.
    expect(result.stderr).not.toContain("WebAssembly");
  });
});
