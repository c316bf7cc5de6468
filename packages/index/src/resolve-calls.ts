import {
  argumentBound,
  argumentStep,
  builtinStep,
  callableResult,
  inferredType,
  isInferred,
  splitSteps,
  stepName,
  taggedResult,
  type InferenceHost,
} from "./internal/inferred-types";
import { moduleSystemOf } from "@tsift/graph";
import { redefinedBefore } from "./internal/module-imports";
import { CALLABLE, CONSTRUCTIBLE, family, resolutionOf, ResolverTables, TYPE_LIKE } from "./internal/resolver-tables";
import { VALUE_CONTAINERS } from "./internal/resolution-models";
import { pickOne, preferType } from "./internal/resolver-picks";

// The resolver's data shapes; importers keep reading them from this module.
export type { CallResolution, CallTarget, ResolverCall, ResolverImport, ResolverMemberType, ResolverSymbol } from "./resolver-types";
import type { CallTarget, ResolverImport, ResolverMemberType, ResolverSymbol, ResolverCall } from "./resolver-types";

// Per-language facts (self receivers, implicit receiver, import scoping, typed `this`) come
// from each language's definition in @tsift/graph, through `resolutionOf`.
const SUPER_RECEIVERS = new Set(["super", "super()"]);
/** Trailing call markers of a receiver type: `f()()` is what calling `f`'s result yields. */
const APPLICATIONS = /(?:\(\))+$/u;
const RECEIVER_PATH = /^[\p{L}_$][\w$]*(?:(?:\.|::)[\p{L}_$][\w$]*)*$/u;

/** Member kinds: under a function (not a container) they are an object literal's members. */
const OBJECT_MEMBERS = new Set(["method", "getter", "setter"]);
/** Kinds that name a type only, never a value. */
const TYPES_ONLY = new Set(["interface", "type_alias", "trait"]);
const UNRESOLVED: CallTarget = { resolved_symbol_id: null, resolution: "unresolved" };
/** What calling yields the symbol itself: a constructor call. */
const CONSTRUCTED_TYPES = new Set(["class", "struct", "data_class", "sealed_class", "enum_class"]);

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
 * (`receiver_type`, from `x: Store`, `new Store()`, class fields, declared return types;
 * in TS an explicit `this: T` parameter, or the declared type of the object literal around
 * the method, decides `this`). A union alias's member is the members of its constituents
 * (one when they share it). Any other receiver (a
 * `Map`, an array, an untyped parameter) stays `unresolved`, or `ambiguous` when the
 * index holds several members of that name: it is never bound to the one indexed method
 * that happens to share the name. Overload declarations of one name in one scope count as
 * one candidate (the first).
 */
export function createCallResolver(
  symbols: readonly ResolverSymbol[],
  imports: readonly ResolverImport[],
  memberTypes: readonly ResolverMemberType[] = [],
  /** The language of every indexed file (files with imports or calls but no symbol too). */
  fileLanguages: ReadonlyMap<string, string> | null = null,
) {
  const tables = new ResolverTables(symbols, imports, memberTypes, fileLanguages);
  // Bases are type paths, `f()` (`class A extends Schema.Class<A>("A")(…)`) or `=a.b`.
  tables.baseResolver = (type, name) => typeOf(name, type.file, null, type.language, 1, type);
  const stars = new Map<string, string[]>();
  for (const entry of imports) {
    if (entry.name === "*" && entry.alias === null && entry.kind !== "export_from" && entry.resolved_file !== null) {
      const list = stars.get(entry.file);
      if (list) list.push(entry.resolved_file);
      else stars.set(entry.file, [entry.resolved_file]);
    }
  }

  const callableFor = (call: ResolverCall) =>
    call.kind === "new" ? (symbol: ResolverSymbol) => CONSTRUCTIBLE.has(symbol.kind) : (symbol: ResolverSymbol) => CALLABLE.has(symbol.kind);
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
    const model = resolutionOf(language);
    const accept = callableFor(call);
    // The caller's lexical chain, below the top level (that is the file's scope).
    for (let scope: ResolverSymbol | null = caller; scope; scope = tables.parentOf(scope)) {
      if (tables.isContainer(scope) && scope.kind !== "namespace" && scope.kind !== "mod") {
        if (!model.implicitReceiver) continue;
        const hit = pickOne(tables.findMember(scope, call.callee_name, accept), "same_scope", tables);
        if (hit) return hit;
        continue;
      }
      const hit = pickOne(
        redefinedBefore(
          // An object literal's members (parented to the function around the literal) are no lexical bindings.
          tables
            .inFile(call.file, call.callee_name)
            .filter((symbol) => symbol.parent === scope!.qualified_name && accept(symbol) && !OBJECT_MEMBERS.has(symbol.kind)),
          call,
          scope === caller,
          model,
        ),
        "same_scope",
        tables,
      );
      if (hit) return hit;
    }
    // A parameter or local variable: only definitions nested in the caller can be it.
    if (call.local) return UNRESOLVED;
    // Zig's `const f = @import("x.zig").f` is a top-level const that only names the import.
    const local = tables.importBound(call.file, call.callee_name)
      ? null
      : pickOne(
          redefinedBefore(
            tables.topLevel(call.file, call.callee_name).filter((symbol) => accept(symbol) && !tables.isMember(symbol)),
            call,
            caller === null,
            model,
          ),
          "same_file",
          tables,
        );
    if (local) return local;

    const binding = tables.binding(call.file, call.callee_name);
    if (binding) {
      if (binding.resolved_file === null) return UNRESOLVED;
      const name = binding.name === null || binding.name === "default" || binding.name === "*" ? call.callee_name : binding.name;
      const found = tables.exported(binding.resolved_file, name).symbols.filter(accept);
      return (
        pickOne(found, "import", tables) ?? pickOne(tables.topLevel(binding.resolved_file, call.callee_name).filter(accept), "import", tables) ?? UNRESOLVED
      );
    }
    for (const file of stars.get(call.file) ?? []) {
      const hit = pickOne(tables.exported(file, call.callee_name).symbols.filter(accept), "import", tables);
      if (hit) return hit;
    }
    const scoped = model.importScope;
    if (scoped === "always" || (scoped === "modules" && tables.modules.has(call.file))) return UNRESOLVED;
    const all = tables.byFamilyName.get(`${lang}\0${call.callee_name}`) ?? [];
    // Where only modules are scoped, a global name is a script's top-level definition.
    const candidates = all.filter(
      (symbol) => accept(symbol) && !tables.isMember(symbol) && (scoped !== "modules" || (symbol.parent === null && !tables.modules.has(symbol.file))),
    );
    return pickOne(candidates, "global_unique", tables) ?? UNRESOLVED;
  }

  function receiverCall(call: ResolverCall, caller: ResolverSymbol | null, language: string): CallTarget {
    const lang = family(language);
    const model = resolutionOf(language);
    const receiver = call.receiver!;
    const accept = memberFor(call);
    const self = model.self;
    // An explicit `this: T` parameter (TS) declares what `this` is, whatever encloses the call.
    if (self.has(receiver) && call.receiver_type && model.typedThis) {
      const type = typeOf(call.receiver_type, call.file, caller, language, 0);
      if (type) return pickOne(tables.findMember(type, call.callee_name, accept), "typed", tables) ?? UNRESOLVED;
    }
    if (self.has(receiver) || SUPER_RECEIVERS.has(receiver)) {
      const owner = enclosingContainer(caller) ?? (caller && tables.isContainer(caller) ? caller : null);
      // An object literal with a declared type (`const Proto: Omit<Chunk, "x"> = { … }`): TS
      // types its methods' `this` as that type, so its members are what `this.m()` names.
      if (owner?.value_type && receiver === "this" && model.typedThis && !TYPE_LIKE.has(owner.kind)) {
        const type = typeOf(owner.value_type, owner.file, null, language, 0);
        const hit = type ? pickOne(tables.findMember(type, call.callee_name, accept), "typed", tables) : null;
        if (hit) return hit;
      }
      if (owner) {
        const found = SUPER_RECEIVERS.has(receiver)
          ? tables.heritage(owner).flatMap((base) => tables.findMember(base, call.callee_name, accept))
          : tables.findMember(owner, call.callee_name, accept);
        const hit = pickOne(found, "same_scope", tables);
        if (hit) return hit;
      }
      return fallback(call, lang);
    }
    if (call.receiver_type) {
      const type = typeOf(call.receiver_type, call.file, caller, language, 0, caller, call.callee_name);
      if (type) return pickOne(tables.findMember(type, call.callee_name, accept), "typed", tables) ?? UNRESOLVED;
      if (type === null) return UNRESOLVED;
    }
    // A receiver whose head is a variable of the caller (Python) names no module or class.
    if (RECEIVER_PATH.test(receiver) && !call.local) {
      const hit = receiverPath(call, receiver.split(/\.|::/u), accept, language);
      if (hit) return hit;
    }
    return fallback(call, lang);
  }

  /**
   * The container a receiver type names (`CallSite.receiver_type` notation): a type path,
   * `path()` (what calling `path` yields: its declared return type), `this`, then `#member`
   * / `#member()` steps. Undefined when the expression cannot be followed (the caller then
   * tries the receiver text), null when it leads outside the index (`Map`, a type
   * parameter): no indexed member can be the target. Type names are looked up from `scope`
   * outwards (the namespaces around it), then in the file.
   */
  function typeOf(
    text: string,
    file: string,
    caller: ResolverSymbol | null,
    language: string,
    depth: number,
    scope: ResolverSymbol | null = caller,
    /** The member called on the result: picks among a `yield*`'s candidates (inferred-types). */
    callee?: string,
  ): ResolverSymbol | null | undefined {
    if (depth > 6) return undefined;
    const [written, ...steps] = splitSteps(text);
    // `Map<K, V>#get()` is a `V`; explicit type arguments of a call (`f()<A>`) name no container.
    const builtin = steps.length > 0 ? builtinStep(written, steps[0]!) : null;
    // (the call's argument step, if any, says nothing more: `Map#get(k)` is a `V` whatever `k` is)
    if (builtin) return typeOf([builtin, ...steps.slice(argumentStep(steps[1]) ? 2 : 1)].join("#"), file, caller, language, depth + 1, scope, callee);
    const head = written.replace(/(\(\))<.*>$/u, "$1");
    // The member used after step i (argument steps skipped): picks among candidate types.
    const wanted = (i: number) => {
      const next = steps.slice(i).find((step) => !step.startsWith("@("));
      return next === undefined ? callee : stepName(next);
    };
    let current: ResolverSymbol | null | undefined;
    if (isInferred(head)) current = inferredType(inference, head, file, caller, language, depth, wanted(0));
    else if (head === "this") current = enclosingContainer(caller) ?? undefined;
    else if (head.startsWith("=")) current = valuePathOwner(file, head.slice(1).split("."), language);
    else if (head.endsWith("()")) {
      const path = head.replace(APPLICATIONS, "");
      const dot = path.lastIndexOf(".");
      // A method returning `this` yields its receiver's type (`String.annotate()` is a `String`).
      const self = () => (dot < 0 ? undefined : valuePathOwner(file, path.slice(0, dot).split("."), language));
      const target = callTarget(path, file, caller, language);
      const args = argumentStep(steps[0]);
      // `getRef<A>(ref: Reference<A>): A` called as `getRef(ClockRef)`: the argument's type decides.
      if (args && target?.return_type?.startsWith("@") && head.length - path.length === 2)
        current = argumentBound(inference, target.return_type, args, file, caller, language, depth + 1, wanted(1));
      else current = resultOf(target, language, depth, (head.length - path.length) / 2, self);
    } else {
      current = tables.resolveTypeIn(file, head, scope);
      // `const User = repo.User;` (Zig): a type name that aliases a value path.
      const alias = current || head.includes(".") ? undefined : tables.topLevel(file, head).find((symbol) => symbol.value_type?.startsWith("="));
      if (alias) current = typeOf(alias.value_type!, alias.file, null, language, depth + 1);
    }
    for (let index = 0; index < steps.length; index++) {
      const step = steps[index]!;
      if (!current) return current;
      // An argument step not read by the call before it.
      if (step.startsWith("@(")) continue;
      // `T#()`: calling a value of the callable type T (inferred-types).
      if (step === "()") {
        current = callableResult(tables, current, (type) => resultOf(type, language, depth + 1));
        continue;
      }
      // `T#\``: a tagged template of a value of type T (inferred-types).
      if (step === "`") {
        current = taggedResult(inference, current, (type) => resultOf(type, language, depth + 1), depth);
        continue;
      }
      if (step.endsWith("()")) {
        const name = step.replace(APPLICATIONS, "");
        const found = pickOne(
          tables.findMember(current, name, (symbol) => CALLABLE.has(symbol.kind)),
          "typed",
          tables,
        );
        const receiver = current;
        const method = found?.resolved_symbol_id == null ? null : tables.byId.get(found.resolved_symbol_id)!;
        const args = argumentStep(steps[index + 1]);
        if (args && method?.return_type?.startsWith("@") && step.length - name.length === 2) {
          current = argumentBound(inference, method.return_type, args, file, caller, language, depth + 1, wanted(index + 2));
          index++;
        } else current = resultOf(method, language, depth, (step.length - name.length) / 2, () => receiver);
        continue;
      }
      // `#xs[]`: the element of the member's declared array type.
      const element = step.endsWith("[]");
      const name = element ? step.slice(0, -2) : step;
      const member = tables.memberType(current, name);
      const next = steps[index + 1];
      const got = member && next !== undefined && !element ? builtinStep(member.type, next) : null;
      if (got) {
        // `this.cache.get(k)` with `cache: Map<K, V>`: a `V`.
        current = typeOf(got, member!.file, null, language, depth + 1);
        index++;
        continue;
      }
      if (element) current = member?.type.endsWith("[]") ? typeOf(member.type.slice(0, -2), member.file, null, language, depth + 1) : undefined;
      else if (member) current = typeOf(member.type, member.file, null, language, depth + 1);
      else {
        const symbols = tables.findMember(current, step, () => true);
        const typed = symbols.find((symbol) => symbol.value_type);
        current = typed
          ? typeOf(typed.value_type!, typed.file, null, language, depth + 1)
          : (symbols.find((symbol) => tables.isContainer(symbol)) ?? undefined);
      }
    }
    return current;
  }

  const inference: InferenceHost = {
    tables,
    typeOf: (text, file, caller, language, depth, callee) => typeOf(text, file, caller, language, depth, caller, callee),
    callTarget: (path, file, caller, language) => callTarget(path, file, caller, language),
    valueOwner: (file, segments) => valuePathOwner(file, segments, tables.languageOf(file) ?? ""),
  };

  /**
   * The container `applications` successive calls of `symbol` yield (`f(a)` is 1, `f(a)(b)`
   * is 2), from its declared return type: `>R` is a function returning `R`, so one call
   * yields no indexed type (null) and two yield `R`; a plain `R` answers both, as a dual
   * API's data-first and curried forms end in the same type (extraction records `R` for an
   * overload list only then). `this` is the receiver's type (`self`); a binding typed by a
   * callable interface yields what that interface's call signatures return.
   */
  function resultOf(
    symbol: ResolverSymbol | null,
    language: string,
    depth: number,
    applications = 1,
    self?: () => ResolverSymbol | null | undefined,
  ): ResolverSymbol | null | undefined {
    if (!symbol || depth > 6) return undefined;
    const returns = symbol.return_type;
    // Calling a class or struct (Kotlin `Service()`, a Rust tuple struct) constructs one.
    if (!returns && CONSTRUCTED_TYPES.has(symbol.kind)) return applications === 1 ? symbol : undefined;
    // Zig's `fn Mixin(T) type { return struct { … } }`: the struct it returns is its members.
    if (returns === "type" && tables.hasMembers(symbol)) return applications === 1 ? symbol : undefined;
    // `const decode = Schema.decodeUnknownEffect(schema)`: calling it calls what that call returned.
    if (!returns && symbol.value_type?.endsWith("()") && !symbol.value_type.startsWith("="))
      return typeOf(`${symbol.value_type}${"()".repeat(applications)}`, symbol.file, null, language, depth + 1);
    if (!returns && symbol.value_type && !tables.isContainer(symbol)) {
      // A binding whose declared type is a callable interface: what calling that type yields.
      const type = typeOf(symbol.value_type, symbol.file, null, language, depth + 1);
      return type ? resultOf(type, language, depth + 1, applications) : undefined;
    }
    // `@k`: bound by the call's arguments (read where they are known, in typeOf).
    if (!returns || applications > 2 || returns.startsWith("@")) return undefined;
    if (returns === "this") return applications === 1 ? self?.() : undefined;
    // `{}`: it returns an object literal, whose members extraction parents to the function itself.
    if (returns === "{}") return applications === 1 ? symbol : undefined;
    if (returns.startsWith(">")) return applications === 1 ? null : typeOf(returns.slice(1), symbol.file, null, language, depth + 1);
    // `export const map = internal.map`: its calls are `internal.map`'s, curried ones too.
    if (returns.endsWith("()")) return typeOf(applications === 2 ? `${returns}()` : returns, symbol.file, null, language, depth + 1);
    const result = typeOf(returns, symbol.file, null, language, depth + 1);
    // Calling what it returns: a callable type's call result, else (a dual API) the same type.
    if (applications === 2 && result?.return_type) return resultOf(result, language, depth + 1);
    return result;
  }

  /** The symbol a value path (`Store.open`, `make`) names when called from `file`. */
  function callTarget(path: string, file: string, caller: ResolverSymbol | null, language: string): ResolverSymbol | null {
    const dot = path.lastIndexOf(".");
    const synthetic: ResolverCall = {
      id: 0,
      file,
      caller_symbol_id: caller?.id ?? null,
      callee_name: path.slice(dot + 1),
      receiver: dot < 0 ? null : path.slice(0, dot),
      kind: "call",
    };
    const target = synthetic.receiver === null ? bareCall(synthetic, caller, language) : receiverCall(synthetic, caller, language);
    return target.resolved_symbol_id === null ? null : (tables.byId.get(target.resolved_symbol_id) ?? null);
  }

  /** `Store.open()`, `Effect.map()`, `Schema.String.pipe()`, `util.format()`: a receiver naming a container, a typed binding or a module. */
  function receiverPath(call: ResolverCall, segments: string[], accept: (symbol: ResolverSymbol) => boolean, language: string): CallTarget | null {
    const head = segments[0]!;
    const imported = tables.topLevel(call.file, head).length === 0 || tables.importBound(call.file, head);
    if (imported && tables.isPathHead(call.file, head)) {
      // `crate::repo::save()`, `super::util::f()`: a function at the top level of the module file.
      const file = tables.modulePath(call.file, segments);
      if (file !== null) return pickOne(tables.exported(file, call.callee_name).symbols.filter(accept), "import", tables) ?? UNRESOLVED;
    }
    if (imported && moduleSystemOf(language)?.dottedModuleImports) {
      const hit = dottedModulePath(call, segments, accept, language);
      if (hit) return hit;
    }
    if (imported && segments.length === 1) {
      // `ns.f()` with `import * as ns`: a top-level function of that module.
      const namespace = tables.namespaceFile(call.file, head);
      if (namespace === null) return UNRESOLVED;
      if (namespace !== undefined) return pickOne(tables.exported(namespace, call.callee_name).symbols.filter(accept), "import", tables) ?? UNRESOLVED;
    }
    const owner = valuePathOwner(call.file, segments, language);
    if (owner === undefined) return null;
    if (owner === null) return UNRESOLVED;
    return pickOne(tables.findMember(owner, call.callee_name, accept), imported ? "import" : "same_file", tables) ?? UNRESOLVED;
  }

  /**
   * `email.utils.parseaddr()`, `a.f()` or `mod.Class.method()` after `import email.utils` /
   * `import a.b`: the longest prefix of the receiver that such an import names is the
   * module; the rest is a class path in it. Null when no whole-module import binds the head.
   */
  function dottedModulePath(call: ResolverCall, segments: string[], accept: (symbol: ResolverSymbol) => boolean, language: string): CallTarget | null {
    for (let length = segments.length; length > 0; length--) {
      const file = tables.moduleImports.module(call.file, segments.slice(0, length).join("."));
      if (file === undefined) continue;
      if (file === null) return UNRESOLVED;
      const rest = segments.slice(length);
      if (rest.length === 0) return pickOne(tables.exported(file, call.callee_name).symbols.filter(accept), "import", tables) ?? UNRESOLVED;
      let owner = valueOwner(tables.exported(file, rest[0]!).symbols, language);
      for (const segment of rest.slice(1)) owner = owner ? valueOwner(tables.members(owner, segment), language) : owner;
      if (owner === undefined) return null;
      if (owner === null) return UNRESOLVED;
      return pickOne(tables.findMember(owner, call.callee_name, accept), "import", tables) ?? UNRESOLVED;
    }
    return null;
  }

  /**
   * The container the value `a.b.c` stands for in `file`: a class, namespace or object
   * defined or imported there (through `import * as a`), a binding's declared type, then
   * members and typed fields step by step. Null when it leads outside the index, undefined
   * when the file says nothing about it.
   */
  function valuePathOwner(file: string, segments: readonly string[], language: string): ResolverSymbol | null | undefined {
    const [head, ...rest] = segments as [string, ...string[]];
    let owner: ResolverSymbol | null | undefined;
    const local = tables.importBound(file, head) ? [] : tables.topLevel(file, head);
    const crate = local.length === 0 && tables.isPathHead(file, head) ? tables.modulePath(file, [head]) : null;
    if (local.length > 0) owner = valueOwner(local, language);
    else if (crate !== null) {
      // `crate::repo::Store`: the crate root's (or this module's) items, step by step.
      if (rest.length === 0) return undefined;
      owner = valueOwner(tables.exported(crate, rest.shift()!).symbols, language);
    } else {
      const namespace = tables.namespaceFile(file, head);
      const binding = tables.binding(file, head);
      if (namespace === null || (namespace === undefined && binding && binding.resolved_file === null)) return null;
      if (namespace === undefined && !binding) return undefined;
      if (namespace !== undefined) {
        if (rest.length === 0) return undefined;
        owner = valueOwner(tables.exported(namespace, rest.shift()!).symbols, language);
      } else {
        const name = binding!.name && binding!.name !== "default" ? binding!.name : head;
        owner = valueOwner(tables.exported(binding!.resolved_file!, name).symbols, language);
      }
    }
    for (const segment of rest) {
      if (!owner) return owner;
      const member = tables.memberType(owner, segment);
      owner = member ? typeOf(member.type, member.file, null, language, 1) : valueOwner(tables.members(owner, segment), language);
    }
    return owner;
  }

  /**
   * What a name used as a value gives member calls: a class, namespace, enum or object
   * literal itself; else a binding's declared type (`const String: String = …`); else a
   * type of that name (an interface merged with a value).
   */
  function valueOwner(candidates: readonly ResolverSymbol[], language: string): ResolverSymbol | null | undefined {
    // `const Str: Str` beside `interface Str { … }`: the interface's members share the binding's
    // qualified name, so the binding looks like a container; its declared type is what it holds.
    const values = candidates.filter(
      (symbol) =>
        tables.isContainer(symbol) &&
        !TYPES_ONLY.has(symbol.kind) &&
        !(
          symbol.value_type &&
          VALUE_CONTAINERS.has(symbol.kind) &&
          candidates.some((type) => TYPES_ONLY.has(type.kind) && type.qualified_name === symbol.qualified_name)
        ),
    );
    if (values.length > 0) return preferType(values);
    const typed = candidates.find((symbol) => symbol.value_type);
    if (typed) return typeOf(typed.value_type!, typed.file, null, language, 1);
    const types = candidates.filter((symbol) => tables.isContainer(symbol));
    return types.length > 0 ? preferType(types) : undefined;
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
