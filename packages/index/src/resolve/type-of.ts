import { argumentBound, argumentStep, builtinStep, callableResult, inferredType, isInferred, splitSteps, stepName, taggedResult } from "./inferred-types";
import { CALLABLE } from "./resolver-tables";
import { pickOne } from "./resolver-picks";
import type { ResolverSymbol } from "./resolver-types";
import { APPLICATIONS, enclosingContainer, type Resolver } from "./resolver";

// Receiver type expressions (`CallSite.receiver_type` notation) to the container they name.

/**
 * The container a receiver type names (`CallSite.receiver_type` notation): a type path,
 * `path()` (what calling `path` yields: its declared return type), `this`, then `#member`
 * / `#member()` steps. Undefined when the expression cannot be followed (the caller then
 * tries the receiver text), null when it leads outside the index (`Map`, a type
 * parameter): no indexed member can be the target. Type names are looked up from `scope`
 * outwards (the namespaces around it), then in the file.
 */
export function typeOf(
  r: Resolver,
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
  if (builtin) return r.typeOf([builtin, ...steps.slice(argumentStep(steps[1]) ? 2 : 1)].join("#"), file, caller, language, depth + 1, scope, callee);
  const head = written.replace(/(\(\))<.*>$/u, "$1");
  // The member used after step i (argument steps skipped): picks among candidate types.
  const wanted = (i: number) => {
    const next = steps.slice(i).find((step) => !step.startsWith("@("));
    return next === undefined ? callee : stepName(next);
  };
  let current: ResolverSymbol | null | undefined;
  if (isInferred(head)) current = inferredType(r.inference, head, file, caller, language, depth, wanted(0));
  else if (head === "this") current = enclosingContainer(r, caller) ?? undefined;
  else if (head.startsWith("=")) current = r.valuePathOwner(file, head.slice(1).split("."), language);
  else if (head.endsWith("()")) {
    const path = head.replace(APPLICATIONS, "");
    const dot = path.lastIndexOf(".");
    // A method returning `this` yields its receiver's type (`String.annotate()` is a `String`).
    const self = () => (dot < 0 ? undefined : r.valuePathOwner(file, path.slice(0, dot).split("."), language));
    const target = r.callTarget(path, file, caller, language);
    const args = argumentStep(steps[0]);
    // `getRef<A>(ref: Reference<A>): A` called as `getRef(ClockRef)`: the argument's type decides.
    if (args && target?.return_type?.startsWith("@") && head.length - path.length === 2)
      current = argumentBound(r.inference, target.return_type, args, file, caller, language, depth + 1, wanted(1));
    else current = r.resultOf(target, language, depth, (head.length - path.length) / 2, self);
  } else {
    current = r.tables.resolveTypeIn(file, head, scope);
    // `const User = repo.User;` (Zig): a type name that aliases a value path.
    const alias = current || head.includes(".") ? undefined : r.tables.topLevel(file, head).find((symbol) => symbol.value_type?.startsWith("="));
    if (alias) current = r.typeOf(alias.value_type!, alias.file, null, language, depth + 1);
  }
  for (let index = 0; index < steps.length; index++) {
    const step = steps[index]!;
    if (!current) return current;
    // An argument step not read by the call before it.
    if (step.startsWith("@(")) continue;
    // `T#()`: calling a value of the callable type T (inferred-types).
    if (step === "()") {
      current = callableResult(r.tables, current, (type) => r.resultOf(type, language, depth + 1));
      continue;
    }
    // `T#\``: a tagged template of a value of type T (inferred-types).
    if (step === "`") {
      current = taggedResult(r.inference, current, (type) => r.resultOf(type, language, depth + 1), depth);
      continue;
    }
    if (step.endsWith("()")) {
      const name = step.replace(APPLICATIONS, "");
      const found = pickOne(
        r.tables.findMember(current, name, (symbol) => CALLABLE.has(symbol.kind)),
        "typed",
        r.tables,
      );
      const receiver = current;
      const method = found?.resolved_symbol_id == null ? null : r.tables.symbol(found.resolved_symbol_id)!;
      const args = argumentStep(steps[index + 1]);
      if (args && method?.return_type?.startsWith("@") && step.length - name.length === 2) {
        current = argumentBound(r.inference, method.return_type, args, file, caller, language, depth + 1, wanted(index + 2));
        index++;
      } else current = r.resultOf(method, language, depth, (step.length - name.length) / 2, () => receiver);
      continue;
    }
    // `#xs[]`: the element of the member's declared array type.
    const element = step.endsWith("[]");
    const name = element ? step.slice(0, -2) : step;
    const member = r.tables.memberType(current, name);
    const next = steps[index + 1];
    const got = member && next !== undefined && !element ? builtinStep(member.type, next) : null;
    if (got) {
      // `this.cache.get(k)` with `cache: Map<K, V>`: a `V`.
      current = r.typeOf(got, member!.file, null, language, depth + 1);
      index++;
      continue;
    }
    if (element) current = member?.type.endsWith("[]") ? r.typeOf(member.type.slice(0, -2), member.file, null, language, depth + 1) : undefined;
    else if (member) current = r.typeOf(member.type, member.file, null, language, depth + 1);
    else {
      const symbols = r.tables.findMember(current, step, () => true);
      const typed = symbols.find((symbol) => symbol.value_type);
      current = typed
        ? r.typeOf(typed.value_type!, typed.file, null, language, depth + 1)
        : (symbols.find((symbol) => r.tables.isContainer(symbol)) ?? undefined);
    }
  }
  return current;
}
