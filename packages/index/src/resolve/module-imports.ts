import { moduleSystemOf } from "./language-hooks";
import type { Lang } from "@tsift/graph/langs";
import type { ResolverCall, ResolverImport, ResolverSymbol } from "./resolver-types";
import { resolveModule } from "./module-resolver";

/**
 * What import statements mean beyond the name they bind, where the language's module
 * system says so (`moduleSystem` in its definition): `import a.b` binds `a` while `a.b`
 * names the module (`dottedModuleImports`); `from m import *` in a package re-exports `m`'s
 * public names (`starReexportPrivatePrefix`). Built once per pass from the import rows.
 */
export class ModuleImports {
  /** Whole-module import rows (no alias, no name) per file. */
  private readonly moduleImports = new Map<string, ResolverImport[]>();
  /** Star import rows per file. */
  private readonly stars = new Map<string, ResolverImport[]>();
  /** Files with symbols or imports, per language: a package's init file may hold only imports. */
  private readonly files = new Map<string, Set<string>>();

  constructor(private readonly languageOf: (file: string) => string | undefined) {}

  addFile(file: string): void {
    const language = this.languageOf(file);
    if (language !== undefined && dotted(language)) this.filesOf(language).add(file);
  }

  addImport(entry: ResolverImport): void {
    const language = this.languageOf(entry.file);
    if (language === undefined) return;
    const system = moduleSystemOf(language);
    if (!system?.dottedModuleImports && system?.starReexportPrivatePrefix === undefined) return;
    if (system.dottedModuleImports) this.filesOf(language).add(entry.file);
    if (entry.alias !== null) return;
    if (entry.name === null) {
      if (system.dottedModuleImports) push(this.moduleImports, entry.file, entry);
    } else if (entry.name === "*" && system.starReexportPrivatePrefix !== undefined) push(this.stars, entry.file, entry);
  }

  /**
   * The file a module path (`email.utils`, `email`) names in `file`, when a whole-module
   * import there (`import email.utils`) binds it: the imported module itself, or the package
   * that `import a.b` binds as `a`. Null when it lies outside the index; undefined when no
   * whole-module import binds the path.
   */
  module(file: string, path: string): string | null | undefined {
    const rows = this.moduleImports.get(file);
    if (!rows) return undefined;
    const exact = rows.find((entry) => entry.module === path);
    if (exact) return exact.resolved_file;
    if (!rows.some((entry) => entry.module.startsWith(`${path}.`))) return undefined;
    const language = this.languageOf(file)!;
    return resolveModule(language as Lang, file, path, null, this.filesOf(language));
  }

  /** The modules whose public names `file` re-exports through star imports (for `name`; a private name is not exported). */
  starSources(file: string, name: string): readonly ResolverImport[] {
    const rows = this.stars.get(file);
    if (!rows) return [];
    const prefix = moduleSystemOf(this.languageOf(file) ?? "")?.starReexportPrivatePrefix ?? "";
    return prefix !== "" && name.startsWith(prefix) ? [] : rows;
  }

  private filesOf(language: string): Set<string> {
    let set = this.files.get(language);
    if (!set) this.files.set(language, (set = new Set()));
    return set;
  }
}

function dotted(language: string): boolean {
  return moduleSystemOf(language)?.dottedModuleImports === true;
}

/**
 * Where definitions run in order (`definitionsRunInOrder`: Python), a name defined several
 * times in the scope a call runs in is the last definition before the call (`def test(): …;
 * test(); def test(): …; test()`). Called from an inner scope, it is the last one (the scope
 * has finished when it runs).
 */
export function redefinedBefore(
  candidates: ResolverSymbol[],
  call: ResolverCall,
  sameScope: boolean,
  model: { definitionsRunInOrder?: boolean },
): ResolverSymbol[] {
  if (candidates.length < 2 || !sameScope || !model.definitionsRunInOrder || call.line == null) return candidates;
  let last: ResolverSymbol | null = null;
  for (const symbol of candidates) if (symbol.line != null && symbol.line <= call.line && (!last || symbol.line > last.line!)) last = symbol;
  return last ? [last] : candidates;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
