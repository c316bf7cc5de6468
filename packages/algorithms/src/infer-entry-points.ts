import { buildCallGraph, type GraphInput } from "./build-call-graph";
import { compareCodeUnits } from "./internal/compare";
import { nodeId, nodeKey } from "./internal/node-key";

/** Why a node was taken as an entry point. */
export type EntryReason = "main_like" | "exported" | "test" | "route_handler" | "module_scope_call" | "possible_call" | "protocol" | "root" | "first_node";

/** What the index knows about a node, for entry-point inference. Only `node` and `name` are required. */
export interface EntryCandidate {
  /** The graph node id. */
  node: string;
  /** The unqualified symbol name (`run` for `App.run`). */
  name: string;
  kind?: string;
  /** Root-relative path with `/`. */
  file?: string;
  /** Enclosing symbol's qualified name (class, module, `mod tests`), or null at top level. */
  parent?: string | null;
  /** Declaration head, where test attributes (`#[test]`, `@Test`, `@pytest.mark…`) show. */
  signature?: string | null;
  /** Part of a package's public surface: exported from (or re-exported by) an entry file. */
  exported?: boolean;
  /** Named as the handler of a detected HTTP route. */
  route_handler?: boolean;
  /** Called from top-level code (a script body, a test callback, `if __name__ == "__main__"`). */
  module_scope_call?: boolean;
  /**
   * Named by a call the index could not tie to one definition (dynamic dispatch, an
   * ambiguous name): it may run, so it is not reported dead.
   */
  possible_call?: boolean;
  /** Run by the language or runtime, not by a call in the code (a Rust trait impl method). */
  protocol?: boolean;
}

export interface InferEntryPointsOptions {
  /** Per-node facts; nodes without one are judged by their id as the name. */
  candidates?: readonly EntryCandidate[];
  /** Names that start programs; default `main`, `run`, `start`, `init`. */
  names?: readonly string[];
  /**
   * When no rule matches anything: take the roots (nodes with callees and no callers),
   * else the first node by id, so dead-code analysis always has a start. Default true.
   */
  fallback?: boolean;
  /**
   * Paths holding test code (test files and the helpers only tests use), by the languages'
   * test conventions: the caller passes them (@tsift/index reads each language's
   * definition). Default none.
   */
  testFiles?: readonly RegExp[];
  /** Declaration heads that mark a test (`#[test]`, `@Test`, `@pytest…`), by the same conventions. Default none. */
  testMarkers?: readonly RegExp[];
}

export interface EntryPointReport {
  /** Sorted by id. */
  entry_points: string[];
  /** Every rule that matched each entry point, in the EntryReason order. */
  reasons: Record<string, EntryReason[]>;
}

export const DEFAULT_ENTRY_NAMES: readonly string[] = Object.freeze(["main", "run", "start", "init"]);

const TEST_NAME = /^test_|^test[A-Z0-9]|^Test[A-Z_]/;
/** `mod tests` / `class TestFoo` / `describe` blocks: anything nested in them is test code. */
const TEST_PARENT = /(^|\.)(tests?|Test[A-Za-z0-9_]*)(\.|$)/;
/**
 * Members the runtime calls: computed keys (`[Symbol.iterator]`, `[NodeInspectSymbol]`),
 * conversion and inspection hooks, the iterator and thenable protocols, Python dunders.
 */
const PROTOCOL_NAME = /^\[|^(toString|toJSON|valueOf|toLocaleString|inspect|then|next|return|throw)$|^__\w+__$/;
const MEMBER_KINDS = new Set(["method", "getter", "setter", "constructor"]);
const ORDER: readonly EntryReason[] = [
  "main_like",
  "exported",
  "test",
  "route_handler",
  "module_scope_call",
  "possible_call",
  "protocol",
  "root",
  "first_node",
];

/**
 * Entry points for dead-code analysis, better than "no incoming edges": program starts
 * (`main`/`run`/`start`/`init`), the public surface of package entry files, tests
 * (test files, `test_*` names, test attributes, members of test modules), route
 * handlers, functions called from top-level code, names an unresolved call may
 * reach, and protocol members the runtime calls (`toString`, `[Symbol.iterator]`,
 * `__eq__`, Rust trait impls). The facts that need the index (exports, routes, top-level and unresolved
 * calls) come in through `candidates`; the rules are here.
 * Pure: the input is not modified.
 */
export function inferEntryPoints(input: GraphInput, options: InferEntryPointsOptions = {}): EntryPointReport {
  const graph = buildCallGraph(input);
  const names = new Set(options.names ?? DEFAULT_ENTRY_NAMES);
  const testFiles = options.testFiles ?? [];
  const testMarkers = options.testMarkers ?? [];
  const facts = new Map<string, EntryCandidate>();
  for (const candidate of options.candidates ?? []) facts.set(candidate.node, candidate);
  const reasons = new Map<string, Set<EntryReason>>();
  const add = (node: string, reason: EntryReason) => {
    let set = reasons.get(node);
    if (!set) reasons.set(node, (set = new Set()));
    set.add(reason);
  };

  const consider = (candidate: EntryCandidate) => {
    if (names.has(candidate.name)) add(candidate.node, "main_like");
    if (candidate.exported) add(candidate.node, "exported");
    if (isTest(candidate, testFiles, testMarkers)) add(candidate.node, "test");
    if (candidate.route_handler) add(candidate.node, "route_handler");
    if (candidate.module_scope_call) add(candidate.node, "module_scope_call");
    if (candidate.possible_call) add(candidate.node, "possible_call");
    if (candidate.protocol || (isMember(candidate) && PROTOCOL_NAME.test(candidate.name))) add(candidate.node, "protocol");
  };
  graph.forEachNode((key) => {
    const node = nodeId(key);
    consider(facts.get(node) ?? { node, name: node });
  });
  // Candidates outside the graph (a handler nothing calls and that calls nothing) still count.
  for (const candidate of facts.values()) if (!graph.hasNode(nodeKey(candidate.node))) consider(candidate);

  if (reasons.size === 0 && (options.fallback ?? true) && graph.order > 0) {
    graph.forEachNode((node) => {
      const callers = graph.inNeighbors(node).some((other) => other !== node);
      const callees = graph.outNeighbors(node).some((other) => other !== node);
      if (callees && !callers) add(nodeId(node), "root");
    });
    if (reasons.size === 0) add([...graph.nodes()].map(nodeId).sort(compareCodeUnits)[0]!, "first_node");
  }

  const entryPoints = [...reasons.keys()].sort(compareCodeUnits);
  // No prototype: node ids such as `constructor` or `__proto__` are ordinary keys here.
  const byNode: Record<string, EntryReason[]> = Object.create(null) as Record<string, EntryReason[]>;
  for (const node of entryPoints) byNode[node] = ORDER.filter((reason) => reasons.get(node)!.has(reason));
  return { entry_points: entryPoints, reasons: byNode };
}

function isMember(candidate: EntryCandidate): boolean {
  return (candidate.kind !== undefined && MEMBER_KINDS.has(candidate.kind)) || (candidate.parent !== undefined && candidate.parent !== null);
}

function isTest(candidate: EntryCandidate, testFiles: readonly RegExp[], testMarkers: readonly RegExp[]): boolean {
  if (TEST_NAME.test(candidate.name)) return true;
  const file = candidate.file;
  if (file !== undefined && testFiles.some((pattern) => pattern.test(file))) return true;
  const signature = candidate.signature;
  if (signature && testMarkers.some((pattern) => pattern.test(signature))) return true;
  return candidate.parent !== undefined && candidate.parent !== null && TEST_PARENT.test(candidate.parent);
}
