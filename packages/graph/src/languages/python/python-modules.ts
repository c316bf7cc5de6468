import { posix } from "node:path";
import type { ModuleSystem } from "../../language-hooks";

/**
 * Python's import system: relative modules (`.store`, `..pkg.mod`) from the importing file's
 * package; absolute dotted modules from the root, then from each ancestor directory of the
 * importing file (src/ layouts). `from pkg import mod` prefers the submodule file
 * `pkg/mod.py`. `import a.b` binds `a` while `a.b` names the module, and `from m import *`
 * in a package re-exports `m`'s names not starting with `_`.
 */
export const PYTHON_MODULES: ModuleSystem = {
  resolve({ fromFile, module, name, files }) {
    const found = resolvePython(fromFile, module, name, files);
    return found === null ? [] : [found];
  },
  importsModules: true,
  packageFiles: ["__init__"],
  dottedModuleImports: true,
  starReexportPrivatePrefix: "_",
};

function resolvePython(fromFile: string, module: string, name: string | null, files: ReadonlySet<string>): string | null {
  const dots = /^\.*/.exec(module)![0].length;
  const rest = module.slice(dots).split(".").filter(Boolean);
  let bases: string[];
  if (dots > 0) {
    let dir = posix.dirname(fromFile);
    for (let i = 1; i < dots; i++) dir = posix.dirname(dir);
    bases = [dir === "." ? "" : dir];
  } else {
    bases = [""];
    for (let dir = posix.dirname(fromFile); dir !== "." && dir !== "/"; dir = posix.dirname(dir)) bases.push(dir);
  }
  for (const base of bases) {
    const prefix = [base, ...rest].filter(Boolean).join("/");
    if (name && name !== "*") {
      const sub = pythonFile([prefix, name].filter(Boolean).join("/"), files);
      if (sub) return sub;
    }
    const found = prefix ? pythonFile(prefix, files) : pythonFile("__init__", files);
    if (found) return found;
  }
  return null;
}

function pythonFile(path: string, files: ReadonlySet<string>): string | null {
  for (const candidate of [`${path}.py`, `${path}/__init__.py`, `${path}.pyi`, `${path}/__init__.pyi`]) {
    if (files.has(candidate.replace(/^\//, ""))) return candidate.replace(/^\//, "");
  }
  return null;
}
