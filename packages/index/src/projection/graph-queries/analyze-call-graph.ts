import type Database from "better-sqlite3";
import {
  buildCallGraph,
  couplingReport,
  deadCode,
  healthReport,
  inferEntryPoints,
  stronglyConnectedComponents,
  type DeadReason,
  type EntryReason,
} from "@tsift/algorithms";
import { entryPointFacts, testCode } from "./entry-point-facts";
import { compareText, type GraphSymbol } from "./graph-symbol";
import { displayNames, loadCallGraph } from "./index-call-graph";
import { resolveSymbolArgument } from "./resolve-symbol-argument";
import { readTransaction } from "../../store/queries/read-transaction";
import { valueReferences } from "./value-references";

export interface AnalyzeOptions {
  /** Entry points for dead code: symbol arguments (every definition of an ambiguous one counts) or resolved symbols. Default: inferred. */
  entries?: ReadonlyArray<string | GraphSymbol>;
  /** Rows per list (components, scores, dead nodes, modules, entry points); default 20, 0 for all. */
  limit?: number;
  /**
   * The source root: package.json entries, `__all__` and `pub use` lines, and functions
   * used as values (`valueReferences`) are read from it; without it only index.db is used.
   */
  root?: string;
}

interface Located {
  name: string;
  file: string;
  line: number;
  handle: string;
}

export interface AnalyzeEntryPoint extends Located {
  /** Why it is an entry point; `explicit` for `entries`. */
  reasons: Array<EntryReason | "explicit">;
}

/** `tsift analyze --json`; every list capped by `limit`, with `truncated`. */
export interface AnalyzeReport {
  node_count: number;
  edge_count: number;
  symbol_count: number;
  /** Display names, sorted. */
  entry_points: string[];
  entry_points_total: number;
  entry_point_details: AnalyzeEntryPoint[];
  scc: {
    components: Array<{ nodes: string[]; size: number; is_trivial: boolean }>;
    total_components: number;
    non_trivial_count: number;
    largest_component_size: number;
    node_count: number;
    edge_count: number;
    truncated: boolean;
  };
  health: {
    scores: Array<Located & { overall: number; connectivity: number; reachability: number; centrality: number; cycle_risk: number }>;
    avg_connectivity: number;
    avg_reachability: number;
    avg_centrality: number;
    avg_cycle_risk: number;
    avg_overall: number;
    node_count: number;
    edge_count: number;
    truncated: boolean;
  };
  dead_code: {
    dead_nodes: Array<Located & { reason: DeadReason; inbound_count: number; outbound_count: number }>;
    total_nodes: number;
    total_edges: number;
    dead_count: number;
    dead_ratio: number;
    entry_points: string[];
    truncated: boolean;
  };
  coupling: ReturnType<typeof couplingReport> & { truncated: boolean };
  warnings?: string[];
}

/**
 * Whole-graph analysis over resolved calls, every callable symbol a node (called or not,
 * so never-called leaf functions show up as dead): strongly connected components, the
 * composite health of each symbol, dead code from explicit or inferred entry points
 * (`inferEntryPoints` over `entryPointFacts`; with `root`, reachability also follows
 * functions used as values), and coupling between directories.
 */
export function analyzeCallGraph(db: Database.Database, options: AnalyzeOptions = {}): AnalyzeReport {
  return readTransaction(db, () => {
    const limit = options.limit ?? 20;
    const cap = <T>(items: T[]): { items: T[]; truncated: boolean } => {
      const kept = limit > 0 ? items.slice(0, limit) : items;
      return { items: kept, truncated: kept.length < items.length };
    };
    const warnings: string[] = [];
    const { graph: edgeList, symbols, edge_count } = loadCallGraph(db, { includeUncalled: true });
    // Built once, shared by every algorithm below (they reuse a graph buildCallGraph returned).
    const graph = buildCallGraph({ nodes: edgeList.nodes, edges: [...edgeList.edges, ...constructorEdges(symbols)] });
    if (edge_count === 0) warnings.push("call graph is empty; run `tsift index` after adding code symbols");

    // Functions handed over as values (callbacks, defaults, assigned handlers) are reached like calls, for dead code only.
    const references = options.root === undefined ? null : valueReferences(db, symbols, options.root);
    const reasons = new Map<string, Array<EntryReason | "explicit">>();
    if (options.entries && options.entries.length > 0) {
      for (const entry of options.entries) {
        const found = typeof entry === "string" ? entrySymbols(db, entry, warnings) : [entry];
        for (const symbol of found) {
          if (!symbols.has(symbol.handle)) symbols.set(symbol.handle, symbol);
          reasons.set(symbol.handle, ["explicit"]);
        }
      }
    } else {
      const facts = entryPointFacts(db, symbols, options.root === undefined ? {} : { root: options.root });
      // A function named by top-level code may run, like one called there; a member read by name may run, like one called by name.
      const candidates =
        references === null
          ? facts
          : facts.map((fact) => ({
              ...fact,
              module_scope_call: fact.module_scope_call === true || references.topLevel.has(fact.node),
              possible_call: fact.possible_call === true || references.accessed.has(fact.node),
            }));
      const tests = testCode();
      const inferred = inferEntryPoints(graph, { candidates, testFiles: tests.files, testMarkers: tests.markers });
      for (const node of inferred.entry_points) reasons.set(node, inferred.reasons[node]!);
    }
    if (reasons.size === 0) warnings.push("dead-code reachability has no entry point; pass --entry <symbol> for stricter results");

    const names = displayNames(symbols);
    const name = (key: string) => names.get(key)!;
    const located = (key: string): Located => {
      const symbol = symbols.get(key)!;
      return { name: name(key), file: symbol.file, line: symbol.line, handle: symbol.handle };
    };
    const byName = (a: string, b: string) => compareText(name(a), name(b)) || compareText(a, b);
    const entryKeys = [...reasons.keys()].sort(byName);

    const scc = stronglyConnectedComponents(graph);
    const components = scc.components
      .map((nodes) => ({ nodes: nodes.map(name).sort(compareText), selfLoop: nodes.length === 1 && graph.hasEdge(nodes[0]!, nodes[0]!) }))
      .sort((a, b) => b.nodes.length - a.nodes.length || compareLists(a.nodes, b.nodes))
      .map(({ nodes, selfLoop }) => ({ nodes, size: nodes.length, is_trivial: nodes.length === 1 && !selfLoop }));
    const health = healthReport(graph);
    const scores = health.scores
      .map((score) => ({
        ...located(score.name),
        overall: score.overall,
        connectivity: score.connectivity,
        reachability: score.reachability,
        centrality: score.centrality,
        cycle_risk: score.cycle_risk,
      }))
      .sort((a, b) => b.overall - a.overall || compareText(a.name, b.name) || compareText(a.handle, b.handle));
    const reachGraph =
      references === null || references.edges.length === 0
        ? graph
        : buildCallGraph({ nodes: edgeList.nodes, edges: [...edgeList.edges, ...constructorEdges(symbols), ...references.edges] });
    const dead = deadCode(reachGraph, { entryPoints: entryKeys });
    const deadNodes = dead.dead_nodes
      .map((node) => ({ ...located(node.name), reason: node.reason, inbound_count: node.inbound_count, outbound_count: node.outbound_count }))
      .sort((a, b) => compareText(a.reason, b.reason) || compareText(a.name, b.name) || compareText(a.handle, b.handle));
    const coupling = couplingReport(graph, { moduleOf: (key) => directoryOf(symbols.get(key)!.file) });

    const entryPoints = cap(entryKeys);
    const componentRows = cap(components);
    const scoreRows = cap(scores);
    const deadRows = cap(deadNodes);
    const moduleRows = cap(coupling.modules);
    return {
      node_count: graph.order,
      edge_count,
      symbol_count: db.prepare("SELECT count(*) FROM symbols").pluck().get() as number,
      entry_points: entryPoints.items.map(name),
      entry_points_total: entryKeys.length,
      entry_point_details: entryPoints.items.map((key) => ({ ...located(key), reasons: reasons.get(key)! })),
      scc: {
        components: componentRows.items,
        total_components: scc.total_components,
        non_trivial_count: scc.non_trivial,
        largest_component_size: scc.largest,
        node_count: scc.node_count,
        edge_count,
        truncated: componentRows.truncated,
      },
      health: { ...health, scores: scoreRows.items, edge_count, truncated: scoreRows.truncated },
      dead_code: {
        dead_nodes: deadRows.items,
        total_nodes: dead.total_nodes,
        total_edges: edge_count,
        dead_count: dead.dead_count,
        dead_ratio: dead.dead_ratio,
        entry_points: entryPoints.items.map(name),
        truncated: deadRows.truncated,
      },
      coupling: { ...coupling, modules: moduleRows.items, total_edges: edge_count, truncated: moduleRows.truncated },
      ...(warnings.length > 0 ? { warnings } : {}),
    };
  });
}

/**
 * `new Store()` resolves to the class; running it runs the constructor. These class →
 * constructor edges keep a used class's constructor alive; they are not counted as calls.
 */
function constructorEdges(symbols: ReadonlyMap<string, GraphSymbol>): Array<[string, string]> {
  const types = new Map<string, string>();
  for (const [key, symbol] of symbols) if (symbol.kind !== "constructor" && symbol.parent === null) types.set(`${symbol.file}\0${symbol.qualified_name}`, key);
  const edges: Array<[string, string]> = [];
  for (const [key, symbol] of symbols) {
    const type = symbol.kind === "constructor" && symbol.parent !== null ? types.get(`${symbol.file}\0${symbol.parent}`) : undefined;
    if (type !== undefined) edges.push([type, key]);
  }
  return edges;
}

function entrySymbols(db: Database.Database, argument: string, warnings: string[]): GraphSymbol[] {
  const resolution = resolveSymbolArgument(db, argument, { limit: 0 });
  if (resolution.status === "resolved") return [resolution.symbol];
  if (resolution.status === "ambiguous") return resolution.candidates;
  warnings.push(`entry point \`${argument}\` matches no indexed symbol`);
  return [];
}

/** A file's directory, root-relative; `.` for files at the root. */
export function directoryOf(file: string): string {
  const slash = file.lastIndexOf("/");
  return slash < 0 ? "." : file.slice(0, slash);
}

function compareLists(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const order = compareText(a[i]!, b[i]!);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}
