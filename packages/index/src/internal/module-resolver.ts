import { posix } from "node:path";
import { LANGS, langInfo, type Lang, type ResolutionModel } from "@tsift/graph/langs";
import { NO_WORKSPACE_PACKAGES, resolveWorkspaceImport, type WorkspacePackages } from "./workspace-packages";

/**
 * The order `./store` is probed in: TypeScript sources before JavaScript, plain before
 * module-kind variants. Exactly the extensions of the languages whose module system is
 * `js` (a test holds it to the registry).
 */
export const JS_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];

type ModuleResolver = (fromFile: string, module: string, name: string | null, files: ReadonlySet<string>, packages: WorkspacePackages) => string | null;

/** One resolver per module system a language definition can declare. */
export const MODULE_RESOLVERS: Readonly<Record<ResolutionModel["modules"], ModuleResolver>> = {
  js: (fromFile, module, _name, files, packages) => resolveJs(fromFile, module, files, packages),
  python: resolvePython,
  rust: (fromFile, module, _name, files) => resolveRust(fromFile, module, files),
  relative: (fromFile, module, _name, files) => resolveRelativePath(fromFile, module, files),
  none: () => null,
};

const MODULE_SYSTEM = new Map<string, ResolutionModel["modules"]>(LANGS.map((lang) => [lang, langInfo(lang).resolution.modules]));

/**
 * Which indexed file an import points at, looked up in the set of indexed paths (never
 * on disk, so resolution is a pure function of the index and the workspace's package.json
 * files), by the module system the language declares. A JavaScript import of a workspace
 * package's name resolves into that package's source (`readWorkspacePackages`); other
 * package imports, Kotlin packages and anything not found are null: the caller treats
 * those names as external instead of guessing a project symbol.
 */
export function resolveModule(
  lang: Lang,
  fromFile: string,
  module: string,
  name: string | null,
  files: ReadonlySet<string>,
  packages: WorkspacePackages = NO_WORKSPACE_PACKAGES,
): string | null {
  return MODULE_RESOLVERS[MODULE_SYSTEM.get(lang) ?? "none"](fromFile, module, name, files, packages);
}

function resolveRelativePath(fromFile: string, module: string, files: ReadonlySet<string>): string | null {
  const spec = module.replace(/^["']|["']$/g, "");
  const joined = posix.normalize(posix.join(posix.dirname(fromFile), spec));
  return !joined.startsWith("..") && files.has(joined) ? joined : null;
}

/**
 * `./store` -> store.ts, .tsx, .js…, store/index.*; `./store.js` also finds store.ts (TS ESM
 * convention); `@scope/pkg` -> the workspace package's source entry.
 */
function resolveJs(fromFile: string, module: string, files: ReadonlySet<string>, packages: WorkspacePackages): string | null {
  if (!module.startsWith("./") && !module.startsWith("../") && module !== "." && module !== "..") {
    return packages.byName.size === 0 ? null : resolveWorkspaceImport(packages, module, (base) => probeJs(base, files), files);
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

/**
 * Relative modules (`.store`, `..pkg.mod`) from the importing file's package; absolute
 * dotted modules from the root, then from each ancestor directory of the importing
 * file (src/ layouts). `from pkg import mod` prefers the submodule file `pkg/mod.py`.
 */
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

/**
 * `crate::a::b` from the crate root (the nearest ancestor directory holding lib.rs or
 * main.rs), `super::`/`self::` and child modules (`util::x`) from the importing file's module. The last segments may
 * name an item rather than a module, so shorter prefixes are tried until a file matches.
 */
function resolveRust(fromFile: string, module: string, files: ReadonlySet<string>): string | null {
  const segments = module.replace(/\{.*$/, "").split("::").filter(Boolean);
  if (segments.length === 0) return null;
  let dir: string | null;
  const head = segments[0]!;
  const fileDir = posix.dirname(fromFile);
  const stem = posix.basename(fromFile, ".rs");
  const ownsDir = stem === "mod" || stem === "lib" || stem === "main";
  // The directory holding this file's child modules.
  const selfDir = ownsDir ? fileDir : posix.join(fileDir, stem);
  if (head === "crate") {
    dir = crateRoot(fileDir, files);
    segments.shift();
  } else if (head === "self") {
    dir = selfDir;
    segments.shift();
  } else if (head === "super") {
    dir = selfDir;
    while (segments[0] === "super") {
      dir = posix.dirname(dir);
      segments.shift();
    }
  } else if (files.has(posix.join(selfDir, `${head}.rs`)) || files.has(posix.join(selfDir, head, "mod.rs"))) {
    // A path may start at a child module of this file (`mod util;` then `use util::helper`).
    dir = selfDir;
  } else {
    return null;
  }
  if (dir === null) return null;
  for (let length = segments.length; length >= 0; length--) {
    const path = posix.normalize(posix.join(dir, ...segments.slice(0, length)));
    const hit = [`${path}.rs`, `${path}/mod.rs`].find((candidate) => files.has(candidate.replace(/^\.\//, "")));
    if (hit) return hit.replace(/^\.\//, "");
    if (length === 0) {
      // `super::item` / `crate::item`: the item lives in the module file itself.
      const own = ["mod.rs", "lib.rs", "main.rs"].map((file) => posix.join(dir!, file)).find((candidate) => files.has(candidate));
      if (own) return own;
      const asFile = `${dir}.rs`;
      if (files.has(asFile)) return asFile;
    }
  }
  return null;
}

function crateRoot(fromDir: string, files: ReadonlySet<string>): string | null {
  for (let dir = fromDir; ; dir = posix.dirname(dir)) {
    if (files.has(posix.join(dir, "lib.rs")) || files.has(posix.join(dir, "main.rs"))) return dir;
    if (dir === "." || dir === "/" || dir === "") return null;
  }
}
