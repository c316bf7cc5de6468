import type Database from "better-sqlite3";
import { selectSymbols, type GraphSymbol } from "./graph-symbol";
import { readTransaction } from "../../store/queries/read-transaction";

export interface PathStep {
  /** Qualified name. */
  name: string;
  file: string;
  line: number;
  handle: string;
}

/**
 * One hop of a path, between `path[i]` and `path[i + 1]`: `forward` when `path[i]` calls
 * `path[i + 1]` (drawn `→`), `backward` when `path[i + 1]` calls `path[i]` (drawn `←`);
 * `file`/`line` is the first such call site (lowest line, then row).
 */
export interface PathHop {
  direction: "forward" | "backward";
  caller: string;
  callee: string;
  file: string;
  line: number;
}

/**
 * `tsift path <from> <to> --json`. `path` always starts at `from` and ends at `to`, and
 * `path_hops[i]` says which way each call goes. `direction`: `forward` (`from` reaches `to`
 * through calls, every hop `→`), `reverse` (no such chain; `to` reaches `from`, every hop
 * `←`), `mixed` (`--undirected`, hops either way); `path`, `hops` and `direction` are null
 * when no path was found.
 */
export interface CallPath {
  from: string;
  to: string;
  /** True when the search followed calls either way (`--undirected`). */
  undirected: boolean;
  direction: "forward" | "reverse" | "mixed" | null;
  path: PathStep[] | null;
  path_hops: PathHop[] | null;
  hops: number | null;
}

export interface ShortestCallPathOptions {
  /** Follow calls either way (an undirected search); default false: from caller to callee. */
  undirected?: boolean;
}

/**
 * The shortest chain of resolved calls from `from` to `to`, caller to callee. When there is
 * none, the shortest chain from `to` to `from` (listed from `from`, every hop `←`,
 * `direction: "reverse"`), so asking the two symbols in the wrong order still answers.
 * `undirected` instead searches calls either way at once (if A calls B, A→B and B→A are both
 * hops) and reports each hop's true direction. Symbols connected neither way give
 * `path: null, hops: null`, not an error.
 *
 * Built for one query on a large index: a breadth-first search from both ends at once
 * (callees from the start, callers from the end; both ways for `undirected`) that reads each
 * frontier's neighbours through the `calls` indexes, always growing the smaller frontier, so
 * it touches only the neighbourhoods it explores instead of loading the whole call graph.
 * Neighbours are visited in ascending symbol id, so ties always break the same way.
 */
export function shortestCallPath(db: Database.Database, from: GraphSymbol, to: GraphSymbol, options: ShortestCallPathOptions = {}): CallPath {
  return readTransaction(db, () => {
    const undirected = options.undirected === true;
    const head = { from: from.qualified_name, to: to.qualified_name, undirected };
    const step = (symbol: GraphSymbol): PathStep => ({ name: symbol.qualified_name, file: symbol.file, line: symbol.line, handle: symbol.handle });
    if (from.id === to.id) return { ...head, direction: undirected ? "mixed" : "forward", path: [step(from)], path_hops: [], hops: 0 };
    const reader = neighbourReader(db);
    let direction: "forward" | "reverse" | "mixed" = undirected ? "mixed" : "forward";
    let ids = undirected
      ? bidirectionalSearch(
          (frontier) => reader(frontier, "both"),
          (frontier) => reader(frontier, "both"),
          from.id,
          to.id,
        )
      : bidirectionalSearch(
          (frontier) => reader(frontier, "callees"),
          (frontier) => reader(frontier, "callers"),
          from.id,
          to.id,
        );
    if (ids === null && !undirected) {
      const back = bidirectionalSearch(
        (frontier) => reader(frontier, "callees"),
        (frontier) => reader(frontier, "callers"),
        to.id,
        from.id,
      );
      if (back !== null) {
        ids = back.reverse();
        direction = "reverse";
      }
    }
    if (ids === null) return { ...head, direction: null, path: null, path_hops: null, hops: null };
    const byId = new Map(selectSymbols(db, "id IN (SELECT value FROM json_each(?))", [JSON.stringify(ids)]).map((symbol) => [symbol.id, symbol]));
    const site = db.prepare(
      "SELECT file, line FROM calls WHERE caller_symbol_id = ? AND resolved_symbol_id = ? ORDER BY line, id LIMIT 1",
    ) as Database.Statement<[number, number], { file: string; line: number }>;
    const pathHops = ids.slice(1).map((next, i): PathHop => {
      const at = ids[i]!;
      // Forward first: a pair that calls each other is drawn the way the search is read.
      const forward = direction !== "reverse" ? site.get(at, next) : undefined;
      const call = forward ?? site.get(next, at)!;
      const [caller, callee] = forward ? [at, next] : [next, at];
      return {
        direction: forward ? "forward" : "backward",
        caller: byId.get(caller)!.handle,
        callee: byId.get(callee)!.handle,
        file: call.file,
        line: call.line,
      };
    });
    return { ...head, direction, path: ids.map((id) => step(byId.get(id)!)), path_hops: pathHops, hops: ids.length - 1 };
  });
}

type Neighbours = (frontier: readonly number[]) => Map<number, number[]>;

/** Symbols a frontier symbol calls (`callees`), is called by (`callers`) or either, self-calls left out, ascending. */
function neighbourReader(db: Database.Database): (frontier: readonly number[], way: "callees" | "callers" | "both") => Map<number, number[]> {
  const callees = db
    .prepare(
      `SELECT caller_symbol_id, resolved_symbol_id FROM calls
         WHERE caller_symbol_id IN (SELECT value FROM json_each(@ids)) AND resolved_symbol_id IS NOT NULL`,
    )
    .raw();
  const callers = db
    .prepare(
      `SELECT caller_symbol_id, resolved_symbol_id FROM calls
         WHERE resolved_symbol_id IN (SELECT value FROM json_each(@ids)) AND caller_symbol_id IS NOT NULL`,
    )
    .raw();
  return (frontier, way) => {
    const inFrontier = new Set(frontier);
    const found = new Map<number, Set<number>>();
    const link = (a: number, b: number) => {
      if (a === b || !inFrontier.has(a)) return;
      let set = found.get(a);
      if (!set) found.set(a, (set = new Set()));
      set.add(b);
    };
    const ids = { ids: JSON.stringify(frontier) };
    if (way !== "callers") for (const [caller, target] of callees.all(ids) as [number, number][]) link(caller, target);
    if (way !== "callees") for (const [caller, target] of callers.all(ids) as [number, number][]) link(target, caller);
    return new Map([...found].map(([id, set]) => [id, [...set].sort((a, b) => a - b)]));
  };
}

/**
 * Ids from `source` to `target`, or null. `forward` lists the next nodes from the source's
 * side, `backward` the previous ones from the target's side; the frontiers grow one whole
 * level at a time, the smaller side first, so the first meeting is a shortest path.
 */
function bidirectionalSearch(forward: Neighbours, backward: Neighbours, source: number, target: number): number[] | null {
  const parents = [new Map<number, number>([[source, source]]), new Map<number, number>([[target, target]])];
  const frontiers: number[][] = [[source], [target]];
  const expanders = [forward, backward];
  while (frontiers[0]!.length > 0 && frontiers[1]!.length > 0) {
    const side = frontiers[0]!.length <= frontiers[1]!.length ? 0 : 1;
    const mine = parents[side]!;
    const theirs = parents[1 - side]!;
    const next: number[] = [];
    const adjacency = expanders[side]!(frontiers[side]!);
    let meeting: number | null = null;
    for (const node of frontiers[side]!) {
      for (const neighbour of adjacency.get(node) ?? []) {
        if (mine.has(neighbour)) continue;
        mine.set(neighbour, node);
        if (theirs.has(neighbour)) {
          meeting = neighbour;
          break;
        }
        next.push(neighbour);
      }
      if (meeting !== null) break;
    }
    if (meeting !== null) {
      const walk = (map: Map<number, number>, start: number) => {
        const out = [start];
        for (let at = start; map.get(at) !== at;) out.push((at = map.get(at)!));
        return out;
      };
      const fromSource = walk(parents[0]!, meeting).reverse();
      const toTarget = walk(parents[1]!, meeting).slice(1);
      return [...fromSource, ...toTarget];
    }
    frontiers[side] = next;
  }
  return null;
}
