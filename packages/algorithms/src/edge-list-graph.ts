/**
 * The smallest graph shape the algorithms accept: node ids plus directed edges.
 * Callers build it straight from `SELECT caller, callee` rows without a graph
 * library. Edges may name nodes missing from `nodes`; they are added. A repeated
 * edge (two call sites between the same pair) is one edge of weight 2 once the
 * graph is built (`buildCallGraph`).
 */
export interface EdgeListGraph {
  readonly nodes: readonly string[];
  readonly edges: ReadonlyArray<readonly [from: string, to: string]>;
}
