import type { ExtractedSymbol, FileExtraction } from "@tsift/graph";
import type { DiffHunk } from "../git/index";
import type { DiffSymbol } from "./diff-digest-types";

type Range = readonly [number, number];

/** Line ranges one side of the hunks changed; a side with no lines in a hunk touched none. */
function changedRanges(hunks: readonly DiffHunk[], side: "old" | "new"): Range[] {
  return hunks.flatMap((hunk) => {
    const [start, lines] = side === "old" ? [hunk.oldStart, hunk.oldLines] : [hunk.newStart, hunk.newLines];
    return lines > 0 ? [[start, start + lines - 1] as const] : [];
  });
}

/**
 * Whether a changed range touches a line of `symbol` that none of its nested symbols holds:
 * a hunk inside a method changes the method, not the class around it (the method is listed).
 */
function ownLinesTouched(symbol: ExtractedSymbol, side: readonly ExtractedSymbol[], ranges: readonly Range[]): boolean {
  const nested = side
    .filter(
      (other) =>
        other !== symbol && other.line >= symbol.line && other.end_line <= symbol.end_line && (other.line > symbol.line || other.end_line < symbol.end_line),
    )
    .map((other) => [other.line, other.end_line] as const)
    .sort((a, b) => a[0] - b[0]);
  for (const [from, to] of ranges) {
    let line = Math.max(from, symbol.line);
    const last = Math.min(to, symbol.end_line);
    // Walk the clipped range past the nested spans that cover it; a line left over is the symbol's own.
    for (const [start, end] of nested) {
      if (line > last) break;
      if (start > line) break;
      line = Math.max(line, end + 1);
    }
    if (line <= last) return true;
  }
  return false;
}

/** Same-named symbols (overloads, redefinitions) pair up in source order. */
function keyed(symbols: readonly ExtractedSymbol[]): Map<string, ExtractedSymbol> {
  const byKey = new Map<string, ExtractedSymbol>();
  const seen = new Map<string, number>();
  for (const symbol of symbols) {
    const base = `${symbol.kind}\0${symbol.qualified_name}`;
    const nth = seen.get(base) ?? 0;
    seen.set(base, nth + 1);
    byKey.set(`${base}\0${nth}`, symbol);
  }
  return byKey;
}

/**
 * Symbols added (only on the new side), removed (only on the old side) and changed (on both,
 * with a different signature or own lines a hunk touches): the new side's in its line order,
 * then the removed ones in the old side's (line numbers of two files do not interleave).
 */
export function touchedSymbols(old: FileExtraction | null, next: FileExtraction | null, hunks: readonly DiffHunk[]): DiffSymbol[] {
  const before = keyed(old?.symbols ?? []);
  const after = keyed(next?.symbols ?? []);
  const oldRanges = changedRanges(hunks, "old");
  const newRanges = changedRanges(hunks, "new");
  const touched: DiffSymbol[] = [];
  for (const [key, symbol] of after) {
    const previous = before.get(key);
    if (!previous) {
      touched.push({ name: symbol.qualified_name, kind: symbol.kind, change: "added", line: symbol.line, new_signature: symbol.signature });
    } else if (
      previous.signature !== symbol.signature ||
      ownLinesTouched(symbol, next?.symbols ?? [], newRanges) ||
      ownLinesTouched(previous, old?.symbols ?? [], oldRanges)
    ) {
      touched.push({
        name: symbol.qualified_name,
        kind: symbol.kind,
        change: "changed",
        line: symbol.line,
        old_signature: previous.signature,
        new_signature: symbol.signature,
      });
    }
  }
  for (const [key, symbol] of before) {
    if (!after.has(key))
      touched.push({ name: symbol.qualified_name, kind: symbol.kind, change: "removed", line: symbol.line, old_signature: symbol.signature });
  }
  const removedLast = (symbol: DiffSymbol) => (symbol.change === "removed" ? 1 : 0);
  return touched.sort((a, b) => removedLast(a) - removedLast(b) || a.line - b.line || compare(a.name, b.name) || compare(a.change, b.change));
}

/** `caller -> callee` for every call site; top-level calls have the caller `<module>`. */
export function callEdges(extraction: FileExtraction | null): Set<string> {
  return new Set((extraction?.calls ?? []).map((call) => `${call.caller ?? "<module>"} -> ${call.callee}`));
}

/** Edges in `a` and not in `b`, sorted. */
export function edgeDifference(a: ReadonlySet<string>, b: ReadonlySet<string>): string[] {
  return [...a].filter((edge) => !b.has(edge)).sort(compare);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
