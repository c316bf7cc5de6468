import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { buildSync } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";

const packageRoot = join(import.meta.dirname, "..");
const require = createRequire(join(packageRoot, "package.json"));
const resolvePackage = (name: string, from = packageRoot) => dirname(createRequire(join(from, "package.json")).resolve(`${name}/package.json`));
const treeSitter = resolvePackage("tree-sitter");

/**
 * A real Node process parses through the package's code (bundled, tree-sitter left to
 * resolve at run time) with tree-sitter installed as usual, or as a package manager that
 * skips install scripts leaves it on a platform it ships no prebuilt binary for: its
 * JavaScript, no build/ and no prebuilds/.
 */
function parseInChild(built: boolean): { status: number | null; stdout: string; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), "tsift-graph-child-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  buildSync({
    entryPoints: [join(packageRoot, "test/helpers/parse-in-child.ts")],
    outfile: join(dir, "bundle.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    conditions: ["@tsift/source"],
    external: ["tree-sitter", "tree-sitter-*", "node-gyp-build"],
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
  symlinkSync(dirname(require.resolve("tree-sitter-python/package.json")), join(modules, "tree-sitter-python"), "dir");
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  return spawnSync(process.execPath, [join(dir, "bundle.mjs")], { encoding: "utf8" });
}

describe("tree-sitter without its native build", () => {
  it("fails with a native_binding error that names the package and the fix", () => {
    const result = parseInChild(false);
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as { code: string; message: string; hint: string; details: { package: string } };
    expect(report).toMatchObject({ code: "native_binding", details: { package: "tree-sitter" }, hint: "pnpm approve-builds, or npm rebuild tree-sitter" });
  });

  it("parses when the binary is there (the same child, tree-sitter installed as usual)", () => {
    const result = parseInChild(true);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe("{}\n");
  });
});
