import type Database from "better-sqlite3";
import type { EdgeListGraph } from "@tsift/algorithms";
import { compareText, SYMBOL_COLUMNS, toGraphSymbol, type GraphSymbol, type SymbolRow } from "./graph-symbol";
import { readTransaction } from "../../store/queries/read-transaction";

/**
 * With `includeUncalled`, the definitions that are nodes even without calls: functions at
 * top level or in a module, namespace or type, and methods of classes, structs, impls and
 * objects. Left out: constructors (a class → constructor edge stands for `new`), getters
 * and setters (run on property access, which the index does not record), members of
 * interfaces and traits (declarations), functions nested in functions and members of
 * object literals (mostly callbacks handed to other code), and TypeScript overload
 * signatures (only the last declaration of a name in a file, the implementation).
 */
const FUNCTION_CONTAINERS = [
  "mod",
  "namespace",
  "object",
  "companion_object",
  "class",
  "struct",
  "impl",
  "enum",
  "data_class",
  "sealed_class",
  "enum_class",
  "union",
];
const METHOD_CONTAINERS = ["class", "struct", "impl", "object", "companion_object", "enum", "data_class", "sealed_class", "enum_class", "union"];

export interface IndexCallGraphOptions {
  /** Node ids: symbol handles (stable across rebuilds, the default) or row ids. */
  key?: "handle" | "id";
  /** Also add the functions and methods no resolved call touches (see above); default false. */
  includeUncalled?: boolean;
}

/** The resolved call graph of an index, ready for @tsift/algorithms. */
export interface IndexCallGraph {
  /** One edge per call site between two indexed symbols (repeats become edge weights). */
  graph: EdgeListGraph;
  /** Node id → its symbol. */
  symbols: Map<string, GraphSymbol>;
  /** Distinct (caller, target) pairs. */
  edge_count: number;
}

/**
 * Reads the call graph from the resolved targets in index.db: an edge for every call
 * site whose caller is a symbol and whose target the resolver decided. Unresolved and
 * ambiguous calls are left out rather than joined by name, so the algorithms see the
 * same precise edges as `callersOf`. Nodes are the edges' endpoints, plus every callable
 * symbol with `includeUncalled`.
 */
export function loadCallGraph(db: Database.Database, options: IndexCallGraphOptions = {}): IndexCallGraph {
  return readTransaction(db, () => {
    const pairs = db
      .prepare("SELECT caller_symbol_id, resolved_symbol_id FROM calls WHERE caller_symbol_id IS NOT NULL AND resolved_symbol_id IS NOT NULL ORDER BY id")
      .raw()
      .all() as [number, number][];
    const ids = new Set<number>();
    for (const [from, to] of pairs) {
      ids.add(from);
      ids.add(to);
    }
    const rows = db.prepare(`SELECT ${SYMBOL_COLUMNS} FROM symbols WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify([...ids])) as SymbolRow[];
    if (options.includeUncalled) rows.push(...uncalledDefinitions(db, ids));

    const keyOf = new Map<number, string>();
    const symbols = new Map<string, GraphSymbol>();
    for (const row of rows) {
      const symbol = toGraphSymbol(row);
      const key = options.key === "id" ? String(row.id) : symbol.handle;
      // Two definitions with one handle (same file, name and line) collapse; keep the first row.
      if (symbols.has(key)) {
        keyOf.set(row.id, key);
        continue;
      }
      keyOf.set(row.id, key);
      symbols.set(key, symbol);
    }
    const edges: Array<[string, string]> = [];
    const distinct = new Set<string>();
    for (const [from, to] of pairs) {
      const a = keyOf.get(from);
      const b = keyOf.get(to);
      if (a === undefined || b === undefined) continue;
      edges.push([a, b]);
      distinct.add(`${a}\0${b}`);
    }
    return { graph: { nodes: [...symbols.keys()].sort(compareText), edges }, symbols, edge_count: distinct.size };
  });
}

function uncalledDefinitions(db: Database.Database, endpoints: ReadonlySet<number>): SymbolRow[] {
  // Containers are read once and matched in JS: a correlated lookup per symbol would scan
  // each big file's rows again (no index leads with (file, qualified_name)).
  const containers = new Map<string, Set<string>>();
  for (const [file, qualifiedName, kind] of db
    .prepare(`SELECT file, qualified_name, kind FROM symbols WHERE kind IN (SELECT value FROM json_each(?))`)
    .raw()
    .all(JSON.stringify(FUNCTION_CONTAINERS)) as [string, string, string][]) {
    const key = `${file}\0${qualifiedName}`;
    let kinds = containers.get(key);
    if (!kinds) containers.set(key, (kinds = new Set()));
    kinds.add(kind);
  }
  const inside = (row: SymbolRow, allowed: readonly string[]) => {
    const kinds = containers.get(`${row.file}\0${row.parent}`);
    return kinds !== undefined && allowed.some((kind) => kinds.has(kind));
  };
  const rows = (
    db.prepare(`SELECT ${SYMBOL_COLUMNS} FROM symbols WHERE kind IN ('function', 'method') ORDER BY file, qualified_name, line`).all() as SymbolRow[]
  ).filter((row) => (row.kind === "function" ? row.parent === null || inside(row, FUNCTION_CONTAINERS) : inside(row, METHOD_CONTAINERS)));
  // Overloads: the last declaration of a name in a file is the implementation; a name
  // already in the graph through a call needs none of its other declarations.
  const last = new Map<string, SymbolRow>();
  const called = new Set<string>();
  for (const row of rows) {
    const key = `${row.file}\0${row.qualified_name}`;
    if (endpoints.has(row.id)) called.add(key);
    last.set(key, row);
  }
  return [...last].filter(([key, row]) => !called.has(key) && !endpoints.has(row.id)).map(([, row]) => row);
}

/**
 * Display names for node ids: the qualified name, or `name (file:line)` when two nodes
 * share a qualified name, so lists of names stay unambiguous.
 */
export function displayNames(symbols: ReadonlyMap<string, GraphSymbol>): Map<string, string> {
  const counts = new Map<string, number>();
  for (const symbol of symbols.values()) counts.set(symbol.qualified_name, (counts.get(symbol.qualified_name) ?? 0) + 1);
  const names = new Map<string, string>();
  for (const [key, symbol] of symbols) {
    names.set(key, counts.get(symbol.qualified_name)! > 1 ? `${symbol.qualified_name} (${symbol.file}:${symbol.line})` : symbol.qualified_name);
  }
  return names;
}
