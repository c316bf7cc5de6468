import { posix } from "node:path";
import type { ModuleSystem } from "../../language-hooks";

/**
 * The order `./store` is probed in: TypeScript sources before JavaScript, plain before
 * module-kind variants. Exactly the extensions of the JS family (a test holds it to the
 * registry).
 */
export const JS_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];

/**
 * ES modules and CommonJS: `./store` -> store.ts, .tsx, .js…, store/index.*; `./store.js`
 * also finds store.ts (TS ESM convention); `@scope/pkg` -> the workspace package's source
 * entry, through its package.json.
 */
export const JS_MODULES: ModuleSystem = {
  resolve({ fromFile, module, files, packages }) {
    const found = resolveJs(fromFile, module, files, packages);
    return found === null ? [] : [found];
  },
  packageManifests: true,
};

function resolveJs(fromFile: string, module: string, files: ReadonlySet<string>, packages: Parameters<ModuleSystem["resolve"]>[0]["packages"]): string | null {
  if (!module.startsWith("./") && !module.startsWith("../") && module !== "." && module !== "..") {
    return packages.empty ? null : packages.resolve(module, (base) => probeJs(base, files));
  }
  const base = posix.normalize(posix.join(posix.dirname(fromFile), module));
  if (base.startsWith("..")) return null;
  return probeJs(base, files);
}

/** A root-relative path as written (`src/store`, `src/store.js`, `src/util`) to the indexed file it names. */
function probeJs(base: string, files: ReadonlySet<string>): string | null {
  if (files.has(base)) return base;
  const extension = posix.extname(base);
  const stem = JS_EXTENSIONS.includes(extension) ? base.slice(0, -extension.length) : base;
  for (const candidate of [stem, `${stem}/index`]) {
    for (const ext of JS_EXTENSIONS) {
      if (files.has(candidate + ext)) return candidate + ext;
    }
  }
  return null;
}
