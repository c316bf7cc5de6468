import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { TsiftError } from "@tsift/core";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** This machine's `<os>-<cpu>`, as Node.js and node-gyp-build's prebuilds/ folders name it. */
const PLATFORM = `${process.platform}-${process.arch}`;

/**
 * The package of native grammars for this platform. npm installs it with @tsift/graph (an
 * optional dependency whose `os` and `cpu` match only here); its build is
 * packages/graph/vendor-grammars.ts.
 */
export const PLATFORM_GRAMMARS_PACKAGE = `@tsift/grammars-${PLATFORM}`;

let platformRoot: string | null | undefined;

/** Whether the platform package is installed (resolved once). */
export function platformGrammarsInstalled(): boolean {
  if (platformRoot === undefined) {
    try {
      platformRoot = dirname(require.resolve(`${PLATFORM_GRAMMARS_PACKAGE}/package.json`));
    } catch {
      platformRoot = null;
    }
  }
  return platformRoot !== null;
}

/**
 * Where the platform package keeps a grammar's prebuilt binary (grammars/<name, "/" as "+">,
 * laid out for node-gyp-build), or null when the package is not installed or has no binary
 * of that grammar for this platform (Markdown publishes none for arm64 Linux).
 */
export function platformGrammarDir(grammarPackage: string): string | null {
  if (!platformGrammarsInstalled()) return null;
  const dir = join(platformRoot!, "grammars", grammarPackage.replace("/", "+"));
  return existsSync(join(dir, "prebuilds", PLATFORM)) ? dir : null;
}

/** Whether the grammar's own npm package is installed (the workspace, or a user who installed it to build from source). */
export function grammarPackageInstalled(grammarPackage: string): boolean {
  try {
    require.resolve(`${grammarPackage}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/**
 * A grammar's native binding: from the platform package when it has the grammar, else from
 * the grammar's own package (installed by hand, or the workspace's devDependencies).
 */
export function requireGrammar(grammarPackage: string): Record<string, unknown> {
  const dir = platformGrammarDir(grammarPackage);
  if (dir === null) return requireInstalledGrammar(grammarPackage);
  try {
    return (require("node-gyp-build") as (dir: string) => Record<string, unknown>)(dir);
  } catch (platformError) {
    // A binary that does not load here (another libc): the grammar's own package, if the user
    // installed it, builds from source instead.
    try {
      return requireInstalledGrammar(grammarPackage);
    } catch {
      throw new TsiftError("unsupported", `the prebuilt ${grammarPackage} binary in ${PLATFORM_GRAMMARS_PACKAGE} does not load`, {
        cause: platformError,
        hint: `install the grammar to build it from source: npm install ${grammarPackage}, or parse with WebAssembly: TSIFT_PARSER=wasm`,
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
