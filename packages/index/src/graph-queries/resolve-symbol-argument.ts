import type Database from "better-sqlite3";
import { querySymbols } from "../query-symbols";
import { selectSymbols, SYMBOL_COLUMNS, toGraphSymbol, type GraphSymbol, type SymbolRow } from "./graph-symbol";
import { isSymbolHandle, symbolHandleMatcher } from "./symbol-handle";
import { readTransaction } from "../index-db/read-transaction";

/** How the argument was read: a `gsym-*` handle, `file:line`, `Class.method` / `mod::fn`, or a bare name. */
export type SymbolArgumentForm = "handle" | "location" | "qualified_name" | "name";

export type SymbolResolution =
  | { status: "resolved"; form: SymbolArgumentForm; symbol: GraphSymbol }
  /** Several definitions match: the caller lists them (with handles) and asks for one. */
  | { status: "ambiguous"; form: SymbolArgumentForm; candidates: GraphSymbol[]; total: number; truncated: boolean }
  /** Nothing matches; `suggestions` are near names (fuzzy), possibly empty. */
  | { status: "not_found"; form: SymbolArgumentForm; suggestions: GraphSymbol[] };

export interface ResolveSymbolOptions {
  /** Most candidates or suggestions returned; default 20, 0 for all. */
  limit?: number;
}

const LOCATION = /^(.+):(\d+)$/;

/**
 * Turns a command-line symbol argument into one definition:
 *
 * - `gsym-…`: the symbol whose `symbolHandle` it is;
 * - `path:line` (1-based; the path root-relative, or a unique suffix of one): the innermost
 *   definition whose span contains the line;
 * - `Class.method`, `mod::fn`, `pkg.Class.method`: qualified names, also as a suffix, and
 *   then as `Module.name` with the module a file (`Effect.retry`, `json.loads`);
 * - `name`: the definitions with that name (case-insensitive when none match exactly).
 *
 * Several matches are `ambiguous` with the candidates in file and line order, except that
 * a Rust `impl` block yields to the type of the same name. No match is `not_found` with
 * fuzzy suggestions.
 */
export function resolveSymbolArgument(db: Database.Database, argument: string, options: ResolveSymbolOptions = {}): SymbolResolution {
  return readTransaction(db, () => {
    const limit = options.limit ?? 20;
    const text = argument.trim();
    const decide = (form: SymbolArgumentForm, found: GraphSymbol[]): SymbolResolution => {
      const candidates = preferTypesOverImpls(found);
      if (candidates.length === 1) return { status: "resolved", form, symbol: candidates[0]! };
      if (candidates.length > 1) {
        const kept = limit > 0 ? candidates.slice(0, limit) : candidates;
        return { status: "ambiguous", form, candidates: kept, total: candidates.length, truncated: kept.length < candidates.length };
      }
      return { status: "not_found", form, suggestions: suggest(db, text, limit) };
    };

    if (isSymbolHandle(text)) return decide("handle", byHandle(db, text));
    const location = LOCATION.exec(text);
    if (location) {
      const found = byLocation(db, location[1]!, Number(location[2]));
      if (found !== null) return decide("location", found);
    }
    if (/\.|::/.test(text)) {
      const qualified = text.replaceAll("::", ".");
      let found = selectSymbols(db, "qualified_name = ?", [qualified]);
      if (found.length === 0)
        found = selectSymbols(db, "qualified_name LIKE ? ESCAPE '\\'", [`%.${escapeLike(qualified)}`]).filter((symbol) =>
          symbol.qualified_name.endsWith(`.${qualified}`),
        );
      if (found.length === 0) found = byModulePath(db, qualified);
      return decide("qualified_name", found);
    }
    let found = selectSymbols(db, "name = ?", [text]);
    if (found.length === 0) found = selectSymbols(db, "lower(name) = ?", [text.toLowerCase()]);
    return decide("name", found);
  });
}

/** A file's module path: its path without the extension, `index`, `__init__` or `mod` naming the directory itself. */
function modulePathOf(file: string): string {
  return file.replace(/\.[^./]+$/, "").replace(/\/(index|__init__|mod)$/, "");
}

/**
 * `Module.name` as code bases write it: `Effect.retry` for `retry` in `Effect.ts`
 * (imported as `import * as Effect`), `json.loads` for `loads` in `json/__init__.py`,
 * `email.message.Message.get_filename` for a method of a class in `email/message.py`. The
 * longest module prefix whose path ends a file's module path wins; the rest of the
 * argument is the qualified name inside that file.
 */
function byModulePath(db: Database.Database, qualified: string): GraphSymbol[] {
  const parts = qualified.split(".");
  for (let split = parts.length - 1; split >= 1; split--) {
    const module = parts.slice(0, split).join("/");
    const inner = parts.slice(split).join(".");
    const last = parts[split - 1]!;
    const files = (
      db
        .prepare("SELECT path FROM files WHERE path LIKE ? ESCAPE '\\' OR path LIKE ? ESCAPE '\\'")
        .pluck()
        .all(`%${escapeLike(last)}.%`, `%${escapeLike(last)}/%`) as string[]
    ).filter((file) => {
      const path = modulePathOf(file);
      return path === module || path.endsWith(`/${module}`);
    });
    if (files.length === 0) continue;
    const found = selectSymbols(db, "qualified_name = ? AND file IN (SELECT value FROM json_each(?))", [inner, JSON.stringify(files)]);
    if (found.length > 0) return found;
  }
  return [];
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
  const normalized = path.replace(/\\/g, "/").replace(/^\.\//, "");
  let files = db.prepare("SELECT path FROM files WHERE path = ?").pluck().all(normalized) as string[];
  if (files.length === 0) {
    files = (
      db
        .prepare("SELECT path FROM files WHERE path LIKE ? ESCAPE '\\'")
        .pluck()
        .all(`%/${escapeLike(normalized)}`) as string[]
    ).filter((file) => file.endsWith(`/${normalized}`));
  }
  if (files.length === 0) return null;
  const found: GraphSymbol[] = [];
  const inner = db.prepare(`SELECT ${SYMBOL_COLUMNS} FROM symbols WHERE file = ? AND line <= ? AND end_line >= ? ORDER BY line DESC, end_line ASC, id LIMIT 1`);
  for (const file of files.sort()) {
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

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
