import type { ModuleSystem } from "@tsift/graph";
import { moduleSystemOf } from "./language-hooks";
import { langFromPath } from "@tsift/graph/langs";
import type { ResolverImport, ResolverMemberType, ResolverSymbol } from "./resolver-types";
import { ModuleImports } from "./module-imports";
import type { SymbolSource } from "./symbol-source";
import { PackageScopes, splitPackagePath } from "./package-scopes";
import { pickContainer } from "./pick-container";
import { CALLABLE_DEFINITIONS, family, MEMBER_KINDS, resolutionOf, TYPE_LIKE, VALUE_CONTAINERS } from "./resolution-models";
import { heritageNames, isModuleBinding, localName, typeReferencePath } from "./type-text";

// The kind sets and per-language models live beside the tables; their users import them from here too.
export { CALLABLE, CONSTRUCTIBLE, family, MEMBER_KINDS, PACKAGE_MEMBER, resolutionOf, TYPE_LIKE, type LanguageResolution } from "./resolution-models";
export { heritageNames, isModuleBinding, localName, stripTypeArguments, typeReferencePath } from "./type-text";

/**
 * The lookup tables behind the call resolver: symbols by file and name, members by owner,
 * import bindings per file, re-exports, and the type relations (`extends`/`implements`,
 * Python bases) read from declaration signatures. Pure and built once per pass.
 */
export class ResolverTables {
  /** Files that import or export something: ES modules (and Python/CommonJS files that import). */
  readonly modules: Set<string>;
  private readonly heritageCache = new Map<number, ResolverSymbol[]>();
  private readonly unionCache = new Map<number, ResolverSymbol[] | null>();
  /** file -> local name -> the import binding it. */
  private readonly bindings = new Map<string, Map<string, ResolverImport>>();
  /** file -> its `export … from` rows. */
  private readonly reexports = new Map<string, ResolverImport[]>();
  /** Resolves one base type name of a type (the resolver installs one that follows `f()` and `=a.b`). */
  baseResolver: ((type: ResolverSymbol, name: string) => ResolverSymbol | null | undefined) | null = null;
  /** Every file with a symbol: what `mod x;` and `crate::a::b` paths are resolved against. */
  private readonly files: ReadonlySet<string>;
  /** Language of each file with symbols. */
  private readonly languages: ReadonlyMap<string, string>;
  /** Packages and namespaces: what a file sees without an import, what a package-qualified name names. */
  readonly packageScopes: PackageScopes;
  /** Whole-module imports of dotted module paths and star re-exports, where a module system has them. */
  readonly moduleImports = new ModuleImports((file) => this.languageOf(file));

  /**
   * `symbols`: every symbol and member type, held or read on demand (`SymbolSource`).
   * `fileLanguages`: the language of every indexed file (a file may hold imports and calls
   * but no symbol); without it a file's language is its symbols', else its extension's.
   */
  constructor(
    private readonly symbols: SymbolSource,
    imports: readonly ResolverImport[],
    private readonly fileLanguages: ReadonlyMap<string, string> | null = null,
  ) {
    this.files = symbols.files;
    this.languages = symbols.languages;
    this.modules = new Set(symbols.moduleFiles);
    this.packageScopes = new PackageScopes(this, this.languages, this.files);
    for (const { file, type } of symbols.packageDeclarations) this.packageScopes.declare(file, type);
    for (const row of imports) {
      const entry = this.packageScopes.resolveImport(row);
      if (entry.kind !== "dynamic") this.modules.add(entry.file);
      if (entry.kind === "export_from") {
        push(this.reexports, entry.file, entry);
        // `export * as ns from` also binds nothing locally; `export { a } from` neither.
        continue;
      }
      if (entry.name === "*" && entry.alias === null) this.packageScopes.importWhole(entry.file, entry.module);
      const local = nestedOne(this.bindings, entry.file);
      const name = localName(entry);
      if (name && !local.has(name)) local.set(name, entry);
      this.moduleImports.addImport(entry);
    }
    for (const file of this.files) this.moduleImports.addFile(file);
  }

  /** The symbol of an id. */
  symbol(id: number): ResolverSymbol | undefined {
    return this.symbols.symbol(id);
  }

  /** Symbols named `name` in the languages of `languageFamily`, in id order. */
  named(languageFamily: string, name: string): readonly ResolverSymbol[] {
    return this.symbols.named(languageFamily, name);
  }

  /** The language of a file: as indexed, else its symbols', else its extension's. */
  languageOf(file: string): string | undefined {
    return this.fileLanguages?.get(file) ?? this.languages.get(file) ?? langFromPath(file) ?? undefined;
  }

  /** The module system of a file's language (null: imports there name no file). */
  private moduleSystem(file: string): ModuleSystem | null {
    const language = this.languages.get(file);
    return language === undefined ? null : moduleSystemOf(language);
  }

  /**
   * A top-level name that is itself an import (Zig `const repo = @import("repo.zig")`,
   * `const User = @import("user.zig").User`): a binding of the name, and no local symbol of
   * it that holds members or a declared type.
   */
  importBound(file: string, name: string): boolean {
    const binding = this.binding(file, name);
    if (!binding) return false;
    return this.topLevel(file, name).every((symbol) => !this.isContainer(symbol) && !symbol.value_type && !CALLABLE_DEFINITIONS.has(symbol.kind));
  }

  /** Whether `head` starts a module path in `file`'s language (`crate::a::f()`, its module system's `pathHeads`). */
  isPathHead(file: string, head: string): boolean {
    return this.moduleSystem(file)?.pathHeads?.includes(head) === true;
  }

  /** The file a module path written in `file` names (`crate::repo` as segments), through its module system; null when none is indexed. */
  modulePath(file: string, segments: readonly string[]): string | null {
    const system = this.moduleSystem(file);
    return system?.modulePath ? system.modulePath(file, segments, this.files) : null;
  }

  /** The symbol a symbol's `parent` names: in its own file, else (detached members) the one of that qualified name elsewhere. */
  parentOf(symbol: ResolverSymbol): ResolverSymbol | null {
    if (symbol.parent === null) return null;
    return this.symbols.qualifiedInFile(symbol.file, symbol.parent) ?? this.detachedParent(symbol.language, symbol.parent, symbol.file);
  }

  /**
   * Where a language defines members apart from their type (`detachedMembers`: `void A::f() {}`
   * in a source file, the class in a header), the container named `qualified` in another file
   * of the family: the one type of that name (several are ambiguous: none), else the first
   * namespace of it (every file reopening a namespace holds one, and they are one namespace).
   * With `detachedMembersInPackage`, only a container of the package of `file`, the member's.
   */
  private detachedParent(language: string, qualified: string, file: string): ResolverSymbol | null {
    const model = resolutionOf(language);
    if (!model.detachedMembers) return null;
    const candidates = this.symbols
      .qualified(family(language), qualified)
      .filter(
        (symbol) =>
          resolutionOf(symbol.language).detachedMembers &&
          this.isContainer(symbol) &&
          (!model.detachedMembersInPackage || this.packageScopes.sharePackage(file, symbol.file)),
      );
    const types = candidates.filter((symbol) => symbol.kind !== "namespace" && symbol.kind !== "mod");
    if (types.length > 0) return types.length === 1 ? types[0]! : null;
    return candidates[0] ?? null;
  }

  /**
   * What an import of one member of a namespace binds when its module names no file
   * (`using app::store::close;`): the members of that name of the namespace the path names,
   * read relative to each of `scopes` (the namespaces around the caller, innermost first),
   * then as written. None when no indexed namespace has that qualified name.
   */
  namespaceMemberImported(entry: ResolverImport, scopes: readonly string[]): readonly ResolverSymbol[] {
    const path = splitPackagePath(entry.module);
    const language = this.languageOf(entry.file);
    if (!path || language === undefined) return [];
    const languageFamily = family(language);
    const written = path.package.split(/::|\\|\./u).join(".");
    const last = written.slice(written.lastIndexOf(".") + 1);
    for (const scope of [...scopes, ""]) {
      const qualified = scope === "" ? written : `${scope}.${written}`;
      const namespace = this.symbols
        .named(languageFamily, last)
        .some((symbol) => symbol.qualified_name === qualified && (symbol.kind === "namespace" || symbol.kind === "mod"));
      const found = namespace ? this.symbols.familyParent(languageFamily, qualified, path.name) : [];
      if (found.length > 0) return found;
    }
    return [];
  }

  /** A type, or an object literal / namespace-like binding whose members are indexed. */
  isContainer(symbol: ResolverSymbol): boolean {
    return TYPE_LIKE.has(symbol.kind) || (VALUE_CONTAINERS.has(symbol.kind) && this.symbols.hasMembers(symbol.file, symbol.qualified_name));
  }

  /** Whether symbols are declared inside `symbol` (a function returning a struct, in Zig). */
  hasMembers(symbol: ResolverSymbol): boolean {
    return this.symbols.hasMembers(symbol.file, symbol.qualified_name);
  }

  isMember(symbol: ResolverSymbol): boolean {
    if (MEMBER_KINDS.has(symbol.kind)) return true;
    const parent = this.parentOf(symbol);
    return parent !== null && this.isContainer(parent) && !(parent.kind === "namespace" || parent.kind === "mod");
  }

  inFile(file: string, name: string): readonly ResolverSymbol[] {
    return this.symbols.inFile(file, name);
  }

  topLevel(file: string, name: string): ResolverSymbol[] {
    return this.inFile(file, name).filter((symbol) => symbol.parent === null);
  }

  binding(file: string, name: string): ResolverImport | undefined {
    return this.bindings.get(file)?.get(name);
  }

  bindingsOf(file: string): Iterable<ResolverImport> {
    return this.bindings.get(file)?.values() ?? [];
  }

  /**
   * What `file` exports as `name`: its own top-level symbols of that name, else followed
   * through `export { a as name } from`, `export * from` and imports it re-exports
   * (`import { a } …; export { a }`), cycle-safe. `external` says a binding left the index.
   */
  exported(file: string, name: string, seen = new Set<string>()): { symbols: ResolverSymbol[]; external: boolean } {
    const visit = `${file}\0${name}`;
    if (seen.has(visit) || seen.size > 64) return { symbols: [], external: false };
    seen.add(visit);
    const own = this.topLevel(file, name);
    if (own.length > 0) return { symbols: own, external: false };
    // A directory that is a package exports what any of its files declares.
    const sibling = this.packageScopes.directorySiblings(file, name);
    if (sibling.length > 0) return { symbols: sibling, external: false };
    // `export { ArraySchema as Array }`.
    const alias = this.symbols.memberType(file, "", name);
    if (alias?.type.startsWith("=")) return this.exported(file, alias.type.slice(1), seen);
    let external = false;
    const binding = this.binding(file, name);
    if (binding) {
      if (binding.resolved_file === null) return { symbols: [], external: true };
      const target = binding.name && binding.name !== "*" && binding.name !== "default" ? binding.name : name;
      if (binding.name !== "*") return this.exported(binding.resolved_file, target, seen);
    }
    for (const entry of this.reexports.get(file) ?? []) {
      const exposed = entry.alias ?? entry.name;
      if (entry.name === "*" && entry.alias === null) {
        if (entry.resolved_file === null) external = true;
        else {
          const found = this.exported(entry.resolved_file, name, seen);
          if (found.symbols.length > 0) return found;
        }
      } else if (exposed === name && entry.name !== "*") {
        if (entry.resolved_file === null) return { symbols: [], external: true };
        return this.exported(entry.resolved_file, entry.name ?? name, seen);
      }
    }
    // A star import that re-exports (Python `from .coroutines import *` in a package's `__init__.py`) exposes the module's public names.
    for (const entry of this.moduleImports.starSources(file, name)) {
      if (entry.resolved_file === null) external = true;
      else {
        const found = this.exported(entry.resolved_file, name, seen);
        if (found.symbols.length > 0) return found;
      }
    }
    return { symbols: [], external };
  }

  /** The file a namespace-like binding stands for: `import * as ns`, `export * as ns from`, Python/Rust module imports. */
  namespaceFile(file: string, name: string): string | null | undefined {
    const binding = this.binding(file, name);
    if (
      binding &&
      (binding.name === "*" ||
        binding.name === null ||
        (this.importsModules(binding.file) && isModuleBinding(binding, moduleSystemOf(this.languageOf(binding.file) ?? "")?.packageFiles ?? [])))
    )
      return binding.resolved_file;
    for (const entry of this.reexports.get(file) ?? []) if (entry.name === "*" && entry.alias === name) return entry.resolved_file;
    return undefined;
  }

  /** Whether a name imported by `file` can be a module (its module system's `importsModules`), not only a member (`import a.b.Store` from Store.kt). */
  private importsModules(file: string): boolean {
    const language = this.languages.get(file);
    return language === undefined || moduleSystemOf(language)?.importsModules === true;
  }

  /**
   * Direct members of `owner` named `name` (with `detachedMembers`, like Rust impls and Kotlin
   * extensions: anywhere in the language, own file first; with `detachedMembersInPackage`,
   * only in the owner's package).
   */
  members(owner: ResolverSymbol, name: string): readonly ResolverSymbol[] {
    const local = this.symbols.owned(owner.file, owner.qualified_name, name);
    const companion = local.length === 0 ? this.symbols.companion(owner.file, owner.qualified_name) : undefined;
    if (companion) {
      const found = this.symbols.owned(companion.file, companion.qualified_name, name);
      if (found.length > 0) return found;
    }
    if (local.length === 0 && owner.kind === "mod") {
      // `mod repo;`: the module's items are the top level of its own file.
      const system = this.moduleSystem(owner.file);
      const file = system?.declaredModule ? system.declaredModule(owner.file, owner.qualified_name.split("."), this.files) : null;
      if (file !== null && file !== owner.file) return this.topLevel(file, name);
    }
    const model = resolutionOf(owner.language);
    if (local.length > 0 || !model.detachedMembers) return local;
    const key = (parent: string) =>
      this.symbols
        .familyParent(family(owner.language), parent, name)
        .filter((member) => !model.detachedMembersInPackage || this.packageScopes.sharePackage(owner.file, member.file));
    const all = key(owner.qualified_name);
    return all.length > 0 ? all : key(owner.name);
  }

  /**
   * Members named `name` of `owner` or, when it has none, of its ancestors (nearest first,
   * breadth-first). On a union alias, the members of every constituent that has one: code
   * that type-checks calls a member missing from some constituents only after narrowing to
   * the others, so those are the candidates (one when they share the declaration).
   */
  findMember(owner: ResolverSymbol, name: string, accept: (symbol: ResolverSymbol) => boolean, depth = 0): ResolverSymbol[] {
    const parts = depth < 4 ? this.unionOf(owner) : null;
    if (parts) {
      const found = new Map<number, ResolverSymbol>();
      for (const part of parts) for (const symbol of this.findMember(part, name, accept, depth + 1)) found.set(symbol.id, symbol);
      return [...found.values()];
    }
    const queue: ResolverSymbol[] = [owner];
    const seen = new Set<number>([owner.id]);
    for (let depth = 0; queue.length > 0 && depth < 12; depth++) {
      const level = queue.splice(0);
      const found = level.flatMap((type) => this.members(type, name).filter(accept));
      if (found.length > 0) return found;
      // A typed field of that name (`logSubscribedFrame: () => number`) shadows what the bases declare.
      if (level.some((type) => this.symbols.memberType(type.file, type.qualified_name, name) !== undefined)) return [];
      for (const type of level) {
        for (const base of this.heritage(type)) {
          if (!seen.has(base.id)) {
            seen.add(base.id);
            queue.push(base);
          }
        }
      }
    }
    return [];
  }

  /** The declared type of a field or property of `owner` or its ancestors (nearest first); on a union, the type its constituents agree on. */
  memberType(owner: ResolverSymbol, name: string, depth = 0): ResolverMemberType | null {
    const parts = depth < 4 ? this.unionOf(owner) : null;
    if (parts) {
      const found = parts.map((part) => this.memberType(part, name, depth + 1)).filter((member) => member !== null);
      return found.length > 0 && found.every((member) => member.type === found[0]!.type && member.file === found[0]!.file) ? found[0]! : null;
    }
    const queue: ResolverSymbol[] = [owner];
    const seen = new Set<number>([owner.id]);
    for (let depth = 0; queue.length > 0 && depth < 12; depth++) {
      const level = queue.splice(0);
      for (const type of level) {
        const found = this.symbols.memberType(type.file, type.qualified_name, name);
        if (found) return found;
      }
      for (const type of level) {
        for (const base of this.heritage(type)) {
          if (!seen.has(base.id)) {
            seen.add(base.id);
            queue.push(base);
          }
        }
      }
    }
    return null;
  }

  /** Indexed base types named in a type's signature (`extends A, B`, `implements C`, Python `class X(A):`, Kotlin `: A()`). */
  heritage(type: ResolverSymbol): ResolverSymbol[] {
    const cached = this.heritageCache.get(type.id);
    if (cached) return cached;
    const bases: ResolverSymbol[] = [];
    this.heritageCache.set(type.id, bases);
    for (const name of heritageNames(type)) {
      if (name.includes("|")) continue; // a union's constituents are not bases (`unionOf`)
      const base = this.baseResolver ? this.baseResolver(type, name) : this.resolveTypeIn(type.file, name, type);
      if (base && base.id !== type.id) bases.push(base);
    }
    if (type.kind !== "impl" && resolutionOf(type.language).detachedMembers) {
      // Rust: the traits a type implements are the bases of its `impl Trait for Type` blocks.
      for (const impl of this.symbols.named(family(type.language), type.name)) {
        if (impl.kind !== "impl" || impl.qualified_name !== type.qualified_name) continue;
        // By id: the same symbol may be two objects when read on demand.
        for (const base of this.heritage(impl)) if (base.id !== type.id && !bases.some((known) => known.id === base.id)) bases.push(base);
      }
    }
    return bases;
  }

  /**
   * The constituents of a union alias (`type Option<A> = None<A> | Some<A>`, recorded as
   * the base `None|Some`), or null: not a union, or a constituent outside the index (its
   * members could be the target, so no indexed one can be claimed).
   */
  unionOf(type: ResolverSymbol): ResolverSymbol[] | null {
    if (type.kind !== "type_alias") return null;
    const cached = this.unionCache.get(type.id);
    if (cached !== undefined) return cached;
    this.unionCache.set(type.id, null);
    const names = heritageNames(type);
    if (names.length !== 1 || !names[0]!.includes("|")) return null;
    const parts: ResolverSymbol[] = [];
    for (const name of names[0]!.split("|")) {
      const part = this.baseResolver ? this.baseResolver(type, name) : this.resolveTypeIn(type.file, name, type);
      if (!part || part.id === type.id) return null;
      parts.push(part);
    }
    this.unionCache.set(type.id, parts);
    return parts;
  }

  /**
   * A type reference written inside `scope` (a declaration in a namespace): the enclosing
   * namespaces' own types first (`interface Offset extends Proto` in `namespace TimeZone`
   * is `TimeZone.Proto`, `class HTTP < Protocol` in `module Net` is `Net::Protocol`, even
   * when another file declares it), then the file's and its imports' (`resolveType`).
   */
  resolveTypeIn(file: string, text: string, scope: ResolverSymbol | null): ResolverSymbol | null {
    const path = typeReferencePath(text);
    const enclosing = (prefix: string) =>
      (this.symbols.qualifiedInFile(file, prefix) ?? (scope ? this.detachedParent(scope.language, prefix, scope.file) : null))?.parent ?? null;
    for (let prefix = scope?.parent ?? null; path && prefix !== null; prefix = enclosing(prefix)) {
      const name = prefix.slice(prefix.lastIndexOf(".") + 1);
      const namespace = this.inFile(file, name).some((symbol) => symbol.qualified_name === prefix && TYPE_SCOPES.has(symbol.kind));
      const found = namespace ? this.resolveType(file, `${prefix}.${path.join(".")}`) : null;
      if (found) return found;
    }
    return this.resolveType(file, text);
  }

  /**
   * The indexed type a type reference names in `file`: `Store`, `Effect.Effect`,
   * `Context.Key<A>`, `Store | undefined`. Generic arguments, `readonly`, `null` and
   * `undefined` are ignored; anything else (unions, arrays, literals) is null.
   */
  resolveType(file: string, text: string): ResolverSymbol | null {
    const bound = this.resolveBoundType(file, text);
    if (bound) return bound;
    // A name the file does not bind may still be package-qualified (`\App\Util\Formatter`);
    // one an import names (its alias or member, not the first segment of a namespace path
    // such as C#'s `using static Shop.Data.Persistence`) is that import's, also when it
    // leaves the index: Go's `scanner.Scanner` of `import "text/scanner"` is no type of an
    // indexed `package scanner`.
    const head = typeReferencePath(text)?.[0];
    const binding = head === undefined ? undefined : this.binding(file, head);
    if (binding && (binding.alias !== null || (binding.name !== null && binding.name !== "*" && binding.name !== "default"))) return null;
    return this.packageScopes.qualifiedType(text, family(this.languageOf(file) ?? "")) ?? null;
  }

  /** `resolveType` through the file's own names, its imports and its package. */
  private resolveBoundType(file: string, text: string): ResolverSymbol | null {
    const path = typeReferencePath(text);
    if (!path) return null;
    const [head, ...rest] = path;
    let current: ResolverSymbol | null = null;
    if (rest.length > 0) {
      const namespace = this.namespaceFile(file, head!);
      if (namespace) {
        current = pickContainer(this, this.exported(namespace, rest.shift()!).symbols);
      }
    }
    if (!current) {
      // `Exit.Proto` with both `type Exit` and `namespace Exit`: the one holding `Proto`.
      const local = this.topLevel(file, head!);
      const next = rest[0];
      current = pickContainer(this, next === undefined ? local : local.filter((symbol) => this.members(symbol, next).length > 0));
      if (!current) {
        const binding = this.binding(file, head!);
        if (binding?.resolved_file && binding.name !== "*") {
          const found = this.exported(binding.resolved_file, binding.name && binding.name !== "default" ? binding.name : head!).symbols;
          current = pickContainer(this, next === undefined ? found : found.filter((symbol) => this.members(symbol, next).length > 0));
        } else if (!binding)
          current =
            pickContainer(this, this.packageScopes.samePackage(file, head!)) ?? pickContainer(this, this.packageScopes.packageWideImported(file, head!));
      }
    }
    for (const segment of rest) {
      if (!current) return null;
      current = pickContainer(this, this.members(current, segment));
    }
    return current;
  }
}

/**
 * Kinds whose nested types code inside them names unqualified. Not classes: a method body
 * does not see its class's nested types in every language (a Python class body is no
 * enclosing scope for its methods).
 */
const TYPE_SCOPES: ReadonlySet<string> = new Set(["namespace", "mod", "module"]);

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function nestedOne<K, V>(map: Map<string, Map<K, V>>, key: string): Map<K, V> {
  let inner = map.get(key);
  if (!inner) map.set(key, (inner = new Map()));
  return inner;
}
