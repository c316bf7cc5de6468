import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { TsiftError } from "@tsift/core";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

/** Where the build puts a vendored grammar's prebuilt binaries: dist/grammars/<name, "/" as "+">. */
export function vendoredGrammarDir(grammarPackage: string): string {
  return fileURLToPath(new URL(`./grammars/${grammarPackage.replace("/", "+")}`, import.meta.url));
}

/**
 * A grammar's native binding. Grammars whose npm packages declare tree-sitter peer ranges
 * that exclude the 0.25 runtime (they parse with it) are vendored into dist/ at build time
 * (packages/graph/vendor-grammars.ts), so installs carry no peer conflicts; from source
 * (tests, the workspace) they load from node_modules.
 */
export function requireGrammar(grammarPackage: string): Record<string, unknown> {
  const dir = vendoredGrammarDir(grammarPackage);
  if (!existsSync(dir)) return requireInstalledGrammar(grammarPackage);
  try {
    return (require("node-gyp-build") as (dir: string) => Record<string, unknown>)(dir);
  } catch (vendoredError) {
    // A platform the grammar publishes no binary for (Markdown has none for arm64 Linux):
    // a user who installs the grammar package itself gets a source build of it instead.
    try {
      return requireInstalledGrammar(grammarPackage);
    } catch {
      throw new TsiftError("unsupported", `no prebuilt ${grammarPackage} binary for ${process.platform}-${process.arch}`, {
        cause: vendoredError,
        hint: `install the grammar to build it from source: npm install ${grammarPackage}`,
      });
    }
  }
}

/**
 * An installed grammar package. Some (tree-sitter-c-sharp) publish an ES module whose
 * top-level await `require` cannot load; every grammar package finds its binary with
 * node-gyp-build from its own folder, so that is asked directly then.
 */
function requireInstalledGrammar(grammarPackage: string): Record<string, unknown> {
  try {
    return require(grammarPackage) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_REQUIRE_ASYNC_MODULE") throw error;
    const root = dirname(require.resolve(`${grammarPackage}/package.json`));
    return (require("node-gyp-build") as (dir: string) => Record<string, unknown>)(root);
  }
}
