import { moduleSystemOf } from "./language-hooks";
import { packagePath, splitPackagePath } from "./package-scopes";
import { family, resolutionOf, TYPE_LIKE } from "./resolver-tables";
import { pickOne } from "./resolver-picks";
import type { CallTarget, ResolverCall, ResolverSymbol } from "./resolver-types";
import { enclosingContainer, memberFor, RECEIVER_PATH, SUPER_RECEIVERS, UNRESOLVED, type Resolver } from "./resolver";

// Receiver calls `r.f()`: `this`/`super`, a declared receiver type, a container or module path; else ambiguous or unresolved.

export function receiverCall(r: Resolver, call: ResolverCall, caller: ResolverSymbol | null, language: string): CallTarget {
  const lang = family(language);
  const model = resolutionOf(language);
  const receiver = call.receiver!;
  const accept = memberFor(r, call);
  const self = model.self;
  // An explicit `this: T` parameter (TS) declares what `this` is, whatever encloses the call.
  if (self.has(receiver) && call.receiver_type && model.typedThis) {
    const type = r.typeOf(call.receiver_type, call.file, caller, language, 0);
    if (type) return pickOne(r.tables.findMember(type, call.callee_name, accept), "typed", r.tables) ?? UNRESOLVED;
  }
  if (self.has(receiver) || SUPER_RECEIVERS.has(receiver)) {
    const owner = enclosingContainer(r, caller) ?? (caller && r.tables.isContainer(caller) ? caller : null);
    // An object literal with a declared type (`const Proto: Omit<Chunk, "x"> = { … }`): TS
    // types its methods' `this` as that type, so its members are what `this.m()` names.
    if (owner?.value_type && receiver === "this" && model.typedThis && !TYPE_LIKE.has(owner.kind)) {
      const type = r.typeOf(owner.value_type, owner.file, null, language, 0);
      const hit = type ? pickOne(r.tables.findMember(type, call.callee_name, accept), "typed", r.tables) : null;
      if (hit) return hit;
    }
    if (owner) {
      const found = SUPER_RECEIVERS.has(receiver)
        ? r.tables.heritage(owner).flatMap((base) => r.tables.findMember(base, call.callee_name, accept))
        : r.tables.findMember(owner, call.callee_name, accept);
      const hit = pickOne(found, "same_scope", r.tables);
      if (hit) return hit;
    }
    return fallback(r, call, lang);
  }
  // `new A.B.Type()`, `A.B.Type.f()`: a path into a declared package says more than a first
  // segment that a `using A.B.X;` happens to bind, or a type read from its segments.
  if (!call.local && splitPackagePath(packagePath(receiver))) {
    const hit = packageQualified(r, call, accept, lang);
    if (hit && hit.resolution !== "unresolved") return hit;
  }
  if (call.receiver_type) {
    const type = r.typeOf(call.receiver_type, call.file, caller, language, 0, caller, call.callee_name);
    if (type) return pickOne(r.tables.findMember(type, call.callee_name, accept), "typed", r.tables) ?? UNRESOLVED;
    if (type === null) return UNRESOLVED;
  }
  // A receiver whose head is a variable of the caller (Python) names no module or class.
  if (RECEIVER_PATH.test(receiver) && !call.local) {
    const hit = receiverPath(r, call, receiver.split(/\.|::/u), accept, language);
    if (hit) return hit;
  }
  if (!call.local) {
    const hit = packageQualified(r, call, accept, lang);
    if (hit) return hit;
  }
  return fallback(r, call, lang);
}

/**
 * `\App\Util\shout()`, `new \App\Util\Formatter()`, `\App\Util\Formatter::upper()`,
 * `new A.B.Type()`: a receiver that is a declared package (the call names a top-level symbol
 * of its files) or a type in one. Null when the receiver names no declared package.
 */
function packageQualified(r: Resolver, call: ResolverCall, accept: (symbol: ResolverSymbol) => boolean, languageFamily: string): CallTarget | null {
  const receiver = packagePath(call.receiver!);
  if (r.tables.packageScopes.declaresPackage(receiver))
    return pickOne(r.tables.packageScopes.packageMembers(receiver, call.callee_name, languageFamily).filter(accept), "import", r.tables) ?? UNRESOLVED;
  const type = r.tables.packageScopes.qualifiedType(receiver, languageFamily);
  if (type === undefined) return null;
  return (type && pickOne(r.tables.findMember(type, call.callee_name, accept), "import", r.tables)) ?? UNRESOLVED;
}

/** `Store.open()`, `Effect.map()`, `Schema.String.pipe()`, `util.format()`: a receiver naming a container, a typed binding or a module. */
export function receiverPath(
  r: Resolver,
  call: ResolverCall,
  segments: string[],
  accept: (symbol: ResolverSymbol) => boolean,
  language: string,
): CallTarget | null {
  const head = segments[0]!;
  const imported = r.tables.topLevel(call.file, head).length === 0 || r.tables.importBound(call.file, head);
  if (imported && r.tables.isPathHead(call.file, head)) {
    // `crate::repo::save()`, `super::util::f()`: a function at the top level of the module file.
    const file = r.tables.modulePath(call.file, segments);
    if (file !== null) return exportedCallee(r, file, call, accept);
  }
  if (imported && moduleSystemOf(language)?.dottedModuleImports) {
    const hit = dottedModulePath(r, call, segments, accept, language);
    if (hit) return hit;
  }
  if (imported && segments.length === 1) {
    // `ns.f()` with `import * as ns`: a top-level function of that module.
    const namespace = r.tables.namespaceFile(call.file, head);
    if (namespace === null) return UNRESOLVED;
    if (namespace !== undefined) return exportedCallee(r, namespace, call, accept);
  }
  const owner = r.valuePathOwner(call.file, segments, language);
  if (owner === undefined) return null;
  if (owner === null) return UNRESOLVED;
  return pickOne(r.tables.findMember(owner, call.callee_name, accept), imported ? "import" : "same_file", r.tables) ?? UNRESOLVED;
}

/**
 * `email.utils.parseaddr()`, `a.f()` or `mod.Class.method()` after `import email.utils` /
 * `import a.b`: the longest prefix of the receiver that such an import names is the
 * module; the rest is a class path in it. Null when no whole-module import binds the head.
 */
export function dottedModulePath(
  r: Resolver,
  call: ResolverCall,
  segments: string[],
  accept: (symbol: ResolverSymbol) => boolean,
  language: string,
): CallTarget | null {
  for (let length = segments.length; length > 0; length--) {
    const file = r.tables.moduleImports.module(call.file, segments.slice(0, length).join("."));
    if (file === undefined) continue;
    if (file === null) return UNRESOLVED;
    const rest = segments.slice(length);
    if (rest.length === 0) return exportedCallee(r, file, call, accept);
    let owner = r.valueOwner(r.tables.exported(file, rest[0]!).symbols, language);
    for (const segment of rest.slice(1)) owner = owner ? r.valueOwner(r.tables.members(owner, segment), language) : owner;
    if (owner === undefined) return null;
    if (owner === null) return UNRESOLVED;
    return pickOne(r.tables.findMember(owner, call.callee_name, accept), "import", r.tables) ?? UNRESOLVED;
  }
  return null;
}

/** An undecidable receiver: `ambiguous` when the index holds several members of the name, else `unresolved`. */
export function fallback(r: Resolver, call: ResolverCall, lang: string): CallTarget {
  const accept = memberFor(r, call);
  const owners = new Set<string>();
  for (const symbol of r.tables.named(lang, call.callee_name)) {
    if (accept(symbol) && r.tables.isMember(symbol)) owners.add(`${symbol.file}\0${symbol.parent}`);
    if (owners.size > 1) return { resolved_symbol_id: null, resolution: "ambiguous" };
  }
  return UNRESOLVED;
}

/** The call's callee among what `file` exports, as an import; unresolved when `pickOne` finds no single target. */
function exportedCallee(r: Resolver, file: string, call: ResolverCall, accept: (symbol: ResolverSymbol) => boolean): CallTarget {
  return pickOne(r.tables.exported(file, call.callee_name).symbols.filter(accept), "import", r.tables) ?? UNRESOLVED;
}
