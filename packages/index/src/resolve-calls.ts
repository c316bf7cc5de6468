import type { Lang } from "@tsift/graph";

/** How a call's target was found, in the order the resolver tries. */
export type CallResolution = "same_scope" | "same_file" | "import" | "global_unique" | "ambiguous" | "unresolved";

export interface ResolverSymbol {
  id: number;
  file: string;
  name: string;
  kind: string;
  language: string;
  parent: string | null;
  qualified_name: string;
}

export interface ResolverImport {
  file: string;
  module: string;
  /** Imported name; "*" for namespace imports, "default", or null for whole-module imports. */
  name: string | null;
  alias: string | null;
  resolved_file: string | null;
}

export interface ResolverCall {
  id: number;
  file: string;
  caller_symbol_id: number | null;
  callee_name: string;
  receiver: string | null;
  kind: string;
}

export interface CallTarget {
  resolved_symbol_id: number | null;
  resolution: CallResolution;
}

/** Symbols that can be the target of a call: functions, methods, and types called as constructors. */
const CALLABLE = new Set(["function", "method", "constructor", "getter", "setter", "class", "struct", "data_class", "sealed_class", "enum_class", "object", "union", "alias"]);
/** Symbols whose members a method call can land on. */
const TYPE_LIKE = new Set(["class", "struct", "impl", "trait", "interface", "object", "companion_object", "enum", "data_class", "sealed_class", "enum_class", "union"]);
const MEMBER_KINDS = new Set(["method", "constructor", "getter", "setter"]);
/** Receivers that mean "the enclosing type's instance or the type itself". */
const SELF_RECEIVERS = new Set(["this", "self", "Self", "cls", "super"]);
/** Languages where a bare call inside a class can reach a member without `this.` (Kotlin, like Java). */
const IMPLICIT_RECEIVER: ReadonlySet<string> = new Set<Lang>(["kotlin"]);

function family(language: string): string {
  return language === "typescript" || language === "tsx" || language === "javascript" || language === "jsx" ? "js" : language;
}

/**
 * Resolves call sites to symbol ids, trying in order: the caller's own scope (nested
 * definitions, `this.x()` / `self.x()` to the enclosing type's member, implicit-receiver
 * siblings), top-level definitions of the same file, explicitly imported names (aliases
 * and namespace imports followed to the imported file), then a name unique across the
 * language. Several candidates at the deciding step is `ambiguous`; none anywhere is
 * `unresolved`. Receiver-aware throughout: a call with a receiver only lands on members,
 * a bare call only on non-members, so `obj.get()` never binds to a free `get()`, and a
 * name bound by an import never falls through to an unrelated global of the same name.
 */
export function createCallResolver(symbols: readonly ResolverSymbol[], imports: readonly ResolverImport[]) {
  const byId = new Map<number, ResolverSymbol>();
  const byFileName = new Map<string, Map<string, ResolverSymbol[]>>();
  const byFileQualified = new Map<string, Map<string, ResolverSymbol>>();
  const byFamilyName = new Map<string, ResolverSymbol[]>();
  const byParentName = new Map<string, ResolverSymbol[]>();
  for (const symbol of symbols) {
    byId.set(symbol.id, symbol);
    push(nested(byFileName, symbol.file), symbol.name, symbol);
    const qualified = nestedOne(byFileQualified, symbol.file);
    if (!qualified.has(symbol.qualified_name)) qualified.set(symbol.qualified_name, symbol);
    push(byFamilyName, `${family(symbol.language)}\0${symbol.name}`, symbol);
    if (symbol.parent !== null) push(byParentName, `${family(symbol.language)}\0${symbol.parent}\0${symbol.name}`, symbol);
  }
  // file -> local name -> the first import binding it (later duplicates shadow nothing in practice).
  const bindings = new Map<string, Map<string, ResolverImport>>();
  for (const entry of imports) {
    const local = nestedOne(bindings, entry.file);
    const name = localName(entry);
    if (name && !local.has(name)) local.set(name, entry);
  }

  const parentOf = (symbol: ResolverSymbol): ResolverSymbol | null =>
    symbol.parent === null ? null : (byFileQualified.get(symbol.file)?.get(symbol.parent) ?? null);
  const isMember = (symbol: ResolverSymbol): boolean => {
    if (MEMBER_KINDS.has(symbol.kind)) return true;
    const parent = parentOf(symbol);
    return parent !== null && TYPE_LIKE.has(parent.kind);
  };
  const callable = (list: readonly ResolverSymbol[] | undefined, member: boolean): ResolverSymbol[] =>
    (list ?? []).filter((symbol) => CALLABLE.has(symbol.kind) && isMember(symbol) === member);
  const topLevel = (file: string, name: string): ResolverSymbol[] =>
    (byFileName.get(file)?.get(name) ?? []).filter((symbol) => symbol.parent === null && CALLABLE.has(symbol.kind));
  const membersOf = (file: string | null, language: string, typeName: string, name: string): ResolverSymbol[] => {
    const all = byParentName.get(`${family(language)}\0${typeName}\0${name}`) ?? [];
    const local = file === null ? [] : all.filter((symbol) => symbol.file === file);
    return local.length > 0 ? local : all;
  };
  /** The innermost type (class/impl/object…) around a symbol. */
  const enclosingType = (symbol: ResolverSymbol | null): ResolverSymbol | null => {
    for (let current = symbol; current; current = parentOf(current)) if (TYPE_LIKE.has(current.kind)) return current;
    return null;
  };
  const decide = (candidates: readonly ResolverSymbol[], resolution: CallResolution): CallTarget | null => {
    if (candidates.length === 0) return null;
    if (candidates.length === 1) return { resolved_symbol_id: candidates[0]!.id, resolution };
    return { resolved_symbol_id: null, resolution: "ambiguous" };
  };

  function sameScope(call: ResolverCall, caller: ResolverSymbol | null): CallTarget | null {
    if (!caller) return null;
    const language = caller.language;
    if (call.receiver !== null) {
      if (!SELF_RECEIVERS.has(call.receiver)) return null;
      const type = enclosingType(caller);
      if (!type) return null;
      // Rust impls and Kotlin objects key members by the type name, classes by qualified name.
      const byQualified = membersOf(call.file, language, type.qualified_name, call.callee_name);
      return decide(byQualified.length > 0 ? byQualified : membersOf(call.file, language, type.name, call.callee_name), "same_scope");
    }
    // Bare call: walk the lexical chain outwards, stopping below the top level (that is same_file).
    for (let scope: ResolverSymbol | null = caller; scope; scope = parentOf(scope)) {
      if (TYPE_LIKE.has(scope.kind) && !IMPLICIT_RECEIVER.has(language)) continue;
      const found = (byFileName.get(call.file)?.get(call.callee_name) ?? []).filter(
        (symbol) => symbol.parent === scope!.qualified_name && CALLABLE.has(symbol.kind),
      );
      const hit = decide(found, "same_scope");
      if (hit) return hit;
    }
    return null;
  }

  function sameFile(call: ResolverCall): CallTarget | null {
    if (call.receiver === null) return decide(topLevel(call.file, call.callee_name).filter((symbol) => !isMember(symbol)), "same_file");
    // `Type.create()` / `Type::new()` where Type is defined in this file.
    const type = (byFileName.get(call.file)?.get(call.receiver) ?? []).filter((symbol) => TYPE_LIKE.has(symbol.kind));
    if (type.length === 0) return null;
    return decide(membersOf(call.file, type[0]!.language, type[0]!.qualified_name, call.callee_name), "same_file");
  }

  /** A bound import decides the call even when its target is outside the index: `unresolved`, never a global guess. */
  function imported(call: ResolverCall, language: string): CallTarget | null {
    const head = call.receiver === null ? call.callee_name : call.receiver.split(/\.|::/)[0]!;
    const binding = bindings.get(call.file)?.get(head);
    if (!binding) return null;
    const unresolved: CallTarget = { resolved_symbol_id: null, resolution: "unresolved" };
    if (binding.resolved_file === null) return unresolved;
    const target = binding.resolved_file;
    if (call.receiver === null) {
      const name = binding.name === null || binding.name === "default" || binding.name === "*" ? call.callee_name : binding.name;
      return decide(topLevel(target, name), "import") ?? decide(topLevel(target, call.callee_name), "import") ?? unresolved;
    }
    if (call.receiver === head && (binding.name === "*" || binding.name === null || isModuleBinding(binding))) {
      // `store.get()` with `import * as store` / `import store` / `from . import store`.
      return decide(topLevel(target, call.callee_name), "import") ?? unresolved;
    }
    // `Store.create()` / `Store::new()` with `Store` imported from the target file.
    const typeName = binding.name && binding.name !== "default" && binding.name !== "*" ? binding.name : head;
    if (call.receiver === head) return decide(membersOf(target, language, typeName, call.callee_name), "import") ?? unresolved;
    return null;
  }

  function global(call: ResolverCall, language: string): CallTarget {
    const all = byFamilyName.get(`${family(language)}\0${call.callee_name}`);
    const candidates = call.kind === "new" ? (all ?? []).filter((symbol) => TYPE_LIKE.has(symbol.kind)) : callable(all, call.receiver !== null);
    return decide(candidates, "global_unique") ?? { resolved_symbol_id: null, resolution: "unresolved" };
  }

  return function resolve(call: ResolverCall, language: string): CallTarget {
    const caller = call.caller_symbol_id === null ? null : (byId.get(call.caller_symbol_id) ?? null);
    if (call.kind === "new" && call.receiver === null) {
      const types = topLevel(call.file, call.callee_name).filter((symbol) => TYPE_LIKE.has(symbol.kind));
      const local = decide(types, "same_file");
      if (local) return local;
    }
    return sameScope(call, caller) ?? sameFile(call) ?? imported(call, language) ?? global(call, language);
  };
}

/** The name an import binds in the importing file. */
function localName(entry: ResolverImport): string {
  if (entry.alias) return entry.alias;
  if (entry.name && entry.name !== "*" && entry.name !== "default") return entry.name;
  // `import os.path` binds `os`; `use crate::db` binds `db`; a bare JS side-effect import binds nothing.
  const segments = entry.module.split(/\.|::|\//).filter(Boolean);
  return entry.module.includes("::") ? (segments[segments.length - 1] ?? "") : (segments[0] ?? "");
}

/** Python `from . import store` / Rust `use crate::store`: the imported name is itself a module file. */
function isModuleBinding(entry: ResolverImport): boolean {
  if (entry.resolved_file === null || entry.name === null) return false;
  const stem = entry.resolved_file.replace(/\/(__init__|mod)\.[a-z]+$/, "").replace(/\.[a-z]+$/, "");
  return stem === entry.name || stem.endsWith(`/${entry.name}`);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function nested<K, V>(map: Map<string, Map<K, V[]>>, key: string): Map<K, V[]> {
  let inner = map.get(key);
  if (!inner) map.set(key, (inner = new Map()));
  return inner;
}

function nestedOne<K, V>(map: Map<string, Map<K, V>>, key: string): Map<K, V> {
  let inner = map.get(key);
  if (!inner) map.set(key, (inner = new Map()));
  return inner;
}
