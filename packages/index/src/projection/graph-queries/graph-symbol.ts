import type Database from "better-sqlite3";
import { symbolHandle } from "../../store/symbol-handle";

export interface SymbolComplexity {
  cyclomatic: number;
  max_nesting: number;
  lines: number;
}

/** One indexed definition, as the graph queries return it. Lines are 1-based. */
export interface GraphSymbol {
  /** Row id in this index.db; not stable across rebuilds: cite `handle` instead. */
  id: number;
  handle: string;
  name: string;
  qualified_name: string;
  kind: string;
  language: string;
  file: string;
  line: number;
  end_line: number;
  signature: string | null;
  parent: string | null;
  visibility: string | null;
  complexity: SymbolComplexity | null;
}

export const SYMBOL_COLUMNS = "id, name, qualified_name, kind, language, file, line, end_line, signature, parent, visibility, cyclomatic, max_nesting, lines";

export interface SymbolRow {
  id: number;
  name: string;
  qualified_name: string;
  kind: string;
  language: string;
  file: string;
  line: number;
  end_line: number;
  signature: string | null;
  parent: string | null;
  visibility: string | null;
  cyclomatic: number | null;
  max_nesting: number | null;
  lines: number | null;
}

export function toGraphSymbol(row: SymbolRow): GraphSymbol {
  return {
    id: row.id,
    handle: symbolHandle(row.file, row.qualified_name, row.line),
    name: row.name,
    qualified_name: row.qualified_name,
    kind: row.kind,
    language: row.language,
    file: row.file,
    line: row.line,
    end_line: row.end_line,
    signature: row.signature,
    parent: row.parent,
    visibility: row.visibility,
    complexity:
      row.cyclomatic === null ? null : { cyclomatic: row.cyclomatic, max_nesting: row.max_nesting ?? 0, lines: row.lines ?? row.end_line - row.line + 1 },
  };
}

/** Symbols selected by a WHERE clause, in file and line order. */
export function selectSymbols(db: Database.Database, where: string, params: readonly unknown[] = []): GraphSymbol[] {
  const rows = db.prepare(`SELECT ${SYMBOL_COLUMNS} FROM symbols WHERE ${where} ORDER BY file, line, qualified_name, id`).all(...params) as SymbolRow[];
  return rows.map(toGraphSymbol);
}

/** A symbol by row id, or null. */
export function symbolById(db: Database.Database, id: number): GraphSymbol | null {
  return selectSymbols(db, "id = ?", [id])[0] ?? null;
}

/** Code-unit order, independent of the locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A symbol as graph queries answer it: where it is, its handle and its complexity. */
export interface StoredSymbol {
  name: string;
  qualified_name: string;
  kind: string;
  language: string;
  signature: string | null;
  file: string;
  line: number;
  end_line: number;
  parent_module: string | null;
  visibility: string | null;
  handle: string;
  complexity: SymbolComplexity | null;
}

export function toStoredSymbol(symbol: GraphSymbol): StoredSymbol {
  return {
    name: symbol.name,
    qualified_name: symbol.qualified_name,
    kind: symbol.kind,
    language: symbol.language,
    signature: symbol.signature,
    file: symbol.file,
    line: symbol.line,
    end_line: symbol.end_line,
    parent_module: symbol.parent,
    visibility: symbol.visibility,
    handle: symbol.handle,
    complexity: symbol.complexity,
  };
}
