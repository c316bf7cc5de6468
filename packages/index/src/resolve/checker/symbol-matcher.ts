import type Database from "better-sqlite3";
import type { DeclaredTarget } from "./checker-targets";

/** An index symbol a declaration maps to. */
export interface MatchedSymbol {
  id: number;
  file: string;
  name: string;
  qualified_name: string;
  kind: string;
  line: number;
  end_line: number;
}

/**
 * Maps a compiler declaration to the index symbol that defines it: of the file's symbols
 * with the declaration's name, the innermost whose lines hold the declaration's name;
 * for a function or method signature outside every such span (an overload the index folds
 * into its implementation), the nearest of that name starting at or after it. Null when the
 * index defines nothing there (a parameter, a local). Symbols are read once per file.
 */
export class SymbolMatcher {
  private readonly byFile = new Map<string, Map<string, MatchedSymbol[]>>();
  private readonly select: Database.Statement;

  constructor(db: Database.Database) {
    this.select = db.prepare("SELECT id, file, name, qualified_name, kind, line, end_line FROM symbols WHERE file = ? ORDER BY id");
  }

  match(file: string, target: DeclaredTarget): MatchedSymbol | null {
    const candidates = this.symbols(file).get(target.name);
    if (!candidates) return null;
    let inner: MatchedSymbol | null = null;
    for (const symbol of candidates) {
      if (symbol.line <= target.line && symbol.end_line >= target.line && (!inner || symbol.line > inner.line)) inner = symbol;
    }
    if (inner || !target.signature) return inner;
    let next: MatchedSymbol | null = null;
    for (const symbol of candidates) if (symbol.line >= target.start && (!next || symbol.line < next.line)) next = symbol;
    return next;
  }

  private symbols(file: string): Map<string, MatchedSymbol[]> {
    let byName = this.byFile.get(file);
    if (byName) return byName;
    byName = new Map();
    for (const symbol of this.select.all(file) as MatchedSymbol[]) {
      const list = byName.get(symbol.name);
      if (list) list.push(symbol);
      else byName.set(symbol.name, [symbol]);
    }
    this.byFile.set(file, byName);
    return byName;
  }
}
