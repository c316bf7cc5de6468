/**
 * The smallest graph shape the algorithms accept: node ids plus directed edges.
 * Callers build it straight from `SELECT caller, callee` rows without a graph
 * library. Edges may name nodes missing from `nodes`; they are added in the order
 * they first appear, as the original derived nodes from the edge list.
 */
export interface EdgeListGraph {
  readonly nodes: readonly string[];
  readonly edges: ReadonlyArray<readonly [from: string, to: string]>;
}
