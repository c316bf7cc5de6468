import { VALUE_CONTAINERS } from "./resolution-models";
import { preferType } from "./resolver-picks";
import type { ResolverCall, ResolverSymbol } from "./resolver-types";
import { TYPES_ONLY, type Resolver } from "./resolver";

// Value paths (`Store.open`, `a.b.c`) to the symbol or container they name.

/** The symbol a value path (`Store.open`, `make`) names when called from `file`. */
export function callTarget(r: Resolver, path: string, file: string, caller: ResolverSymbol | null, language: string): ResolverSymbol | null {
  const dot = path.lastIndexOf(".");
  const synthetic: ResolverCall = {
    id: 0,
    file,
    caller_symbol_id: caller?.id ?? null,
    callee_name: path.slice(dot + 1),
    receiver: dot < 0 ? null : path.slice(0, dot),
    kind: "call",
  };
  const target = synthetic.receiver === null ? r.bareCall(synthetic, caller, language) : r.receiverCall(synthetic, caller, language);
  return target.resolved_symbol_id === null ? null : (r.tables.symbol(target.resolved_symbol_id) ?? null);
}

/**
 * The container the value `a.b.c` stands for in `file`: a class, namespace or object
 * defined or imported there (through `import * as a`), a binding's declared type, then
 * members and typed fields step by step. Null when it leads outside the index, undefined
 * when the file says nothing about it.
 */
export function valuePathOwner(r: Resolver, file: string, segments: readonly string[], language: string): ResolverSymbol | null | undefined {
  const [head, ...rest] = segments as [string, ...string[]];
  let owner: ResolverSymbol | null | undefined;
  const local = r.tables.importBound(file, head) ? [] : r.tables.topLevel(file, head);
  const crate = local.length === 0 && r.tables.isPathHead(file, head) ? r.tables.modulePath(file, [head]) : null;
  if (local.length > 0) owner = r.valueOwner(local, language);
  else if (crate !== null) {
    // `crate::repo::Store`: the crate root's (or this module's) items, step by step.
    if (rest.length === 0) return undefined;
    owner = r.valueOwner(r.tables.exported(crate, rest.shift()!).symbols, language);
  } else {
    const namespace = r.tables.namespaceFile(file, head);
    const binding = r.tables.binding(file, head);
    if (namespace === null || (namespace === undefined && binding && binding.resolved_file === null)) return null;
    if (namespace === undefined && !binding) return undefined;
    if (namespace !== undefined) {
      if (rest.length === 0) return undefined;
      owner = r.valueOwner(r.tables.exported(namespace, rest.shift()!).symbols, language);
    } else {
      const name = binding!.name && binding!.name !== "default" ? binding!.name : head;
      owner = r.valueOwner(r.tables.exported(binding!.resolved_file!, name).symbols, language);
    }
  }
  for (const segment of rest) {
    if (!owner) return owner;
    const member = r.tables.memberType(owner, segment);
    owner = member ? r.typeOf(member.type, member.file, null, language, 1) : r.valueOwner(r.tables.members(owner, segment), language);
  }
  return owner;
}

/**
 * What a name used as a value gives member calls: a class, namespace, enum or object
 * literal itself; else a binding's declared type (`const String: String = …`); else a
 * type of that name (an interface merged with a value).
 */
export function valueOwner(r: Resolver, candidates: readonly ResolverSymbol[], language: string): ResolverSymbol | null | undefined {
  // `const Str: Str` beside `interface Str { … }`: the interface's members share the binding's
  // qualified name, so the binding looks like a container; its declared type is what it holds.
  const values = candidates.filter(
    (symbol) =>
      r.tables.isContainer(symbol) &&
      !TYPES_ONLY.has(symbol.kind) &&
      !(
        symbol.value_type &&
        VALUE_CONTAINERS.has(symbol.kind) &&
        candidates.some((type) => TYPES_ONLY.has(type.kind) && type.qualified_name === symbol.qualified_name)
      ),
  );
  if (values.length > 0) return preferType(values);
  const typed = candidates.find((symbol) => symbol.value_type);
  if (typed) return r.typeOf(typed.value_type!, typed.file, null, language, 1);
  const types = candidates.filter((symbol) => r.tables.isContainer(symbol));
  return types.length > 0 ? preferType(types) : undefined;
}
