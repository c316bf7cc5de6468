import { posix } from "node:path";
import type { ModuleSystem } from "../../language-hooks";

/**
 * Rust's module tree: `use` paths and paths written in code (`crate::repo::save()`) name
 * module files; `mod repo;` declares `repo.rs` or `repo/mod.rs` beside the declaring
 * module's own directory; an imported name may itself be a module (`use crate::store`).
 */
export const RUST_MODULES: ModuleSystem = {
  resolve({ fromFile, module, files }) {
    const found = resolveRust(fromFile, module, files);
    return found === null ? [] : [found];
  },
  pathHeads: ["crate", "self", "super"],
  modulePath: (fromFile, segments, files) => moduleFile(fromFile, segments, files),
  declaredModule: (fromFile, segments, files) => moduleFile(fromFile, ["self", ...segments], files),
  moduleName: rustModuleName,
  importsModules: true,
  packageFiles: ["mod"],
};

/**
 * The file a module path names (`crate::repo`, `self::a::b`, `super::x`): only a file named
 * like the path's last segment is that module (`resolveRust` falls back to shorter
 * prefixes, which name the module an item lives in).
 */
function moduleFile(fromFile: string, segments: readonly string[], files: ReadonlySet<string>): string | null {
  const target = resolveRust(fromFile, segments.join("::"), files);
  if (target === null) return null;
  const last = segments[segments.length - 1] ?? "";
  const stem = target.replace(/\/(mod|lib|main)\.rs$/u, "").replace(/\.rs$/u, "");
  return stem === last || stem.endsWith(`/${last}`) || (last === "crate" && /(^|\/)(lib|main)\.rs$/u.test(target)) ? target : null;
}

/** The module a Rust file is (`src/repo.rs`, `src/repo/mod.rs` -> `repo`); null for other files and crate roots. */
function rustModuleName(path: string): string | null {
  if (!path.endsWith(".rs")) return null;
  const parts = path.slice(0, -3).split("/");
  const stem = parts.pop()!;
  if (stem === "lib" || stem === "main") return null;
  return stem === "mod" ? (parts.pop() ?? null) : stem;
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
