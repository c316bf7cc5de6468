import { readFileSync } from "node:fs";
import { join } from "node:path";
import { extractFile, langFromPath, type ExtractedSymbol } from "@tsift/graph";
import { symbolsOfFile, symbolsOverlapping, type ImpactSymbol } from "@tsift/index/graph-read";
import type Database from "better-sqlite3";
import type { ChangedFile, LineRange } from "./git-changes";
import type { ChangeKind } from "./impact-types";

/** A changed symbol: its index row when the index has it (the walk starts there), else its parsed name. */
export interface ChangedSymbol {
  file: string;
  qualified_name: string;
  name: string;
  kind: string;
  line: number;
  change: ChangeKind;
  /** The indexed row, null for a removed symbol (the index reflects the new side). */
  row: ImpactSymbol | null;
}

/**
 * The symbols a change touches. New side: the indexed symbols whose lines overlap a hunk,
 * innermost only (a hunk inside a method is that method, not its class). The index
 * reflects the worktree, so a new side read from git (`--cached`, `--revision`) that
 * differs from the worktree file is parsed instead and matched to indexed rows by
 * qualified name. Old side: symbols overlapping an old hunk whose name the new side no
 * longer has are removed; their former callers are found by name.
 */
export function changedSymbols(db: Database.Database, sourceRoot: string, file: ChangedFile): ChangedSymbol[] {
  const out: ChangedSymbol[] = [];
  const lang = langFromPath(file.path);
  if (lang === null || file.opaque) return out;
  const indexed = file.status === "deleted" ? [] : symbolsOfFile(db, file.path);
  const newNames = new Set(indexed.map((symbol) => symbol.qualified_name));
  const change: ChangeKind = file.status === "added" ? "added" : "changed";

  if (file.status !== "deleted") {
    const worktree = file.new_text === null ? null : readText(join(sourceRoot, file.path));
    if (file.new_text === null || file.new_text === worktree) {
      for (const symbol of innermost(file.new_ranges.flatMap((range) => symbolsOverlapping(db, file.path, range.start, range.end))))
        out.push(fromRow(symbol, change));
    } else {
      const byName = new Map(indexed.map((symbol) => [symbol.qualified_name, symbol]));
      for (const symbol of innermostParsed(parse(lang, file.new_text), file.new_ranges)) {
        out.push({ ...fromParsed(symbol, file.path, change), row: byName.get(symbol.qualified_name) ?? null });
      }
    }
  }

  if (file.old_text !== null) {
    for (const symbol of innermostParsed(parse(lang, file.old_text), file.old_ranges)) {
      if (!newNames.has(symbol.qualified_name)) out.push({ ...fromParsed(symbol, file.path, "removed"), row: null });
    }
  }
  return dedupe(out);
}

/**
 * Kinds whose change reaches its users other than through a resolved call: values read
 * (constants, variables, properties, accessors), classes and objects constructed or read.
 * Functions and methods are followed by the call graph; types and interfaces change no
 * behaviour.
 */
const READ_KINDS = new Set([
  "const",
  "static",
  "variable",
  "property",
  "getter",
  "setter",
  "constructor",
  "class",
  "struct",
  "enum",
  "object",
  "companion_object",
  "data_class",
  "sealed_class",
  "enum_class",
]);

/**
 * Whether the reverse call graph follows all of a file's change: no changed symbol is a
 * value read rather than called (`READ_KINDS`), and none was removed or is missing from
 * the index. Otherwise the import graph stands in (`imports: "fallback"`). A file whose
 * hunks touch no symbol (comments, import lines) has nothing to follow.
 */
export function followedByCalls(file: ChangedFile, symbols: readonly ChangedSymbol[]): boolean {
  if (file.opaque || langFromPath(file.path) === null || file.status === "deleted") return false;
  return !symbols.some((symbol) => symbol.change === "removed" || symbol.row === null || READ_KINDS.has(symbol.kind));
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

function parse(lang: NonNullable<ReturnType<typeof langFromPath>>, text: string): ExtractedSymbol[] {
  try {
    return extractFile(lang, text).symbols;
  } catch {
    return [];
  }
}

function overlaps(symbol: { line: number; end_line: number }, range: LineRange): boolean {
  return symbol.line <= range.end && symbol.end_line >= range.start;
}

function contains(outer: { line: number; end_line: number }, inner: { line: number; end_line: number }): boolean {
  return outer !== inner && outer.line <= inner.line && outer.end_line >= inner.end_line && (outer.line < inner.line || outer.end_line > inner.end_line);
}

/** Overlapping symbols that enclose no other overlapping symbol. */
function innermost<T extends { line: number; end_line: number }>(symbols: readonly T[]): T[] {
  return symbols.filter((symbol) => !symbols.some((other) => contains(symbol, other)));
}

function innermostParsed(symbols: readonly ExtractedSymbol[], ranges: readonly LineRange[]): ExtractedSymbol[] {
  return innermost(symbols.filter((symbol) => ranges.some((range) => overlaps(symbol, range))));
}

function fromRow(symbol: ImpactSymbol, change: ChangeKind): ChangedSymbol {
  return { file: symbol.file, qualified_name: symbol.qualified_name, name: symbol.name, kind: symbol.kind, line: symbol.line, change, row: symbol };
}

function fromParsed(symbol: ExtractedSymbol, file: string, change: ChangeKind): Omit<ChangedSymbol, "row"> {
  return { file, qualified_name: symbol.qualified_name, name: symbol.name, kind: symbol.kind, line: symbol.line, change };
}

function dedupe(symbols: ChangedSymbol[]): ChangedSymbol[] {
  const seen = new Set<string>();
  const out: ChangedSymbol[] = [];
  for (const symbol of symbols) {
    const key = `${symbol.change}\0${symbol.qualified_name}\0${symbol.line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(symbol);
  }
  return out.sort((a, b) => a.line - b.line || (a.qualified_name < b.qualified_name ? -1 : a.qualified_name > b.qualified_name ? 1 : 0));
}
