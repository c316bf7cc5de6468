import { UndirectedGraph } from "graphology";
import type Database from "better-sqlite3";
import { shortestPath } from "@tsift/algorithms";
import { selectSymbols, type GraphSymbol } from "./graph-symbol";

export interface PathStep {
  /** Qualified name. */
  name: string;
  file: string;
  line: number;
  handle: string;
}

/** `tsift path <from> <to> --json` (tsift-rust-notes §2.6): `path` and `hops` are null when disconnected. */
export interface CallPath {
  from: string;
  to: string;
  path: PathStep[] | null;
  hops: number | null;
}

/**
 * The shortest chain of calls connecting two symbols, read in either direction (SPEC
 * "Shortest Path": if A calls B, A→B and B→A are both hops), over resolved calls only.
 * Disconnected symbols give `path: null, hops: null`, not an error.
 *
 * Built for one query: the undirected graph is made straight from the (caller, target)
 * row-id pairs, nodes in id order, and only the symbols on the path are read back.
 */
export function shortestCallPath(db: Database.Database, from: GraphSymbol, to: GraphSymbol): CallPath {
  const head = { from: from.qualified_name, to: to.qualified_name };
  const step = (symbol: GraphSymbol): PathStep => ({ name: symbol.qualified_name, file: symbol.file, line: symbol.line, handle: symbol.handle });
  if (from.id === to.id) return { ...head, path: [step(from)], hops: 0 };
  const pairs = db
    .prepare(
      `SELECT DISTINCT min(caller_symbol_id, resolved_symbol_id), max(caller_symbol_id, resolved_symbol_id) FROM calls
       WHERE caller_symbol_id IS NOT NULL AND resolved_symbol_id IS NOT NULL AND caller_symbol_id <> resolved_symbol_id ORDER BY 1, 2`,
    )
    .raw()
    .all() as [number, number][];
  const ids = new Set<number>();
  for (const [a, b] of pairs) {
    ids.add(a);
    ids.add(b);
  }
  const graph = new UndirectedGraph();
  for (const id of [...ids].sort((a, b) => a - b)) graph.addNode(String(id));
  for (const [a, b] of pairs) graph.addEdge(String(a), String(b));
  const found = shortestPath(graph, String(from.id), String(to.id), { maxHops: Infinity });
  if (found.path === null) return { ...head, path: null, hops: null };
  const byId = new Map(selectSymbols(db, "id IN (SELECT value FROM json_each(?))", [JSON.stringify(found.path.map(Number))]).map((symbol) => [String(symbol.id), symbol]));
  return { ...head, path: found.path.map((id) => step(byId.get(id)!)), hops: found.hops };
}
