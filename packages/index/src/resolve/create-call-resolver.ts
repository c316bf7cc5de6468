import { ResolverTables } from "./resolver-tables";
import { MemorySymbols, type SymbolSource } from "./symbol-source";
import type { CallTarget, ResolverCall, ResolverImport, ResolverMemberType, ResolverSymbol } from "./resolver-types";
import { bareCall } from "./bare-call";
import { receiverCall } from "./receiver-call";
import { resultOf } from "./result-of";
import type { Resolver } from "./resolver";
import { typeOf } from "./type-of";
import { callTarget, valueOwner, valuePathOwner } from "./value-paths";

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
  /** Every symbol, or where to read them from (a big index's symbols, read on demand). */
  symbols: readonly ResolverSymbol[] | SymbolSource,
  imports: readonly ResolverImport[],
  /** Member types; with a `SymbolSource`, it supplies them and these are ignored. */
  memberTypes: readonly ResolverMemberType[] = [],
  /** The language of every indexed file (files with imports or calls but no symbol too). */
  fileLanguages: ReadonlyMap<string, string> | null = null,
): (call: ResolverCall, language: string) => CallTarget {
  const source = isSymbolArray(symbols) ? new MemorySymbols(symbols, memberTypes) : symbols;
  const tables = new ResolverTables(source, imports, fileLanguages);
  const stars = new Map<string, string[]>();
  for (const entry of imports) {
    if (entry.name === "*" && entry.alias === null && entry.kind !== "export_from" && entry.resolved_file !== null) {
      const list = stars.get(entry.file);
      if (list) list.push(entry.resolved_file);
      else stars.set(entry.file, [entry.resolved_file]);
    }
  }
  const r: Resolver = {
    tables,
    stars,
    inference: {
      tables,
      typeOf: (text, file, caller, language, depth, callee) => r.typeOf(text, file, caller, language, depth, caller, callee),
      callTarget: (path, file, caller, language) => r.callTarget(path, file, caller, language),
      valueOwner: (file, segments) => r.valuePathOwner(file, segments, tables.languageOf(file) ?? ""),
    },
    bareCall: (call, caller, language) => bareCall(r, call, caller, language),
    receiverCall: (call, caller, language) => receiverCall(r, call, caller, language),
    typeOf: (text, file, caller, language, depth, scope = caller, callee) => typeOf(r, text, file, caller, language, depth, scope, callee),
    resultOf: (symbol, language, depth, applications = 1, self) => resultOf(r, symbol, language, depth, applications, self),
    callTarget: (path, file, caller, language) => callTarget(r, path, file, caller, language),
    valuePathOwner: (file, segments, language) => valuePathOwner(r, file, segments, language),
    valueOwner: (candidates, language) => valueOwner(r, candidates, language),
  };
  // Bases are type paths, `f()` (`class A extends Schema.Class<A>("A")(…)`) or `=a.b`.
  tables.baseResolver = (type, name) => r.typeOf(name, type.file, null, type.language, 1, type);

  return function resolve(call: ResolverCall, language: string): CallTarget {
    const caller = call.caller_symbol_id === null ? null : (tables.symbol(call.caller_symbol_id) ?? null);
    return call.receiver === null ? r.bareCall(call, caller, language) : r.receiverCall(call, caller, language);
  };
}

function isSymbolArray(symbols: readonly ResolverSymbol[] | SymbolSource): symbols is readonly ResolverSymbol[] {
  return Array.isArray(symbols);
}
