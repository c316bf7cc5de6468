import type { InferenceHost } from "./inferred-types";
import { CALLABLE, CONSTRUCTIBLE, type ResolverTables } from "./resolver-tables";
import type { CallTarget, ResolverCall, ResolverSymbol } from "./resolver-types";

/**
 * The call resolver's shared state and its mutually recursive steps, one object so each
 * step lives in its own module (bare-call, receiver-call, type-of, result-of, value-paths)
 * and calls the others through it. Built once per pass by `createCallResolver`.
 */
export interface Resolver {
  readonly tables: ResolverTables;
  /** file -> the files its `import *` (no alias) rows bind every exported name of. */
  readonly stars: ReadonlyMap<string, readonly string[]>;
  /** What the inferred-types steps read back from the resolver. */
  readonly inference: InferenceHost;
  bareCall(call: ResolverCall, caller: ResolverSymbol | null, language: string): CallTarget;
  receiverCall(call: ResolverCall, caller: ResolverSymbol | null, language: string): CallTarget;
  typeOf(
    text: string,
    file: string,
    caller: ResolverSymbol | null,
    language: string,
    depth: number,
    scope?: ResolverSymbol | null,
    callee?: string,
  ): ResolverSymbol | null | undefined;
  resultOf(
    symbol: ResolverSymbol | null,
    language: string,
    depth: number,
    applications?: number,
    self?: () => ResolverSymbol | null | undefined,
  ): ResolverSymbol | null | undefined;
  callTarget(path: string, file: string, caller: ResolverSymbol | null, language: string): ResolverSymbol | null;
  valuePathOwner(file: string, segments: readonly string[], language: string): ResolverSymbol | null | undefined;
  valueOwner(candidates: readonly ResolverSymbol[], language: string): ResolverSymbol | null | undefined;
}

// Per-language facts (self receivers, implicit receiver, import scoping, typed `this`) come
// from each language's definition in @tsift/graph, through `resolutionOf`.
export const SUPER_RECEIVERS = new Set(["super", "super()"]);
/** Trailing call markers of a receiver type: `f()()` is what calling `f`'s result yields. */
export const APPLICATIONS = /(?:\(\))+$/u;
export const RECEIVER_PATH = /^[\p{L}_$][\w$]*(?:(?:\.|::)[\p{L}_$][\w$]*)*$/u;

/** Member kinds: under a function (not a container) they are an object literal's members. */
export const OBJECT_MEMBERS = new Set(["method", "getter", "setter"]);
/** Kinds that name a type only, never a value. */
export const TYPES_ONLY = new Set(["interface", "type_alias", "trait"]);
export const UNRESOLVED: CallTarget = { resolved_symbol_id: null, resolution: "unresolved" };
/** What calling yields the symbol itself: a constructor call. */
export const CONSTRUCTED_TYPES = new Set(["class", "struct", "data_class", "sealed_class", "enum_class"]);

/** The symbols a call can run: what `new X()` constructs, else what `x()` calls. */
export function callableFor(_r: Resolver, call: ResolverCall): (symbol: ResolverSymbol) => boolean {
  return call.kind === "new" ? (symbol) => CONSTRUCTIBLE.has(symbol.kind) : (symbol) => CALLABLE.has(symbol.kind);
}

/** The members a receiver call can run: callable, and not an accessor. */
export function memberFor(r: Resolver, call: ResolverCall): (symbol: ResolverSymbol) => boolean {
  const accept = callableFor(r, call);
  return (symbol) => accept(symbol) && symbol.kind !== "getter" && symbol.kind !== "setter";
}

/** The class, struct, impl or object literal around a symbol (what `this`/`self` is in it). */
export function enclosingContainer(r: Resolver, symbol: ResolverSymbol | null): ResolverSymbol | null {
  const { tables } = r;
  for (let current = symbol?.parent != null ? tables.parentOf(symbol) : null; current; current = tables.parentOf(current)) {
    if (tables.isContainer(current) && current.kind !== "namespace" && current.kind !== "mod") return current;
  }
  return null;
}
