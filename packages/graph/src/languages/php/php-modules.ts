import { posix } from "node:path";
import type { ModuleRequest, ModuleSystem } from "../../language-hooks";

/**
 * How a PHP import finds an indexed file.
 *
 * - `require`/`include` paths (anything with a `/` or a `.php`-like extension) are relative
 *   to the including file, as `__DIR__ . '/x.php'` says (extraction turns that into `./x.php`).
 * - `use App\Repo\UserRepository` names a class by namespace. Composer's PSR-4 layout puts
 *   it in `UserRepository.php` under directories named like the namespace's last segments;
 *   the first segments are a prefix mapped to a base directory (`App\` to `src/`). The file
 *   is the one named after the class whose directories match the most trailing namespace
 *   segments, when exactly one file matches best and, unless every segment matched, at
 *   most two leading segments are left and the directory above the matched ones is a
 *   source root (`src/`, `lib/`, `app/`, `tests/`…) or the project root. A class of a package outside the index (`vendor/` is not indexed)
 *   must not be taken for a same-named project class: `Psr\Log\InvalidArgumentException`
 *   is not `Exception/InvalidArgumentException.php`, `Symfony\Contracts\EventDispatcher\Event`
 *   not `Composer/EventDispatcher/Event.php`, `use SplFileInfo` (PHP's own) not
 *   `Finder/SplFileInfo.php`.
 * - `use function App\Support\slugify` names a function, which lives in no file of its
 *   name: for a name in lower case (functions are `slugify`, `make_user`; classes not) with
 *   no file of that name, the namespace's `functions.php` (or `helpers.php`), found the
 *   same way, stands for it.
 */

const PATH_EXTENSIONS = /\.(?:php|phtml|inc)$/iu;
/** Leading namespace segments a PSR-4 prefix may leave unmatched (`Vendor\Package\`). */
const MAX_PREFIX_SEGMENTS = 2;
/** Where Composer projects keep a namespace's functions (`autoload.files`). */
const FUNCTION_FILES = ["functions.php", "helpers.php", "function.php"];
/** Directories Composer projects map a namespace prefix to. */
const SOURCE_ROOTS: ReadonlySet<string> = new Set(["src", "lib", "app", "classes", "tests", "test"]);

function relativeFile({ fromFile, module, files }: ModuleRequest): string[] {
  const joined = posix.normalize(posix.join(posix.dirname(fromFile), module));
  return !joined.startsWith("..") && files.has(joined) ? [joined] : [];
}

/** Files by their base name, per indexed file set (one set per resolve pass). */
const byBaseName = new WeakMap<ReadonlySet<string>, Map<string, string[]>>();

function filesNamed(files: ReadonlySet<string>, base: string): readonly string[] {
  let index = byBaseName.get(files);
  if (!index) {
    index = new Map();
    for (const file of files) {
      if (!file.endsWith(".php")) continue;
      const name = file.slice(file.lastIndexOf("/") + 1);
      const list = index.get(name);
      if (list) list.push(file);
      else index.set(name, [file]);
    }
    byBaseName.set(files, index);
  }
  return index.get(base) ?? [];
}

/** The one file named `base` whose directories best match the namespace `segments` (see above), or none. */
function bestMatch(files: ReadonlySet<string>, base: string, segments: readonly string[], minScore = 0): string[] {
  let best: string[] = [];
  let bestScore = -1;
  for (const file of filesNamed(files, base)) {
    const directories = file.split("/").slice(0, -1);
    let score = 0;
    while (score < segments.length && score < directories.length && directories[directories.length - 1 - score] === segments[segments.length - 1 - score])
      score++;
    if (score < minScore || segments.length - score > MAX_PREFIX_SEGMENTS) continue;
    // A prefix left unmatched (or a class of the global namespace) must sit in a source root.
    const above = directories[directories.length - 1 - score];
    if ((score < segments.length || segments.length === 0) && above !== undefined && !SOURCE_ROOTS.has(above)) continue;
    if (score > bestScore) {
      best = [file];
      bestScore = score;
    } else if (score === bestScore) best.push(file);
  }
  return best.length === 1 ? best : [];
}

function namespacedFile({ module, files }: ModuleRequest): string[] {
  const segments = module.split("\\").filter(Boolean);
  const name = segments.pop();
  if (!name) return [];
  const classFile = bestMatch(files, `${name}.php`, segments);
  // Functions are named in lower camel or snake case, classes not; a class name is never a function's.
  if (classFile.length > 0 || segments.length === 0 || !/^[\p{Ll}_]/u.test(name) || filesNamed(files, `${name}.php`).length > 0) return classFile;
  // `use function App\Support\slugify`: Composer's `files` autoload keeps a namespace's
  // functions in one file beside its classes. A file that turns out not to declare the
  // name resolves no call (the resolver looks the name up in it), so the guess costs nothing.
  // A file named after no class says less: one directory at least must match a namespace of several segments.
  for (const base of FUNCTION_FILES) {
    const found = bestMatch(files, base, segments, segments.length > 1 ? 1 : 0);
    if (found.length > 0) return found;
  }
  return [];
}

export const PHP_MODULES: ModuleSystem = {
  resolve(request) {
    const module = request.module;
    if (module.includes("/") || PATH_EXTENSIONS.test(module)) return relativeFile(request);
    return namespacedFile(request);
  },
};
