import type { ResolverSymbol } from "./resolver-types";

/** The type-like (then object-like) symbol among candidates, preferring classes over interfaces over the rest. */
export function pickContainer(tables: { isContainer(symbol: ResolverSymbol): boolean }, candidates: readonly ResolverSymbol[]): ResolverSymbol | null {
  const containers = candidates.filter((symbol) => tables.isContainer(symbol));
  if (containers.length === 0) return null;
  return [...containers].sort((a, b) => typeRank(a) - typeRank(b) || a.id - b.id)[0]!;
}

/** In a type position: classes, then interfaces, then type aliases, then values with members (a namespace last). */
function typeRank(symbol: ResolverSymbol): number {
  if (symbol.kind === "class" || symbol.kind === "struct") return 0;
  if (symbol.kind === "interface" || symbol.kind === "trait") return 1;
  if (symbol.kind === "type_alias") return 2;
  return symbol.kind === "namespace" || symbol.kind === "mod" ? 4 : 3;
}
