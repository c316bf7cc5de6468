import type { GraphStore } from "../graph-store";

/**
 * Runs a fixed battery of reads and returns every answer, so two backends loaded with
 * the same rows can be compared row for row with one deep equality.
 */
export async function paritySignature(store: GraphStore, options: { kinds: readonly string[]; pathPairs?: number }): Promise<Record<string, unknown>> {
  const signature: Record<string, unknown> = {};
  const ids: string[] = [];
  for (const kind of options.kinds) {
    const page = await store.nodesByKind(kind, { limit: 0 });
    signature[`kind:${kind}`] = page.items;
    ids.push(...page.items.map((node) => node.id));
  }
  signature.edges = (await store.scanEdges({ limit: 0 })).items;
  const counts = await store.counts();
  signature.counts = { nodes: counts.nodes, edges: counts.edges };
  signature.sample = await store.sampleEdge();
  for (const id of ids) {
    signature[`incident:${id}`] = (await store.incidentEdges(id, { limit: 0 })).items.map((edge) => edge.id);
    signature[`hood:${id}`] = await store.neighborhood(id, { depth: 2, direction: "both", limit: 5 });
  }
  const pairs = options.pathPairs ?? 40;
  for (let i = 0; i < Math.min(pairs, ids.length); i++) {
    const from = ids[i]!;
    const to = ids[(i * 7 + 3) % ids.length]!;
    signature[`path:${from}->${to}`] = await store.shortestPath(from, to, { maxHops: 8 });
  }
  return signature;
}
