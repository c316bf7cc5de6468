import type Database from "better-sqlite3";
import type { GraphSymbol } from "./graph-symbol";
import { dispatchTargets, type DispatchTarget } from "./dispatch-targets";
import { symbolHandle } from "../../store/symbol-handle";
import { readTransaction } from "../../store/queries/read-transaction";

/** Calls from top-level code (a script body, a test callback) have no caller symbol. */
export const MODULE_CALLER = "<module>";

/**
 * One call site, with its handles and how the target was resolved. Names are qualified (`Store.get`); lines are 1-based.
 */
export interface StoredEdge {
  caller_file: string;
  /** The calling symbol's qualified name, or `<module>` for top-level code. */
  caller_name: string;
  /** The calling symbol's declaration line; null for top-level code. */
  caller_line: number | null;
  caller_handle: string | null;
  /** The target's qualified name; for an unresolved call, the name as written (`receiver.name`). */
  callee_name: string;
  callee_file: string | null;
  callee_line: number | null;
  callee_handle: string | null;
  call_site_line: number;
  /** same_scope | same_file | import | global_unique, or ambiguous | unresolved (callees only). */
  resolution: string;
  /**
   * Callees only, for a call to an interface or trait member: the implementations a call
   * through it can dispatch to (the edge itself stays on the member).
   */
  dispatch?: DispatchTarget[];
}

export interface EdgePage {
  edges: StoredEdge[];
  total: number;
  truncated: boolean;
}

export interface CallEdgeOptions {
  /** Most edges returned; default 20, 0 for all. */
  limit?: number;
}

export interface CalleeOptions extends CallEdgeOptions {
  /** Also list calls whose target is not in the index or not decidable; default true. */
  includeUnresolved?: boolean;
}

interface EdgeRow {
  caller_file: string;
  caller_name: string | null;
  caller_qualified: string | null;
  caller_def_file: string | null;
  caller_line: number | null;
  callee_written: string;
  receiver: string | null;
  callee_qualified: string | null;
  callee_file: string | null;
  callee_line: number | null;
  call_site_line: number;
  resolution: string;
  callee_id: number | null;
}

const EDGE_SELECT = `SELECT c.file AS caller_file, c.caller_name, cs.qualified_name AS caller_qualified, cs.file AS caller_def_file,
    cs.line AS caller_line, c.callee_name AS callee_written, c.receiver, t.qualified_name AS callee_qualified, t.file AS callee_file,
    t.line AS callee_line, c.line AS call_site_line, c.resolution, t.id AS callee_id
  FROM calls c LEFT JOIN symbols cs ON cs.id = c.caller_symbol_id LEFT JOIN symbols t ON t.id = c.resolved_symbol_id`;

/**
 * The call sites whose resolved target is `symbol` (index-time resolution: scope, file,
 * imports, unique names), so `Store.get` never lists the callers of `Cache.get`. Calls the
 * resolver could not decide are not guessed at. Ordered by caller file, then line.
 */
export function callersOf(db: Database.Database, symbol: GraphSymbol, options: CallEdgeOptions = {}): EdgePage {
  return readTransaction(db, () => {
    const { edges, total, truncated } = page(db, "c.resolved_symbol_id = ?", [symbol.id], options.limit);
    return { edges, total, truncated };
  });
}

/** The call sites inside `symbol`'s body, in line order; unresolved ones name the callee as written. */
export function calleesOf(db: Database.Database, symbol: GraphSymbol, options: CalleeOptions = {}): EdgePage {
  return readTransaction(db, () => {
    const filter = (options.includeUnresolved ?? true) ? "" : " AND c.resolved_symbol_id IS NOT NULL";
    const result = page(db, `c.caller_symbol_id = ?${filter}`, [symbol.id], options.limit);
    const targets = dispatchTargets(db, result.ids);
    result.edges.forEach((edge, index) => {
      const dispatch = targets.get(result.ids[index]!);
      if (dispatch) edge.dispatch = dispatch;
    });
    return { edges: result.edges, total: result.total, truncated: result.truncated };
  });
}

/**
 * One page of edges: the total is counted on the calls index, and only the rows shown are
 * read and joined (a hub function's thousands of callers are not all materialised to show
 * twenty).
 */
function page(db: Database.Database, where: string, params: readonly unknown[], limit = 20): EdgePage & { ids: number[] } {
  const total = db
    .prepare(`SELECT count(*) FROM calls c WHERE ${where}`)
    .pluck()
    .get(...params) as number;
  const rows = db
    .prepare(`${EDGE_SELECT} WHERE ${where} ORDER BY c.file, c.line, c.id${limit > 0 ? " LIMIT ?" : ""}`)
    .all(...params, ...(limit > 0 ? [limit] : [])) as EdgeRow[];
  return { edges: rows.map(toEdge), total, truncated: rows.length < total, ids: rows.map((row) => row.callee_id ?? 0) };
}

export interface SymbolCallGraphOptions extends CallEdgeOptions {
  /** Which directions; neither or both given means both. */
  callers?: boolean;
  callees?: boolean;
}

/** `tsift graph <symbol>`: both directions, or one with `total`/`truncated`. */
export type SymbolCallGraph =
  | {
      symbol: string;
      handle: string;
      callers: StoredEdge[];
      callers_total: number;
      callers_truncated: boolean;
      callees: StoredEdge[];
      callees_total: number;
      callees_truncated: boolean;
    }
  | { symbol: string; handle: string; callers: StoredEdge[]; total: number; truncated: boolean }
  | { symbol: string; handle: string; callees: StoredEdge[]; total: number; truncated: boolean };

/** Both directions of a symbol's call edges, each paged and counted, as `graph` and `explain` report them. */
export function callersAndCallees(db: Database.Database, symbol: GraphSymbol, options: CallEdgeOptions = {}) {
  const callers = callersOf(db, symbol, options);
  const callees = calleesOf(db, symbol, options);
  return {
    callers: callers.edges,
    callers_total: callers.total,
    callers_truncated: callers.truncated,
    callees: callees.edges,
    callees_total: callees.total,
    callees_truncated: callees.truncated,
  };
}

export function symbolCallGraph(db: Database.Database, symbol: GraphSymbol, options: SymbolCallGraphOptions = {}): SymbolCallGraph {
  return readTransaction(db, () => {
    const both = Boolean(options.callers) === Boolean(options.callees);
    const head = { symbol: symbol.qualified_name, handle: symbol.handle };
    const limit = options.limit === undefined ? {} : { limit: options.limit };
    if (both) return { ...head, ...callersAndCallees(db, symbol, limit) };
    if (options.callers) {
      const callers = callersOf(db, symbol, limit);
      return { ...head, callers: callers.edges, total: callers.total, truncated: callers.truncated };
    }
    const callees = calleesOf(db, symbol, limit);
    return { ...head, callees: callees.edges, total: callees.total, truncated: callees.truncated };
  });
}

function toEdge(row: EdgeRow): StoredEdge {
  const hasCaller = row.caller_qualified !== null;
  const hasTarget = row.callee_qualified !== null;
  return {
    caller_file: row.caller_file,
    caller_name: row.caller_qualified ?? row.caller_name ?? MODULE_CALLER,
    caller_line: hasCaller ? row.caller_line : null,
    caller_handle: hasCaller ? symbolHandle(row.caller_def_file!, row.caller_qualified!, row.caller_line!) : null,
    callee_name: hasTarget ? row.callee_qualified! : row.receiver ? `${row.receiver}.${row.callee_written}` : row.callee_written,
    callee_file: hasTarget ? row.callee_file : null,
    callee_line: hasTarget ? row.callee_line : null,
    callee_handle: hasTarget ? symbolHandle(row.callee_file!, row.callee_qualified!, row.callee_line!) : null,
    call_site_line: row.call_site_line,
    resolution: row.resolution,
  };
}
