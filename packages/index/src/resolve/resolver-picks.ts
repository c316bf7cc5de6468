import type { CallTarget, ResolverSymbol } from "./resolver-types";
import type { ResolverTables } from "./resolver-tables";

// How the call resolver chooses among candidate symbols.

/** Classes and structs first, then interfaces and traits, then the rest (lowest id breaks ties). */
export function preferType(symbols: readonly ResolverSymbol[]): ResolverSymbol {
  const rank = (symbol: ResolverSymbol) =>
    symbol.kind === "class" || symbol.kind === "struct" ? 0 : symbol.kind === "interface" || symbol.kind === "trait" ? 1 : 2;
  return [...symbols].sort((a, b) => rank(a) - rank(b) || a.id - b.id)[0]!;
}

/**
 * One candidate decides; several are `ambiguous`, unless they are one overload set (same
 * file, owner and name): that counts as its implementation, the last declaration (TS puts
 * it after the signatures), or as its first declaration for members of an interface or a
 * type, which have none.
 */
export function pickOne(candidates: readonly ResolverSymbol[], resolution: CallTarget["resolution"], tables: ResolverTables): CallTarget | null {
  if (candidates.length === 0) return null;
  if (candidates.length === 1) return { resolved_symbol_id: candidates[0]!.id, resolution };
  const first = candidates.reduce((best, symbol) => (symbol.id < best.id ? symbol : best));
  const sameSet = candidates.every(
    (symbol) => symbol.file === first.file && symbol.parent === first.parent && symbol.name === first.name && symbol.kind === first.kind,
  );
  if (!sameSet) return { resolved_symbol_id: null, resolution: "ambiguous" };
  const owner = first.parent !== null ? tables.parentOf(first) : null;
  if (owner && (owner.kind === "interface" || owner.kind === "type_alias" || owner.kind === "trait")) return { resolved_symbol_id: first.id, resolution };
  const last = candidates.reduce((best, symbol) => (symbol.id > best.id ? symbol : best));
  return { resolved_symbol_id: last.id, resolution };
}
