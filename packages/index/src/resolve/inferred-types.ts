import type { ResolverSymbol } from "./resolver-types";
import type { ResolverTables } from "./resolver-tables";

/**
 * The inferred parts of the TypeScript receiver-type notation (@tsift/graph typescript-types):
 * `*(X)` is what `yield* x` evaluates to and `~(X)` what `await x` does, X being x's type
 * expression; types may carry generic arguments (`Map<?,Store>`, `Service()<Store>` for a
 * call with explicit ones). Nothing here runs a type checker: the answer comes from the
 * generic arguments of the operand's declared type.
 *
 * - `await x`: `Promise<T>` / `PromiseLike<T>` yield `T`; any other type is itself.
 * - `yield* x`: the iterator's return type is one of the declared type's arguments
 *   (`Effect<A, E, R>` returns `A`, `Service<Id, Shape>` its `Shape`), and which one is
 *   generic-signature work a checker does. Code that type-checks only calls members the
 *   result has, so the argument is taken when exactly one of the indexed ones has the
 *   member called (or followed) next; otherwise nothing is bound.
 * - `Map<K, V>#get()` is a `V`; `A[]#shift()` (`pop`, `at`, `find`, `findLast`) an `A`.
 * - `&(callee,i,j)` is parameter j of a function passed as argument i to `callee` (`=path`, or
 *   `T#m` for a method of a typed receiver): the type the callee declares for it, which
 *   extraction recorded as the callee's member type `(i.j)`.
 */

/** What the resolver lends: its type-expression reader and the symbol a value path or call names. */
export interface InferenceHost {
  readonly tables: ResolverTables;
  typeOf(text: string, file: string, caller: ResolverSymbol | null, language: string, depth: number, callee?: string): ResolverSymbol | null | undefined;
  callTarget(path: string, file: string, caller: ResolverSymbol | null, language: string): ResolverSymbol | null;
  /** The container a value path stands for (the resolver's `valuePathOwner`). */
  valueOwner(file: string, segments: readonly string[]): ResolverSymbol | null | undefined;
}

const MAPS = /^(?:Readonly|Weak)?Map$/u;
const PROMISES = /^(?:Promise|PromiseLike)$/u;

/** `a#b()#c` → [`a`, `b()`, `c`]: steps split at `#` outside the parentheses of `*(…)`/`~(…)`. */
export function splitSteps(text: string): [string, ...string[]] {
  if (!text.includes("(") || !/[*~&@]\(/u.test(text)) return text.split("#") as [string, ...string[]];
  return splitTopLevel(text, "#") as [string, ...string[]];
}

/** `Map<?,Store>` → `Map`, [`?`, `Store`]; nested arguments stay whole; a trailing `[]` stays on the head. */
export function typeArguments(text: string): { head: string; args: string[] } {
  const open = text.indexOf("<");
  if (open < 0) return { head: text, args: [] };
  const close = text.lastIndexOf(">");
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = start; i < close; i++) {
    const char = text[i];
    if (char === "<") depth++;
    else if (char === ">") depth--;
    else if (char === "," && depth === 0) {
      args.push(text.slice(start, i));
      start = i + 1;
    }
  }
  args.push(text.slice(start, close));
  return { head: text.slice(0, open) + text.slice(close + 1), args };
}

/** A step's member name (`get()` → `get`, `xs[]` → `xs`). */
export function stepName(step: string): string {
  return step.replace(/(?:\(\))+$|\[\]$/u, "");
}

/** Array methods that return one element. */
const ELEMENT_METHODS = new Set(["shift()", "pop()", "at()", "find()", "findLast()"]);

/** `Map<K,V>` followed by `get()`: the `V`; `A[]` followed by `shift()`, `pop()`, `at()`, `find()`: the `A` (else null). */
export function builtinStep(type: string, step: string): string | null {
  if (ELEMENT_METHODS.has(step) && type.endsWith("[]")) return type.slice(0, -2);
  if (step !== "get()") return null;
  const { head, args } = typeArguments(type);
  return MAPS.test(head) && args.length === 2 && args[1] !== "?" ? args[1]! : null;
}

export function isInferred(head: string): boolean {
  return head.startsWith("*(") || head.startsWith("~(") || head.startsWith("&(");
}

/**
 * The container `*(X)` / `~(X)` stands for; `want` is the member used on it next (the
 * callee, or the following step), which picks among a `yield*`'s candidate arguments.
 */
export function inferredType(
  host: InferenceHost,
  head: string,
  file: string,
  caller: ResolverSymbol | null,
  language: string,
  depth: number,
  want: string | undefined,
): ResolverSymbol | null | undefined {
  if (depth > 6 || !head.endsWith(")")) return undefined;
  const operand = head.slice(2, -1);
  if (head.startsWith("&(")) return callbackParameter(host, operand, file, caller, language, depth, want);
  const declared = declaredType(host, operand, file, caller, language, depth);
  if (head.startsWith("~(")) {
    if (!declared) return host.typeOf(operand, file, caller, language, depth + 1);
    const { head: name, args } = typeArguments(declared.text);
    if (!PROMISES.test(name)) return host.typeOf(declared.text, declared.file, null, language, depth + 1);
    return args[0] && args[0] !== "?" ? host.typeOf(args[0], declared.file, null, language, depth + 1) : undefined;
  }
  return typeArgumentWith(host, declared, language, depth, want);
}

/**
 * The one indexed type argument of `declared` (`Service<Id, Shape>`, `Effect<A, E, R>`) that
 * has the member `want`: what a `yield*` of it, or a callback parameter bound by it, is.
 */
function typeArgumentWith(
  host: InferenceHost,
  declared: { text: string; file: string } | undefined,
  language: string,
  depth: number,
  want: string | undefined,
): ResolverSymbol | null | undefined {
  if (!declared || want === undefined) return undefined;
  const candidates = new Map<number, ResolverSymbol>();
  for (const arg of typeArguments(declared.text).args) {
    if (arg === "?") continue;
    const type = host.typeOf(arg, declared.file, null, language, depth + 1);
    if (type) candidates.set(type.id, type);
  }
  // `want` "" is a call of the value itself, "`" a tagged template (`` sql`…` ``): the candidates with call signatures.
  const having = [...candidates.values()].filter((type) =>
    want === "" || want === "`"
      ? callableResult(host.tables, type, () => type) !== undefined || host.tables.memberType(type, "`") !== null
      : host.tables.findMember(type, want, () => true).length > 0 || host.tables.memberType(type, want) !== null,
  );
  return having.length === 1 ? having[0] : undefined;
}

/**
 * The declared type, as written (generic arguments kept), of a type expression: a typed
 * value (`=a.b`), what a call returns (`f()`, explicit type arguments `f()<A>` counting as
 * the result's), an inferred operand, or a type itself. Undefined when nothing is declared.
 */
function declaredType(
  host: InferenceHost,
  text: string,
  file: string,
  caller: ResolverSymbol | null,
  language: string,
  depth: number,
): { text: string; file: string } | undefined {
  if (depth > 6 || text.startsWith(">") || text.startsWith("@")) return undefined;
  const steps = splitSteps(text).filter((step) => !step.startsWith("@("));
  text = steps.join("#");
  if (steps.length > 1) return memberDeclaredType(host, steps, file, caller, language, depth);
  if (text.startsWith("=")) {
    const symbol = valueSymbol(host, file, text.slice(1).split("."));
    return symbol?.value_type ? { text: symbol.value_type, file: symbol.file } : undefined;
  }
  const explicit = /^([^<]*\(\))(<.*>)$/u.exec(text);
  if (explicit) return { text: `?${explicit[2]!}`, file };
  if (text.endsWith("()") && !text.endsWith("()()")) {
    const symbol = host.callTarget(text.slice(0, -2), file, caller, language);
    const returns = symbol?.return_type;
    if (!returns || returns === "this" || returns.startsWith(">") || returns.startsWith("@")) return undefined;
    // `export const map = internal.map`: what `internal.map` returns.
    return returns.endsWith("()") ? declaredType(host, returns, symbol.file, null, language, depth + 1) : { text: returns, file: symbol.file };
  }
  if (isInferred(text) || text.includes("(")) return undefined;
  return { text, file };
}

/** The typed binding a value path names in `file` (`Tag`, `ns.Tag`, `Class.member`): the symbol with a declared value type. */
function valueSymbol(host: InferenceHost, file: string, segments: readonly string[]): ResolverSymbol | undefined {
  const { tables } = host;
  const head = segments[0]!;
  const last = segments[segments.length - 1]!;
  let candidates: readonly ResolverSymbol[] = [];
  const local = tables.topLevel(file, head);
  if (segments.length === 1 && local.length > 0) candidates = local;
  else if (segments.length === 1) {
    const binding = tables.binding(file, head);
    if (binding?.resolved_file && binding.name !== "*")
      candidates = tables.exported(binding.resolved_file, binding.name && binding.name !== "default" ? binding.name : head).symbols;
  } else {
    const namespace = local.length === 0 ? tables.namespaceFile(file, head) : undefined;
    if (namespace && segments.length === 2) candidates = tables.exported(namespace, last).symbols;
    else {
      const owner = host.valueOwner(file, segments.slice(0, -1));
      if (owner) candidates = tables.members(owner, last);
    }
  }
  return candidates.find((symbol) => symbol.value_type);
}

/** `T#m()` / `T#field`: what the member of T declares (its return type, its field type). */
function memberDeclaredType(
  host: InferenceHost,
  steps: readonly string[],
  file: string,
  caller: ResolverSymbol | null,
  language: string,
  depth: number,
): { text: string; file: string } | undefined {
  const last = steps[steps.length - 1]!;
  const owner = host.typeOf(steps.slice(0, -1).join("#"), file, caller, language, depth + 1, stepName(last));
  if (!owner) return undefined;
  if (!last.endsWith("()")) {
    const member = host.tables.memberType(owner, last);
    return member ? { text: member.type, file: member.file } : undefined;
  }
  if (last.endsWith("()()")) return undefined;
  const found = host.tables.findMember(
    owner,
    last.slice(0, -2),
    (symbol) => symbol.kind === "method" || symbol.kind === "function" || symbol.kind === "property",
  );
  const symbol =
    found.length > 0 && found.every((candidate) => candidate.qualified_name === found[0]!.qualified_name && candidate.file === found[0]!.file)
      ? found[0]!
      : null;
  const returns = symbol?.return_type;
  if (!returns || returns === "this" || returns.startsWith(">") || returns.startsWith("@")) return undefined;
  return returns.endsWith("()") ? declaredType(host, returns, symbol.file, null, language, depth + 1) : { text: returns, file: symbol.file };
}

/** `&(callee,i,j)`: the callee's declared type for parameter j of its callback argument i. */
function callbackParameter(
  host: InferenceHost,
  operand: string,
  file: string,
  caller: ResolverSymbol | null,
  language: string,
  depth: number,
  want: string | undefined,
): ResolverSymbol | null | undefined {
  const at = topLevelAt(operand);
  const match = /^(.+),(\d+),(\d+)$/u.exec(at < 0 ? operand : operand.slice(0, at));
  if (!match) return undefined;
  const [, callee, argument, parameter] = match as unknown as [string, string, string, string];
  let target: ResolverSymbol | null | undefined;
  if (callee.startsWith("=")) target = host.callTarget(callee.slice(1), file, caller, language);
  else {
    const hash = callee.lastIndexOf("#");
    const owner = hash > 0 ? host.typeOf(callee.slice(0, hash), file, caller, language, depth + 1) : null;
    const found = owner ? host.tables.findMember(owner, callee.slice(hash + 1), (symbol) => symbol.kind === "method" || symbol.kind === "function") : [];
    // One declaration, or one overload set (same file and owner).
    target =
      found.length > 0 && found.every((symbol) => symbol.file === found[0]!.file && symbol.qualified_name === found[0]!.qualified_name) ? found[0] : null;
  }
  const member = target ? host.tables.memberType(target, `(${argument}.${parameter})`) : null;
  if (!member) return undefined;
  if (!member.type.startsWith("@")) return host.typeOf(member.type, member.file, null, language, depth + 1);
  return argumentBound(host, member.type, at < 0 ? [] : splitTopLevel(operand.slice(at + 1), ";"), file, caller, language, depth, want);
}

/**
 * `@k` / `@k<>` (a type parameter bound by the call's argument k: its type, or one of its
 * type arguments) with the call's argument types: the type it stands for.
 */
export function argumentBound(
  host: InferenceHost,
  binding: string,
  args: readonly string[],
  file: string,
  caller: ResolverSymbol | null,
  language: string,
  depth: number,
  want: string | undefined,
): ResolverSymbol | null | undefined {
  const bound = /^@(\d+)(<>)?$/u.exec(binding);
  const text = bound ? args[Number(bound[1])] : undefined;
  if (!text || depth > 6) return undefined;
  if (!bound![2]) return host.typeOf(text, file, caller, language, depth + 1);
  const declared = declaredType(host, text, file, caller, language, depth + 1);
  // Only the arguments of a declared interface or class (`Effect<A>`), not of a mapped alias
  // (`Mutable<TagClass<…>>`), whose arguments are no part of what it holds.
  const holder = declared ? host.typeOf(typeArguments(declared.text).head, declared.file, null, language, depth + 1) : null;
  if (!holder || (holder.kind === "type_alias" && !host.tables.unionOf(holder))) return undefined;
  return typeArgumentWith(host, declared, language, depth, want);
}

/** `@(T0;T1)`, the argument step a call records after its `f()`: the argument types, else null. */
export function argumentStep(step: string | undefined): string[] | null {
  return step?.startsWith("@(") && step.endsWith(")") ? splitTopLevel(step.slice(2, -1), ";") : null;
}

/** The offset of the first `@` outside parentheses, or -1. */
function topLevelAt(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (char === "@" && depth === 0 && text[i + 1] !== "(") return i;
  }
  return -1;
}

/** `a;b(c;d);e` → [`a`, `b(c;d)`, `e`]. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** What calling a value of type `type` yields: the call signatures' result of it or its nearest ancestor that declares one. */
export function callableResult(
  tables: ResolverTables,
  type: ResolverSymbol,
  resultOf: (callable: ResolverSymbol) => ResolverSymbol | null | undefined,
): ResolverSymbol | null | undefined {
  const seen = new Set<number>([type.id]);
  let level = [type];
  for (let depth = 0; level.length > 0 && depth < 6; depth++) {
    const callable = level.find((candidate) => candidate.return_type);
    if (callable) return resultOf(callable);
    level = level.flatMap((candidate) => tables.heritage(candidate)).filter((base) => !seen.has(base.id) && seen.add(base.id));
  }
  return undefined;
}

/**
 * What a tagged template of a value of type `type` yields: the result its declarations
 * recorded for the signature taking a `TemplateStringsArray` (member type "`", inherited
 * from a base), else what calling it yields.
 */
export function taggedResult(
  host: InferenceHost,
  type: ResolverSymbol,
  resultOf: (callable: ResolverSymbol) => ResolverSymbol | null | undefined,
  depth: number,
): ResolverSymbol | null | undefined {
  const tagged = host.tables.memberType(type, "`");
  if (tagged) return host.typeOf(tagged.type, tagged.file, null, type.language, depth + 1);
  return callableResult(host.tables, type, resultOf);
}
