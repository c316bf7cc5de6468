import type { Lang } from "@tsift/graph/langs";
import type { ResolverCall, ResolverImport, ResolverSymbol } from "../resolve-calls";
import { resolveModule } from "./module-resolver";

const PYTHON_FILE = /\.pyi?$/u;

/**
 * What Python's import statements mean beyond the name they bind, for the resolver:
 * `import a.b` binds `a` (the package) while `a.b` names the module; `from .m import *` in a
 * package's `__init__.py` re-exports `m`'s public names. Built once per pass from the import
 * rows of `.py`/`.pyi` files.
 */
export class PythonModules {
  /** `import a.b` rows (whole modules, no alias) per file. */
  private readonly moduleImports = new Map<string, ResolverImport[]>();
  /** `from m import *` rows per file. */
  private readonly stars = new Map<string, ResolverImport[]>();
  /** Files with symbols or imports: a package `__init__.py` may hold only imports. */
  private readonly files = new Set<string>();

  addFile(file: string): void {
    if (PYTHON_FILE.test(file)) this.files.add(file);
  }

  addImport(entry: ResolverImport): void {
    if (!PYTHON_FILE.test(entry.file)) return;
    this.files.add(entry.file);
    if (entry.alias !== null) return;
    if (entry.name === null) push(this.moduleImports, entry.file, entry);
    else if (entry.name === "*") push(this.stars, entry.file, entry);
  }

  /**
   * The file a module path (`email.utils`, `email`) names in `file`, when an `import
   * email.utils` there binds it: the imported module itself, or the package that `import a.b`
   * binds as `a`. Null when it lies outside the index; undefined when no whole-module import
   * binds the path.
   */
  module(file: string, path: string): string | null | undefined {
    const rows = this.moduleImports.get(file);
    if (!rows) return undefined;
    const exact = rows.find((entry) => entry.module === path);
    if (exact) return exact.resolved_file;
    if (!rows.some((entry) => entry.module.startsWith(`${path}.`))) return undefined;
    return resolveModule("python" as Lang, file, path, null, this.files);
  }

  /** The modules whose public names `file` re-exports through `from m import *` (for `name`; `_x` is not exported). */
  starSources(file: string, name: string): readonly ResolverImport[] {
    return name.startsWith("_") ? [] : (this.stars.get(file) ?? []);
  }
}

/**
 * Python runs definitions in order: a name defined several times in the scope a call runs in
 * is the last definition before the call (`def test(): …; test(); def test(): …; test()`).
 * Called from an inner scope, it is the last one (the scope has finished when it runs).
 */
export function redefinedBefore(candidates: ResolverSymbol[], call: ResolverCall, sameScope: boolean, model: { modules: string }): ResolverSymbol[] {
  if (candidates.length < 2 || !sameScope || model.modules !== "python" || call.line == null) return candidates;
  let last: ResolverSymbol | null = null;
  for (const symbol of candidates) if (symbol.line != null && symbol.line <= call.line && (!last || symbol.line > last.line!)) last = symbol;
  return last ? [last] : candidates;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
