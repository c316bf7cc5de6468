import { redefinedBefore } from "./module-imports";
import { family, resolutionOf } from "./resolver-tables";
import { pickOne } from "./resolver-picks";
import type { CallTarget, ResolverCall, ResolverSymbol } from "./resolver-types";
import { callableFor, OBJECT_MEMBERS, UNRESOLVED, type Resolver } from "./resolver";

// Bare calls `f()` / `new F()`: lexical scope, the file, the imports, then a family-unique name.

export function bareCall(r: Resolver, call: ResolverCall, caller: ResolverSymbol | null, language: string): CallTarget {
  const lang = family(language);
  const model = resolutionOf(language);
  const accept = callableFor(r, call);
  // The caller's lexical chain, below the top level (that is the file's scope).
  for (let scope: ResolverSymbol | null = caller; scope; scope = r.tables.parentOf(scope)) {
    if (r.tables.isContainer(scope) && scope.kind !== "namespace" && scope.kind !== "mod") {
      if (!model.implicitReceiver) continue;
      const hit = pickOne(r.tables.findMember(scope, call.callee_name, accept), "same_scope", r.tables);
      if (hit) return hit;
      continue;
    }
    const hit = pickOne(
      redefinedBefore(
        // An object literal's members (parented to the function around the literal) are no lexical bindings.
        r.tables
          .inFile(call.file, call.callee_name)
          .filter((symbol) => symbol.parent === scope!.qualified_name && accept(symbol) && !OBJECT_MEMBERS.has(symbol.kind)),
        call,
        scope === caller,
        model,
      ),
      "same_scope",
      r.tables,
    );
    if (hit) return hit;
  }
  // A parameter or local variable: only definitions nested in the caller can be it.
  if (call.local) return UNRESOLVED;
  // Zig's `const f = @import("x.zig").f` is a top-level const that only names the import.
  const local = r.tables.importBound(call.file, call.callee_name)
    ? null
    : pickOne(
        redefinedBefore(
          r.tables.topLevel(call.file, call.callee_name).filter((symbol) => accept(symbol) && !r.tables.isMember(symbol)),
          call,
          caller === null,
          model,
        ),
        "same_file",
        r.tables,
      );
  if (local) return local;
  // A directory that is a package (Go): the other files' top-level names are in scope too.
  const sibling = pickOne(
    r.tables.packageScopes.directorySiblings(call.file, call.callee_name).filter((symbol) => accept(symbol) && !r.tables.isMember(symbol)),
    "same_file",
    r.tables,
  );
  if (sibling) return sibling;

  const binding = r.tables.binding(call.file, call.callee_name);
  if (binding) {
    if (binding.resolved_file === null)
      return pickOne(r.tables.namespaceMemberImported(binding, enclosingNamespaces(r, caller)).filter(accept), "import", r.tables) ?? UNRESOLVED;
    const name = binding.name === null || binding.name === "default" || binding.name === "*" ? call.callee_name : binding.name;
    const found = r.tables.exported(binding.resolved_file, name).symbols.filter(accept);
    return (
      pickOne(found, "import", r.tables) ??
      pickOne(r.tables.topLevel(binding.resolved_file, call.callee_name).filter(accept), "import", r.tables) ??
      pickOne(r.tables.packageScopes.typeMemberImported(binding).filter(accept), "import", r.tables) ??
      UNRESOLVED
    );
  }
  for (const file of r.stars.get(call.file) ?? []) {
    const hit = pickOne(r.tables.exported(file, call.callee_name).symbols.filter(accept), "import", r.tables);
    if (hit) return hit;
  }
  // `using A.B;` (a whole package imported): its files' top-level names; `using static A.B.Type;`: the type's members.
  const imported = pickOne(
    [
      ...r.tables.packageScopes.packageWideImported(call.file, call.callee_name).filter((symbol) => !r.tables.isMember(symbol)),
      ...r.tables.packageScopes.typeWideImported(call.file, call.callee_name),
    ].filter(accept),
    "import",
    r.tables,
  );
  if (imported) return imported;
  const scoped = model.importScope;
  if (scoped === "always" || (scoped === "modules" && r.tables.modules.has(call.file))) return UNRESOLVED;
  const all = r.tables.named(lang, call.callee_name);
  // A file in a package or namespace sees unqualified only its own and wholly imported
  // packages' names, and those declared outside any (PHP's `json_encode` is never
  // `GuzzleHttp\json_encode`).
  const visible = (symbol: ResolverSymbol) => r.tables.packageScopes.seesPackageOf(call.file, symbol);
  // Where only modules are scoped, a global name is a script's top-level definition.
  const candidates = all.filter(
    (symbol) =>
      accept(symbol) &&
      !r.tables.isMember(symbol) &&
      visible(symbol) &&
      (scoped !== "modules" || (symbol.parent === null && !r.tables.modules.has(symbol.file))),
  );
  return pickOne(candidates, "global_unique", r.tables) ?? UNRESOLVED;
}

/** The qualified names of the namespaces around a symbol, innermost first. */
function enclosingNamespaces(r: Resolver, symbol: ResolverSymbol | null): string[] {
  const names: string[] = [];
  for (let current = symbol ? r.tables.parentOf(symbol) : null; current; current = r.tables.parentOf(current))
    if (current.kind === "namespace" || current.kind === "mod") names.push(current.qualified_name);
  return names;
}
