import { CALLABLE, CONSTRUCTIBLE, family, ResolverTables } from "./internal/resolver-tables";

/** How a call's target was found, in the order the resolver tries. */
export type CallResolution = "same_scope" | "same_file" | "import" | "typed" | "global_unique" | "ambiguous" | "unresolved";

export interface ResolverSymbol {
  id: number;
  file: string;
  name: string;
  kind: string;
  language: string;
  parent: string | null;
  qualified_name: string;
  /** Declaration head: base types are read from it (`class A extends B implements C`). */
  signature?: string | null;
  /** `public` marks a TS/JS top-level export (the file is then an ES module). */
  visibility?: string | null;
}

export interface ResolverImport {
  file: string;
  module: string;
  /** Imported name; "*" for namespace imports, "default", or null for whole-module imports. */
  name: string | null;
  alias: string | null;
  resolved_file: string | null;
  /** import | require | dynamic | export_from | use | source; default import. */
  kind?: string;
}

export interface ResolverCall {
  id: number;
  file: string;
  caller_symbol_id: number | null;
  callee_name: string;
  receiver: string | null;
  kind: string;
  /** The receiver's declared type as written (`Store`, `Effect.Effect<A>`), when extraction could tell. */
  receiver_type?: string | null;
}

export interface CallTarget {
  resolved_symbol_id: number | null;
  resolution: CallResolution;
}

/** Receivers that mean "the enclosing type's instance or the type itself", per language family. */
const SELF_RECEIVERS: Readonly<Record<string, ReadonlySet<string>>> = {
  js: new Set(["this"]),
  python: new Set(["self", "cls"]),
  rust: new Set(["self", "Self"]),
  kotlin: new Set(["this"]),
};
const DEFAULT_SELF = new Set(["this", "self"]);
const SUPER_RECEIVERS = new Set(["super", "super()"]);
/** Languages where a bare call inside a class can reach a member without `this.` (Kotlin, like Java). */
const IMPLICIT_RECEIVER = new Set(["kotlin"]);
/** Languages whose files see nothing of other files without an import (Python; JS/TS ES modules). */
const IMPORT_SCOPED = new Set(["js", "python"]);
const RECEIVER_PATH = /^[\p{L}_$][\w$]*(?:(?:\.|::)[\p{L}_$][\w$]*)*$/u;

const UNRESOLVED: CallTarget = { resolved_symbol_id: null, resolution: "unresolved" };

/**
 * Resolves call sites to symbol ids, precision first: a call binds only where the
 * language's scoping decides the target.
 *
 * Bare calls `f()` / `new F()`: the caller's lexical scope (nested definitions; Kotlin
 * implicit `this`), then the file's top-level definitions (functions, classes, and
 * bindings holding functions such as `export const map = dual(…)`), then the import that
 * binds the name (aliases, namespaces, `export … from` chains followed to the defining
 * file), then a name unique across the language — except where files only see what they
 * import (Python, TS/JS ES modules: a global lookup is allowed only between script files).
 *
 * Receiver calls `r.f()` bind only when the receiver's type is known: `this`/`self`/`super`
 * (the caller's class or object literal, then its `extends`/`implements` ancestors), a
 * class, namespace or object defined in the file or imported (`Store.open()`,
 * `Effect.map()`, `Schema.String.pipe()`), or a declared type recorded for the receiver
 * (`receiver_type`, from `x: Store`, `new Store()`, class fields). Any other receiver (a
 * `Map`, an array, an untyped parameter) stays `unresolved`, or `ambiguous` when the
 * index holds several members of that name: it is never bound to the one indexed method
 * that happens to share the name. Overload declarations of one name in one scope count as
 * one candidate (the first).
 */
export function createCallResolver(symbols: readonly ResolverSymbol[], imports: readonly ResolverImport[]) {
  const tables = new ResolverTables(symbols, imports);
  const stars = new Map<string, string[]>();
  for (const entry of imports) {
    if (entry.name === "*" && entry.alias === null && entry.kind !== "export_from" && entry.resolved_file !== null) {
      const list = stars.get(entry.file);
      if (list) list.push(entry.resolved_file);
      else stars.set(entry.file, [entry.resolved_file]);
    }
  }

  const callableFor = (call: ResolverCall) => (call.kind === "new" ? (symbol: ResolverSymbol) => CONSTRUCTIBLE.has(symbol.kind) : (symbol: ResolverSymbol) => CALLABLE.has(symbol.kind));
  const memberFor = (call: ResolverCall) => {
    const accept = callableFor(call);
    return (symbol: ResolverSymbol) => accept(symbol) && symbol.kind !== "getter" && symbol.kind !== "setter";
  };

  /** The class, struct, impl or object literal around a symbol (what `this`/`self` is in it). */
  const enclosingContainer = (symbol: ResolverSymbol | null): ResolverSymbol | null => {
    for (let current = symbol?.parent != null ? tables.parentOf(symbol) : null; current; current = tables.parentOf(current)) {
      if (tables.isContainer(current) && current.kind !== "namespace" && current.kind !== "mod") return current;
    }
    return null;
  };

  function bareCall(call: ResolverCall, caller: ResolverSymbol | null, language: string): CallTarget {
    const lang = family(language);
    const accept = callableFor(call);
    // The caller's lexical chain, below the top level (that is the file's scope).
    for (let scope: ResolverSymbol | null = caller; scope; scope = tables.parentOf(scope)) {
      if (tables.isContainer(scope) && scope.kind !== "namespace" && scope.kind !== "mod") {
        if (!IMPLICIT_RECEIVER.has(lang)) continue;
        const hit = pickOne(tables.findMember(scope, call.callee_name, accept), "same_scope");
        if (hit) return hit;
        continue;
      }
      const hit = pickOne(
        tables.inFile(call.file, call.callee_name).filter((symbol) => symbol.parent === scope!.qualified_name && accept(symbol)),
        "same_scope",
      );
      if (hit) return hit;
    }
    const local = pickOne(
      tables.topLevel(call.file, call.callee_name).filter((symbol) => accept(symbol) && !tables.isMember(symbol)),
      "same_file",
    );
    if (local) return local;

    const binding = tables.binding(call.file, call.callee_name);
    if (binding) {
      if (binding.resolved_file === null) return UNRESOLVED;
      const name = binding.name === null || binding.name === "default" || binding.name === "*" ? call.callee_name : binding.name;
      const found = tables.exported(binding.resolved_file, name).symbols.filter(accept);
      return pickOne(found, "import") ?? pickOne(tables.topLevel(binding.resolved_file, call.callee_name).filter(accept), "import") ?? UNRESOLVED;
    }
    for (const file of stars.get(call.file) ?? []) {
      const hit = pickOne(tables.exported(file, call.callee_name).symbols.filter(accept), "import");
      if (hit) return hit;
    }
    if (IMPORT_SCOPED.has(lang) && (lang === "python" || tables.modules.has(call.file))) return UNRESOLVED;
    const all = tables.byFamilyName.get(`${lang}\0${call.callee_name}`) ?? [];
    const candidates = all.filter(
      (symbol) => accept(symbol) && !tables.isMember(symbol) && (lang !== "js" || (symbol.parent === null && !tables.modules.has(symbol.file))),
    );
    return pickOne(candidates, "global_unique") ?? UNRESOLVED;
  }

  function receiverCall(call: ResolverCall, caller: ResolverSymbol | null, language: string): CallTarget {
    const lang = family(language);
    const receiver = call.receiver!;
    const accept = memberFor(call);
    const self = SELF_RECEIVERS[lang] ?? DEFAULT_SELF;
    if (self.has(receiver) || SUPER_RECEIVERS.has(receiver)) {
      const owner = enclosingContainer(caller) ?? (caller && tables.isContainer(caller) ? caller : null);
      if (owner) {
        const found = SUPER_RECEIVERS.has(receiver)
          ? tables.heritage(owner).flatMap((base) => tables.findMember(base, call.callee_name, accept))
          : tables.findMember(owner, call.callee_name, accept);
        const hit = pickOne(found, "same_scope");
        if (hit) return hit;
      }
      return fallback(call, lang);
    }
    if (call.receiver_type) {
      const type = tables.resolveType(call.file, call.receiver_type);
      if (type) return pickOne(tables.findMember(type, call.callee_name, accept), "typed") ?? UNRESOLVED;
    }
    if (RECEIVER_PATH.test(receiver)) {
      const hit = receiverPath(call, receiver.split(/\.|::/u), accept);
      if (hit) return hit;
    }
    return fallback(call, lang);
  }

  /** `Store.open()`, `Effect.map()`, `Schema.String.pipe()`, `util.format()`: a receiver naming a container or a module. */
  function receiverPath(call: ResolverCall, segments: string[], accept: (symbol: ResolverSymbol) => boolean): CallTarget | null {
    const [head, ...rest] = segments as [string, ...string[]];
    let owner: ResolverSymbol | null = null;
    let resolution: CallTarget["resolution"] = "same_file";
    const localContainers = tables.topLevel(call.file, head).filter((symbol) => tables.isContainer(symbol));
    if (localContainers.length > 0) owner = preferType(localContainers);
    else {
      const namespace = tables.namespaceFile(call.file, head);
      const binding = tables.binding(call.file, head);
      if (namespace === null || (namespace === undefined && binding && binding.resolved_file === null)) return UNRESOLVED;
      resolution = "import";
      if (namespace !== undefined) {
        if (rest.length === 0) return pickOne(tables.exported(namespace, call.callee_name).symbols.filter(accept), "import") ?? UNRESOLVED;
        const first = tables.exported(namespace, rest.shift()!).symbols.filter((symbol) => tables.isContainer(symbol));
        if (first.length === 0) return UNRESOLVED;
        owner = preferType(first);
      } else if (binding?.resolved_file) {
        const name = binding.name && binding.name !== "default" ? binding.name : head;
        const imported = tables.exported(binding.resolved_file, name).symbols.filter((symbol) => tables.isContainer(symbol));
        if (imported.length === 0) return UNRESOLVED;
        owner = preferType(imported);
      }
    }
    if (!owner) return null;
    for (const segment of rest) {
      const next = tables.members(owner, segment).filter((symbol) => tables.isContainer(symbol));
      if (next.length === 0) return UNRESOLVED;
      owner = preferType(next);
    }
    return pickOne(tables.findMember(owner, call.callee_name, accept), resolution) ?? UNRESOLVED;
  }

  /** An undecidable receiver: `ambiguous` when the index holds several members of the name, else `unresolved`. */
  function fallback(call: ResolverCall, lang: string): CallTarget {
    const accept = memberFor(call);
    const owners = new Set<string>();
    for (const symbol of tables.byFamilyName.get(`${lang}\0${call.callee_name}`) ?? []) {
      if (accept(symbol) && tables.isMember(symbol)) owners.add(`${symbol.file}\0${symbol.parent}`);
      if (owners.size > 1) return { resolved_symbol_id: null, resolution: "ambiguous" };
    }
    return UNRESOLVED;
  }

  return function resolve(call: ResolverCall, language: string): CallTarget {
    const caller = call.caller_symbol_id === null ? null : (tables.byId.get(call.caller_symbol_id) ?? null);
    return call.receiver === null ? bareCall(call, caller, language) : receiverCall(call, caller, language);
  };
}

function preferType(symbols: readonly ResolverSymbol[]): ResolverSymbol {
  const rank = (symbol: ResolverSymbol) => (symbol.kind === "class" || symbol.kind === "struct" ? 0 : symbol.kind === "interface" || symbol.kind === "trait" ? 1 : 2);
  return [...symbols].sort((a, b) => rank(a) - rank(b) || a.id - b.id)[0]!;
}

/**
 * One candidate decides; several are `ambiguous`, unless they are one overload set (same
 * file, owner and name), which counts as its first declaration.
 */
function pickOne(candidates: readonly ResolverSymbol[], resolution: CallTarget["resolution"]): CallTarget | null {
  if (candidates.length === 0) return null;
  const first = candidates.reduce((best, symbol) => (symbol.id < best.id ? symbol : best));
  const sameSet = candidates.every((symbol) => symbol.file === first.file && symbol.parent === first.parent && symbol.name === first.name);
  if (candidates.length === 1 || sameSet) return { resolved_symbol_id: first.id, resolution };
  return { resolved_symbol_id: null, resolution: "ambiguous" };
}
