import type Database from "better-sqlite3";
import { selectSymbols, type GraphSymbol } from "./graph-symbol";
import { readTransaction } from "../index-db/read-transaction";

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
 * The shortest chain of calls connecting two symbols, read in either direction
 * (if A calls B, A→B and B→A are both hops), over resolved calls only.
 * Disconnected symbols give `path: null, hops: null`, not an error.
 *
 * Built for one query on a large index: a breadth-first search from both ends at once
 * that reads each frontier's neighbours through the `calls` indexes (caller and target
 * columns), always growing the smaller frontier, so it touches only the neighbourhoods
 * it explores instead of loading the whole call graph into a graph library (on a
 * 20k-symbol index that load alone took longer than the search). Neighbours are visited
 * in row-id order, so ties always break the same way.
 */
export function shortestCallPath(db: Database.Database, from: GraphSymbol, to: GraphSymbol): CallPath {
  return readTransaction(db, () => {
    const head = { from: from.qualified_name, to: to.qualified_name };
    const step = (symbol: GraphSymbol): PathStep => ({ name: symbol.qualified_name, file: symbol.file, line: symbol.line, handle: symbol.handle });
    if (from.id === to.id) return { ...head, path: [step(from)], hops: 0 };
    const ids = bidirectionalSearch(neighbourReader(db), from.id, to.id);
    if (ids === null) return { ...head, path: null, hops: null };
    const byId = new Map(selectSymbols(db, "id IN (SELECT value FROM json_each(?))", [JSON.stringify(ids)]).map((symbol) => [symbol.id, symbol]));
    return { ...head, path: ids.map((id) => step(byId.get(id)!)), hops: ids.length - 1 };
  });
}

type Neighbours = (frontier: readonly number[]) => Map<number, number[]>;

/** Symbols joined to each frontier symbol by a resolved call, either way, self-calls left out, ascending. */
function neighbourReader(db: Database.Database): Neighbours {
  const statement = db
    .prepare(
      `SELECT caller_symbol_id, resolved_symbol_id FROM calls
         WHERE caller_symbol_id IN (SELECT value FROM json_each(@ids)) AND resolved_symbol_id IS NOT NULL
       UNION
       SELECT caller_symbol_id, resolved_symbol_id FROM calls
         WHERE resolved_symbol_id IN (SELECT value FROM json_each(@ids)) AND caller_symbol_id IS NOT NULL`,
    )
    .raw();
  return (frontier) => {
    const inFrontier = new Set(frontier);
    const found = new Map<number, Set<number>>();
    const link = (a: number, b: number) => {
      if (a === b || !inFrontier.has(a)) return;
      let set = found.get(a);
      if (!set) found.set(a, (set = new Set()));
      set.add(b);
    };
    for (const [caller, target] of statement.all({ ids: JSON.stringify(frontier) }) as [number, number][]) {
      link(caller, target);
      link(target, caller);
    }
    return new Map([...found].map(([id, set]) => [id, [...set].sort((a, b) => a - b)]));
  };
}

/** Ids from `source` to `target`, or null; frontiers grow level by level, the smaller side first. */
function bidirectionalSearch(neighbours: Neighbours, source: number, target: number): number[] | null {
  const parents = [new Map<number, number>([[source, source]]), new Map<number, number>([[target, target]])];
  const frontiers: number[][] = [[source], [target]];
  while (frontiers[0]!.length > 0 && frontiers[1]!.length > 0) {
    const side = frontiers[0]!.length <= frontiers[1]!.length ? 0 : 1;
    const mine = parents[side]!;
    const theirs = parents[1 - side]!;
    const next: number[] = [];
    const adjacency = neighbours(frontiers[side]!);
    let meeting: [number, number] | null = null;
    for (const node of frontiers[side]!) {
      for (const neighbour of adjacency.get(node) ?? []) {
        if (mine.has(neighbour)) continue;
        mine.set(neighbour, node);
        if (theirs.has(neighbour)) {
          meeting = [neighbour, node];
          break;
        }
        next.push(neighbour);
      }
      if (meeting) break;
    }
    if (meeting) {
      const [joint] = meeting;
      const walk = (map: Map<number, number>, start: number) => {
        const out = [start];
        for (let at = start; map.get(at) !== at;) out.push((at = map.get(at)!));
        return out;
      };
      const fromSource = walk(parents[0]!, joint).reverse();
      const toTarget = walk(parents[1]!, joint).slice(1);
      return [...fromSource, ...toTarget];
    }
    frontiers[side] = next;
  }
  return null;
}
