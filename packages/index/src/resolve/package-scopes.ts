import type { ResolverImport, ResolverSymbol } from "./resolver-types";
import { moduleSystemOf } from "./language-hooks";
import { pickContainer } from "./pick-container";
import { family } from "./resolution-models";
import { stripTypeArguments } from "./type-text";

/** What package lookups read from the symbol tables they sit beside. */
export interface PackageSymbolLookup {
  topLevel(file: string, name: string): ResolverSymbol[];
  members(owner: ResolverSymbol, name: string): readonly ResolverSymbol[];
  isContainer(symbol: ResolverSymbol): boolean;
  /** The language of a file: as indexed, else its symbols', else its extension's. */
  languageOf(file: string): string | undefined;
}

/**
 * Packages and namespaces: the package each file declares (`package a.b`, `namespace A\B`),
 * the packages a file imports whole (`using A.B;`), and directories that are packages. What
 * a file sees without importing a name by name, and what a package-qualified name
 * (`com.example.Store`, `\App\Util\Formatter`) names.
 */
export class PackageScopes {
  /** Declared package -> the files declaring it. */
  private readonly packages = new Map<string, string[]>();
  /** File -> its declared package. */
  private readonly packageOf = new Map<string, string>();
  /** File -> the packages it imports whole (C# `using A.B;`), in import order; import bindings key them by first segment, so several would collide there. */
  private readonly packageWideImports = new Map<string, string[]>();
  /** `language\0dir/` -> the files of that directory with symbols (directory packages). */
  private readonly directoryFiles = new Map<string, string[]>();

  /**
   * `symbolLanguages`: the language of each file's symbols; `files`: every file with a symbol.
   * Both are read when first needed, so the tables may fill them after this is made.
   */
  constructor(
    private readonly lookup: PackageSymbolLookup,
    private readonly symbolLanguages: ReadonlyMap<string, string>,
    private readonly files: ReadonlySet<string>,
  ) {}

  /** Records that `file` declares package `declared`. */
  declare(file: string, declared: string): void {
    push(this.packages, declared, file);
    this.packageOf.set(file, declared);
  }

  /** Records an import of a whole package or type (`import a.b.*`, `using A.B;`, `using static A.B.Type;`). */
  importWhole(file: string, module: string): void {
    push(this.packageWideImports, file, module);
  }

  /**
   * `import a.b.Name` where the module system names packages, not files (Kotlin): the file of
   * package `a.b` that declares `Name` at top level, when exactly one does. Other imports as they are.
   */
  resolveImport(entry: ResolverImport): ResolverImport {
    if (entry.resolved_file !== null || this.packages.size === 0) return entry;
    const path = splitPackagePath(entry.module);
    if (!path || entry.name === null || entry.name === "*") return entry;
    const declaring = (this.packages.get(path.package) ?? []).filter((file) => this.lookup.topLevel(file, entry.name!).length > 0);
    return declaring.length === 1 ? { ...entry, resolved_file: declaring[0]! } : entry;
  }

  /** Whether some file declares the package or namespace `path` (written without a leading separator). */
  declaresPackage(path: string): boolean {
    return this.packages.has(path);
  }

  /** Top-level symbols named `name` in the files of package `declared` whose language is of `languageFamily`. */
  packageMembers(declared: string, name: string, languageFamily: string): ResolverSymbol[] {
    return (this.packages.get(declared) ?? []).flatMap((file) =>
      this.lookup.topLevel(file, name).filter((symbol) => family(symbol.language) === languageFamily),
    );
  }

  /**
   * The type a package-qualified name (`\App\Util\Formatter`, `com.example.Store`) names:
   * the top-level type of that name in the files declaring the package. Undefined when the
   * text is no path into a declared package, null when the package holds no such type.
   */
  qualifiedType(text: string, languageFamily: string): ResolverSymbol | null | undefined {
    const path = splitPackagePath(stripTypeArguments(text.trim()));
    if (!path || !this.packages.has(path.package)) return undefined;
    return pickContainer(this.lookup, this.packageMembers(path.package, path.name, languageFamily));
  }

  /**
   * Top-level symbols named `name` in the other files of `file`'s package (seen there without
   * an import), else in its enclosing packages, innermost first (code in `A.B.C` sees `A.B`).
   */
  samePackage(file: string, name: string): ResolverSymbol[] {
    const declared = this.packageOf.get(file);
    if (declared === undefined) return this.directorySiblings(file, name);
    for (const own of enclosingPackages(declared)) {
      const found = (this.packages.get(own) ?? []).flatMap((other) => (other === file ? [] : this.lookup.topLevel(other, name)));
      if (found.length > 0) return found;
    }
    return [];
  }

  /** Top-level symbols named `name` in the packages `file` imports whole (`using A.B;`), of its language's family. */
  packageWideImported(file: string, name: string): ResolverSymbol[] {
    const languageFamily = family(this.lookup.languageOf(file) ?? "");
    return (this.packageWideImports.get(file) ?? []).flatMap((imported) => this.packageMembers(imported, name, languageFamily));
  }

  /**
   * Members named `name` of the types `file` imports whole (C# `using static A.B.Type;`: a
   * whole-package import whose module is a type of a declared package).
   */
  typeWideImported(file: string, name: string): ResolverSymbol[] {
    const languageFamily = family(this.lookup.languageOf(file) ?? "");
    return (this.packageWideImports.get(file) ?? []).flatMap((imported) => {
      const type = this.packages.has(imported) ? undefined : this.qualifiedType(imported, languageFamily);
      return type ? this.lookup.members(type, name) : [];
    });
  }

  /** The members an import of one member of a type names (Java `import static a.b.Type.name;`). */
  typeMemberImported(entry: ResolverImport): readonly ResolverSymbol[] {
    const path = splitPackagePath(entry.module);
    const type = path ? this.qualifiedType(path.package, family(this.lookup.languageOf(entry.file) ?? "")) : undefined;
    return type && path ? this.lookup.members(type, path.name) : [];
  }

  /**
   * Whether `file` may name `symbol` unqualified without importing it by name: always when
   * `file` declares no package; else when `symbol`'s file declares none, or `file`'s own
   * or a wholly imported package. Not an enclosing one: PHP's `json_encode()` in namespace
   * `GuzzleHttp\Promise` is the global function, never `GuzzleHttp\json_encode`.
   */
  seesPackageOf(file: string, symbol: ResolverSymbol): boolean {
    const own = this.packageOf.get(file);
    const other = this.packageOf.get(symbol.file);
    if (own === undefined || other === undefined) return true;
    return own === other || (this.packageWideImports.get(file) ?? []).includes(other);
  }

  /**
   * Whether two files are of one package: the package they declare (when both declare one)
   * and, where the language's directories are packages, their directory. Files of a language
   * with neither are of one package.
   */
  sharePackage(file: string, other: string): boolean {
    const own = this.packageOf.get(file);
    const theirs = this.packageOf.get(other);
    if (own !== undefined && theirs !== undefined && own !== theirs) return false;
    const language = this.symbolLanguages.get(file) ?? this.lookup.languageOf(file);
    if (language === undefined || moduleSystemOf(language)?.directoryPackages !== true) return true;
    return file.slice(0, file.lastIndexOf("/") + 1) === other.slice(0, other.lastIndexOf("/") + 1);
  }

  /**
   * Top-level symbols named `name` in the other files of `file`'s directory, where its
   * language's directories are packages (the module system's `directoryPackages`); none elsewhere.
   */
  directorySiblings(file: string, name: string): ResolverSymbol[] {
    // A file that declares nothing (Go's `doc.go`, which an import may name) is still in its directory's package.
    const language = this.symbolLanguages.get(file) ?? this.lookup.languageOf(file);
    if (language === undefined || moduleSystemOf(language)?.directoryPackages !== true) return [];
    if (this.directoryFiles.size === 0) {
      for (const other of [...this.files].sort())
        push(this.directoryFiles, `${this.symbolLanguages.get(other)}\0${other.slice(0, other.lastIndexOf("/") + 1)}`, other);
    }
    const siblings = this.directoryFiles.get(`${language}\0${file.slice(0, file.lastIndexOf("/") + 1)}`) ?? [];
    return siblings.flatMap((other) => (other === file ? [] : this.lookup.topLevel(other, name)));
  }
}

/** Separators of package and namespace paths: `a.b` (Java, Kotlin, C#), `a::b`, `A\B`. None is an identifier character in any language, so one pattern serves all. */
const PACKAGE_PATH = /^(?:\\|::)?((?:[\p{L}_$][\w$]*(?:\.|::|\\))*[\p{L}_$][\w$]*)(?:\.|::|\\)([\p{L}_$][\w$]*)$/u;

/**
 * `A\B\C` / `a.b.C` / `::a::C` as its package path (`A\B`) and last name (`C`), a leading
 * separator (a fully qualified name) dropped; null for a single name or any other text.
 */
export function splitPackagePath(text: string): { package: string; name: string } | null {
  const match = PACKAGE_PATH.exec(text);
  return match ? { package: match[1]!, name: match[2]! } : null;
}

/** A package and the packages enclosing it, innermost first: `A.B.C`, `A.B`, `A`. */
function enclosingPackages(declared: string): string[] {
  const chain = [declared];
  for (let path = splitPackagePath(declared); path; path = splitPackagePath(path.package)) chain.push(path.package);
  return chain;
}

/** A written package path without its leading separator (`\App\Util` is `App\Util`). */
export function packagePath(text: string): string {
  return text.replace(/^(?:\\|::)/u, "");
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
