import type Database from "better-sqlite3";
import { querySymbols } from "./query-symbols";
import { selectSymbols, SYMBOL_COLUMNS, toGraphSymbol, type GraphSymbol, type SymbolRow } from "./graph-symbol";
import { filesNamed, inFilesNamed, qualifiedDefinitions } from "./module-symbols";
import { orderCandidates, type SymbolRanker } from "./rank-symbol-candidates";
import { isSymbolHandle, symbolHandleMatcher } from "../../store/symbol-handle";
import { readTransaction } from "../../store/queries/read-transaction";

export type { SymbolRanker };

/**
 * How the argument was read: a `gsym-*` handle, `file:line`, `file:name`, `Class.method` /
 * `mod::fn` / `Module.name`, `Alias.name` through an import alias, or a bare name.
 */
export type SymbolArgumentForm = "handle" | "location" | "file_name" | "qualified_name" | "import_alias" | "name";

export type SymbolResolution =
  | { status: "resolved"; form: SymbolArgumentForm; symbol: GraphSymbol }
  /** Several definitions match: the caller lists them (with handles) and asks for one. */
  | { status: "ambiguous"; form: SymbolArgumentForm; candidates: GraphSymbol[]; total: number; truncated: boolean }
  /** Nothing matches; `suggestions` are near names (fuzzy), possibly empty. */
  | { status: "not_found"; form: SymbolArgumentForm; suggestions: GraphSymbol[] };

export interface ResolveSymbolOptions {
  /** Most candidates or suggestions returned; default 20, 0 for all. */
  limit?: number;
  /**
   * Orders the candidates of an ambiguous argument, best first (PageRank: see
   * `chooseSymbol`); asked only when several definitions match. Without it they stay in
   * file and line order.
   */
  rank?: SymbolRanker;
}

const LOCATION = /^(.+):(\d+)$/;
/** One colon that is not half of `::` (`src/lib.rs:Foo::new` is a path and a name; `mod::fn` is not). */
const FILE_NAME = /^([^:]+):(?!:)(.+)$/;

/**
 * Turns a command-line symbol argument into one definition:
 *
 * - `gsym-…`: the symbol whose `symbolHandle` it is;
 * - `path:line` (1-based; the path root-relative, or a unique suffix of one): the innermost
 *   definition whose span contains the line;
 * - `path:name` (`src/Effect.ts:retry`, `Effect.ts:retry`, `store.py:Store.get`): the
 *   definitions of that qualified or plain name in the file(s) the path names;
 * - `Class.method`, `mod::fn`, `pkg.Class.method`: qualified names, also as a suffix, and
 *   then as `Module.name` with the module a file (`Effect.retry`, `json.loads`);
 * - `Alias.name`: the alias as the code base imports a module (`Arr.map` after
 *   `import * as Arr from "./Array.ts"`, `np.array` after `import numpy as np`), the
 *   binding most importing files use first;
 * - `name`: the definitions with that name (case-insensitive when none match exactly).
 *
 * Several matches are `ambiguous`, ordered by `options.rank` (PageRank) with file and line
 * as the final tie-break, except that a Rust `impl` block yields to the type of the same
 * name. No match is `not_found` with fuzzy suggestions.
 */
export function resolveSymbolArgument(db: Database.Database, argument: string, options: ResolveSymbolOptions = {}): SymbolResolution {
  return readTransaction(db, () => {
    const limit = options.limit ?? 20;
    const text = argument.trim();
    const decide = (form: SymbolArgumentForm, found: GraphSymbol[], group?: ReadonlyMap<number, number>, name = text): SymbolResolution => {
      const candidates = preferTypesOverImpls(found);
      if (candidates.length === 1) return { status: "resolved", form, symbol: candidates[0]! };
      if (candidates.length > 1) {
        const ordered = orderCandidates(candidates, options.rank, group);
        const kept = limit > 0 ? ordered.slice(0, limit) : ordered;
        return { status: "ambiguous", form, candidates: kept, total: ordered.length, truncated: kept.length < ordered.length };
      }
      return { status: "not_found", form, suggestions: suggest(db, name, limit) };
    };

    if (isSymbolHandle(text)) return decide("handle", byHandle(db, text));
    const location = LOCATION.exec(text);
    if (location) {
      const found = byLocation(db, location[1]!, Number(location[2]));
      if (found !== null) return decide("location", found);
    }
    const fileName = FILE_NAME.exec(text);
    if (fileName) {
      const files = filesNamed(db, fileName[1]!);
      if (files.length > 0) return decide("file_name", inFilesNamed(db, files, fileName[2]!), undefined, fileName[2]!);
    }
    if (/\.|::/.test(text)) {
      const { form, groups } = qualifiedDefinitions(db, text);
      if (form === "qualified_name") return decide(form, groups[0] ?? []);
      if (groups.length === 0) return decide("qualified_name", []);
      const group = new Map(groups.flatMap((symbols, index) => symbols.map((symbol) => [symbol.id, index] as const)));
      return decide("import_alias", groups.flat(), group);
    }
    let found = selectSymbols(db, "name = ?", [text]);
    if (found.length === 0) found = selectSymbols(db, "lower(name) = ?", [text.toLowerCase()]);
    return decide("name", found);
  });
}

/** One indexed lookup of `symbols.handle` (schema 3); older files have no handle column, so every symbol is hashed. */
function byHandle(db: Database.Database, handle: string): GraphSymbol[] {
  if (hasHandleColumn(db)) return selectSymbols(db, "handle = ?", [handle]);
  const matches = symbolHandleMatcher(handle);
  const ids: number[] = [];
  for (const [id, file, qualifiedName, line] of db.prepare("SELECT id, file, qualified_name, line FROM symbols").raw().iterate() as Iterable<
    [number, string, string, number]
  >) {
    if (matches(file, qualifiedName, line)) ids.push(id);
  }
  if (ids.length === 0) return [];
  return selectSymbols(db, "id IN (SELECT value FROM json_each(?))", [JSON.stringify(ids)]);
}

/** Null when no indexed file matches the path (then the argument may be a name with a colon). */
function byLocation(db: Database.Database, path: string, line: number): GraphSymbol[] | null {
  const files = filesNamed(db, path);
  if (files.length === 0) return null;
  const found: GraphSymbol[] = [];
  const inner = db.prepare(`SELECT ${SYMBOL_COLUMNS} FROM symbols WHERE file = ? AND line <= ? AND end_line >= ? ORDER BY line DESC, end_line ASC, id LIMIT 1`);
  for (const file of files) {
    const row = inner.get(file, line, line) as SymbolRow | undefined;
    if (row) found.push(toGraphSymbol(row));
  }
  return found;
}

const handleColumns = new WeakMap<Database.Database, boolean>();
function hasHandleColumn(db: Database.Database): boolean {
  let known = handleColumns.get(db);
  if (known === undefined) {
    known = (db.prepare("SELECT count(*) FROM pragma_table_info('symbols') WHERE name = 'handle'").pluck().get() as number) > 0;
    handleColumns.set(db, known);
  }
  return known;
}

function preferTypesOverImpls(symbols: GraphSymbol[]): GraphSymbol[] {
  if (symbols.length < 2) return symbols;
  const typeNames = new Set(symbols.filter((symbol) => symbol.kind !== "impl").map((symbol) => symbol.qualified_name));
  return symbols.filter((symbol) => symbol.kind !== "impl" || !typeNames.has(symbol.qualified_name));
}

function suggest(db: Database.Database, text: string, limit: number): GraphSymbol[] {
  const rows = querySymbols(db, { name: text, limit: limit > 0 ? Math.min(limit, 5) : 5 }).symbols;
  return rows.flatMap((row) => selectSymbols(db, "file = ? AND line = ? AND name = ?", [row.file, row.line, row.name]).slice(0, 1));
}
