/**
 * The hot reads the benchmark times, each with a sanity check run once before timing,
 * so a fast wrong answer (an empty page, a missing path) fails the run instead of
 * producing a flattering number.
 */
import { edgeKey } from "@tsift/core";
import { CHAIN_HOPS } from "./generator.mjs";

export const CAPPED_MAX_HOPS = 4;

function expect(condition, message) {
  if (!condition) throw new Error(`benchmark sanity check failed: ${message}`);
}

/** [name, call(i), check(result)] for every hot read, against the generator's targets. */
export function hotReads(store, targets) {
  const edgeKeys = targets.sampleEdges.map(([from, kind, to]) => edgeKey(from, kind, to));
  return [
    [
      "node lookup",
      (i) => store.getNode(targets.sampleNodes[i % targets.sampleNodes.length]),
      (node) => expect(node?.kind === "symbol", "getNode found the symbol"),
    ],
    [
      "kind page (limit 50)",
      () => store.nodesByKind("symbol", { limit: 50 }),
      (page) => expect(page.items.length === 50 && page.truncated, "kind page is full"),
    ],
    [
      "kind page + property filter (limit 50)",
      () => store.nodesByKind("symbol", { properties: { kind: "class" }, limit: 50 }),
      (page) => expect(page.items.length === 50 && page.items.every((node) => node.properties?.kind === "class"), "filtered kind page is full and filtered"),
    ],
    ["edge lookup by key", (i) => store.getEdge(edgeKeys[i % edgeKeys.length]), (edge) => expect(edge?.kind === "calls", "getEdge found the edge")],
    [
      "edge property scan (limit 50)",
      () => store.scanEdges({ properties: { line: "42" }, limit: 50 }),
      (page) => expect(page.items.length > 0 && page.items.every((edge) => edge.properties?.line === "42"), "edge property scan matched"),
    ],
    [
      "incident edges of a hub (limit 50)",
      () => store.incidentEdges(targets.hub, { limit: 50 }),
      (page) => expect(page.items.length === 50 && page.truncated, "hub page is full"),
    ],
    [
      "incident edges of a normal node (limit 50)",
      () => store.incidentEdges(targets.normalSymbol, { limit: 50 }),
      (page) => expect(page.items.length >= 2, "normal node has edges"),
    ],
    [
      "neighborhood depth 2 (limit 100)",
      () => store.neighborhood(targets.normalFile, { depth: 2, limit: 100 }),
      (sub) => expect(sub.nodes.length > 5 && sub.edges.length > 0, "file neighborhood reaches its symbols and their callees"),
    ],
    [
      `shortest path, ${CHAIN_HOPS}-hop chain`,
      () => store.shortestPath(targets.chainHead, targets.chainTail),
      (result) => expect(result.path?.hops === CHAIN_HOPS, `chain path has ${CHAIN_HOPS} hops (got ${result.path?.hops})`),
    ],
    [
      `shortest path, capped search (maxHops ${CAPPED_MAX_HOPS})`,
      () => store.shortestPath(targets.normalFile, targets.chainTail, { maxHops: CAPPED_MAX_HOPS }),
      (result) => expect(result.path === null && result.hopCapReached, "capped search stops at the hop cap"),
    ],
  ];
}
