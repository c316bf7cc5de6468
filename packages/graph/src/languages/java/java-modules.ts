import type { ModuleRequest, ModuleSystem } from "../../language-hooks";

/** Indexed Java files by directory, per set of indexed paths. */
const directoriesOf = new WeakMap<ReadonlySet<string>, Map<string, string[]>>();

function javaDirectories(files: ReadonlySet<string>): Map<string, string[]> {
  let directories = directoriesOf.get(files);
  if (directories) return directories;
  directories = new Map();
  for (const file of [...files].sort()) {
    if (!file.endsWith(".java")) continue;
    const dir = file.slice(0, Math.max(0, file.lastIndexOf("/")));
    const list = directories.get(dir);
    if (list) list.push(file);
    else directories.set(dir, [file]);
  }
  directoriesOf.set(files, directories);
  return directories;
}

/** The indexed directory a package path names by Java's layout (`a.b` is `…/a/b`), the shortest prefix when several do. */
function packageDirectory(segments: readonly string[], directories: ReadonlyMap<string, string[]>): string | null {
  const suffix = segments.join("/");
  if (directories.has(suffix)) return suffix;
  let found: string | null = null;
  for (const dir of directories.keys()) if (dir.endsWith(`/${suffix}`) && (found === null || dir.length < found.length)) found = dir;
  return found;
}

/**
 * Java: a package is a directory by the layout every build tool uses (`src/main/java/a/b/`
 * for `package a.b`), so a directory's files see each other's top-level types and an
 * import finds its file by path: `import a.b.Store;` is `…/a/b/Store.java`, a static import
 * `import static a.b.Util.max;` the class's file, `import a.b.*;` the package's files. A
 * file outside that layout is still found through its `package` declaration (the resolver's
 * package table), since this resolves nothing for it.
 */
export const JAVA_MODULES: ModuleSystem = {
  directoryPackages: true,
  resolve(request: ModuleRequest): readonly string[] {
    const segments = request.module.split(".");
    if (segments.some((segment) => segment === "")) return [];
    const directories = javaDirectories(request.files);
    if (request.name === "*") {
      // `a.b.*` is a package's types; `a.b.Util.*` (static) the members of one class.
      const dir = packageDirectory(segments, directories);
      if (dir !== null) return directories.get(dir)!;
    }
    // The longest prefix naming a class file: `a.b.Store`, `a.b.Util` for `a.b.Util.max`, `a.b.Map` for `a.b.Map.Entry`.
    for (let end = segments.length; end > 1; end--) {
      const dir = packageDirectory(segments.slice(0, end - 1), directories);
      const file = dir === null ? null : `${dir === "" ? "" : `${dir}/`}${segments[end - 1]}.java`;
      if (file !== null && request.files.has(file)) return [file];
    }
    return [];
  },
};
