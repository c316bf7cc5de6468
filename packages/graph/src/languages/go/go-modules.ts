import { posix } from "node:path";
import type { ModuleRequest, ModuleSystem } from "../../language-hooks";

/** Indexed Go files (tests left out: an external `_test` package is not the directory's), by directory. */
const directoriesOf = new WeakMap<ReadonlySet<string>, Map<string, string[]>>();

function goDirectories(files: ReadonlySet<string>): Map<string, string[]> {
  let directories = directoriesOf.get(files);
  if (directories) return directories;
  directories = new Map();
  for (const file of files) {
    if (!file.endsWith(".go") || file.endsWith("_test.go")) continue;
    const dir = posix.dirname(file);
    const list = directories.get(dir);
    if (list) list.push(file);
    else directories.set(dir, [file]);
  }
  for (const [dir, list] of directories) {
    // Best first: the file named after the package's directory (`store/store.go`) usually holds its main declarations.
    const main = `${dir === "." ? "" : `${dir}/`}${posix.basename(dir)}.go`;
    list.sort((a, b) => Number(b === main) - Number(a === main) || (a < b ? -1 : a > b ? 1 : 0));
  }
  directoriesOf.set(files, directories);
  return directories;
}

/**
 * The directory an import path names: the indexed directory the path ends with, the longest
 * one when several do (`example.com/app/internal/store` is `internal/store` rather than
 * `store`); a standard-library path only as a whole (`go/ast` is `src/go/ast`). The index
 * knows no module path (go.mod is not read), so a package at the index root, whose import
 * path is the module path itself, is not found.
 */
function importedDirectory(path: string, directories: ReadonlyMap<string, string[]>): string | null {
  const elements = path.split("/").filter(Boolean);
  // A first element without a dot is the standard library's (`text/scanner`, `log`): only the
  // whole path at the root or under a `src/` (GOROOT's layout) is it, never a project
  // directory that shares its last elements (`internal/log`).
  if (!elements[0]?.includes(".")) {
    for (const dir of [path, `src/${path}`]) if (directories.has(dir)) return dir;
    for (const dir of directories.keys()) if (dir.endsWith(`/src/${path}`)) return dir;
    return null;
  }
  for (let start = 0; start < elements.length; start++) {
    const suffix = elements.slice(start).join("/");
    if (directories.has(suffix)) return suffix;
  }
  return null;
}

/**
 * Go: an import path names a directory whose files are one package. Every indexed non-test
 * file of that directory is returned, the one named after the directory first, then by path.
 */
export const GO_MODULES: ModuleSystem = {
  // A file sees its directory's top-level names, and an import of the directory exports them all.
  directoryPackages: true,
  resolve(request: ModuleRequest): readonly string[] {
    if (request.module.startsWith(".") || request.module.startsWith("/")) return [];
    const directories = goDirectories(request.files);
    const dir = importedDirectory(request.module, directories);
    return dir === null ? [] : directories.get(dir)!;
  },
};
