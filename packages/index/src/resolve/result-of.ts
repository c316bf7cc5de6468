import type { ResolverSymbol } from "./resolver-types";
import { CONSTRUCTED_TYPES, type Resolver } from "./resolver";

// What calling a symbol yields, from its declared return type.

/**
 * The container `applications` successive calls of `symbol` yield (`f(a)` is 1, `f(a)(b)`
 * is 2), from its declared return type: `>R` is a function returning `R`, so one call
 * yields no indexed type (null) and two yield `R`; a plain `R` answers both, as a dual
 * API's data-first and curried forms end in the same type (extraction records `R` for an
 * overload list only then). `this` is the receiver's type (`self`); a binding typed by a
 * callable interface yields what that interface's call signatures return.
 */
export function resultOf(
  r: Resolver,
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
  if (returns === "type" && r.tables.hasMembers(symbol)) return applications === 1 ? symbol : undefined;
  // `const decode = Schema.decodeUnknownEffect(schema)`: calling it calls what that call returned.
  if (!returns && symbol.value_type?.endsWith("()") && !symbol.value_type.startsWith("="))
    return r.typeOf(`${symbol.value_type}${"()".repeat(applications)}`, symbol.file, null, language, depth + 1);
  if (!returns && symbol.value_type && !r.tables.isContainer(symbol)) {
    // A binding whose declared type is a callable interface: what calling that type yields.
    const type = r.typeOf(symbol.value_type, symbol.file, null, language, depth + 1);
    return type ? r.resultOf(type, language, depth + 1, applications) : undefined;
  }
  // `@k`: bound by the call's arguments (read where they are known, in typeOf).
  if (!returns || applications > 2 || returns.startsWith("@")) return undefined;
  if (returns === "this") return applications === 1 ? self?.() : undefined;
  // `{}`: it returns an object literal, whose members extraction parents to the function itself.
  if (returns === "{}") return applications === 1 ? symbol : undefined;
  if (returns.startsWith(">")) return applications === 1 ? null : r.typeOf(returns.slice(1), symbol.file, null, language, depth + 1);
  // `export const map = internal.map`: its calls are `internal.map`'s, curried ones too.
  if (returns.endsWith("()")) return r.typeOf(applications === 2 ? `${returns}()` : returns, symbol.file, null, language, depth + 1);
  const result = r.typeOf(returns, symbol.file, null, language, depth + 1);
  // Calling what it returns: a callable type's call result, else (a dual API) the same type.
  if (applications === 2 && result?.return_type) return r.resultOf(result, language, depth + 1);
  return result;
}
