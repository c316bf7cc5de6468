import { DirectedGraph, UndirectedGraph } from "graphology";
import forceAtlas2 from "graphology-layout-forceatlas2";
import { TsiftError } from "@tsift/core";
import { detectCommunities } from "../detect-communities";
import type { LayoutPoint } from "../force-layout";
import { compareCodeUnits } from "../internal/compare";
import { fitToBox } from "../internal/fit-to-box";
import { pageRank } from "../page-rank";
import {
  GRAPH_VIEW_CONTRACT_VERSION,
  type GraphViewCommunity,
  type GraphViewEdge,
  type GraphViewInput,
  type GraphViewLayer,
  type GraphViewModel,
  type GraphViewNode,
} from "./graph-view-model";

export interface LayoutGraphViewOptions {
  /**
   * Final positions by node id (any unit; fitted into the box): the layout is skipped for
   * nodes given one. A caller with its own picture (a path drawn as a line) passes them.
   */
  positions?: ReadonlyMap<string, LayoutPoint>;
  /** Starting positions by node id; default: each community on its own circle, so clusters start apart. */
  initial?: ReadonlyMap<string, LayoutPoint>;
  /** A node pinned while the others move (the subject of a neighbourhood). */
  center?: string;
  /** ForceAtlas2 iterations; default 500, or 200 above 500 nodes (with Barnes-Hut). */
  iterations?: number;
}

/** Colour-blind-aware Tableau-style palette for the largest communities; singletons are grey. */
export const COMMUNITY_COLORS: readonly string[] = [
  "#4e79a7",
  "#f28e2b",
  "#e15759",
  "#76b7b2",
  "#59a14f",
  "#edc948",
  "#b07aa1",
  "#ff9da7",
  "#9c755f",
  "#17becf",
  "#8cd17d",
  "#d37295",
];
export const UNCLUSTERED_COLOR = "#bab0ac";

const BOX = 1000;
const MARGIN = 20;
const MIN_SIZE = 3;
const SIZE_RANGE = 15;

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Communities past the palette get hues a golden angle apart (muted, so the palette's
 * largest communities stand out): many small clusters stay distinguishable, not one grey mass.
 */
function extraColor(community: number): string {
  const hue = (community * 137.508) % 360;
  const [s, l] = [0.42, 0.62];
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}
const significant = (value: number) => Number(value.toPrecision(6));

/**
 * Lays out and colours a graph for `renderGraphView`: Louvain communities (seeded, so the
 * same graph gets the same colours), node sizes from PageRank over the view's own edges
 * (or the rank the caller gives), and positions from ForceAtlas2 in LinLog mode, which
 * pulls communities into separate clusters instead of one hairball. Everything runs here,
 * at build time, with nodes and edges in id order and no randomness, so the same input
 * always gives the same model, and the page does no layout work of its own.
 *
 * Throws `TsiftError("invalid_input")` for a repeated node id or an edge to an unknown node.
 */
export function layoutGraphView(input: GraphViewInput, options: LayoutGraphViewOptions = {}): GraphViewModel {
  const nodes = [...input.nodes].sort((a, b) => compareCodeUnits(a.id, b.id));
  for (let i = 1; i < nodes.length; i++) {
    if (nodes[i]!.id === nodes[i - 1]!.id) throw new TsiftError("invalid_input", `node ${nodes[i]!.id} is listed twice`);
  }
  const known = new Set(nodes.map((node) => node.id));
  const edges = mergeEdges(input, known);

  // Graphology keys are positions (`n0`, `n1`…), so no id can clash with an object property.
  const keyOf = new Map(nodes.map((node, i) => [node.id, `n${i}`]));
  const weighted = new DirectedGraph();
  for (const node of nodes) weighted.addNode(keyOf.get(node.id)!);
  for (const edge of edges) {
    const [from, to] = [keyOf.get(edge.from)!, keyOf.get(edge.to)!];
    if (from === to) continue;
    if (weighted.hasEdge(from, to)) weighted.updateEdgeAttribute(from, to, "weight", (w: number | undefined) => (w ?? 0) + edge.weight);
    else weighted.addEdge(from, to, { weight: edge.weight });
  }
  const communityOf = nodes.length ? detectCommunities(weighted).membership : {};
  const membership = new Map(nodes.map((node) => [node.id, communityOf[keyOf.get(node.id)!] ?? 0]));
  const scores = nodes.length && nodes.some((node) => node.rank === undefined) ? pageRank(weighted).scores : {};
  const ranks = new Map(nodes.map((node) => [node.id, node.rank ?? scores[keyOf.get(node.id)!] ?? 0]));
  const maxRank = Math.max(0, ...ranks.values());

  const communitySizes = new Map<number, number>();
  for (const community of membership.values()) communitySizes.set(community, (communitySizes.get(community) ?? 0) + 1);
  const colorOf = (community: number) =>
    (communitySizes.get(community) ?? 0) < 2 ? UNCLUSTERED_COLOR : (COMMUNITY_COLORS[community] ?? extraColor(community));

  const positions = layoutPositions(nodes, edges, keyOf, membership, options);
  const viewNodes: GraphViewNode[] = nodes.map((node) => {
    const rank = ranks.get(node.id)!;
    const point = positions.get(node.id)!;
    return {
      id: node.id,
      label: node.label,
      kind: node.kind,
      layer: node.layer,
      x: point.x,
      y: point.y,
      size: round1(MIN_SIZE + SIZE_RANGE * (maxRank > 0 ? Math.sqrt(rank / maxRank) : 0)),
      color: colorOf(membership.get(node.id)!),
      community: membership.get(node.id)!,
      rank: significant(rank),
      properties: { ...node.properties },
      commands: [...(node.commands ?? [])],
    };
  });
  const communities: GraphViewCommunity[] = [...communitySizes.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, size]) => {
      const top = viewNodes.filter((node) => node.community === id).sort((a, b) => b.rank - a.rank || compareCodeUnits(a.id, b.id))[0]!;
      return { id, color: colorOf(id), size, label: top.label };
    });
  const layers = (["file", "symbol"] as const).filter((layer) => nodes.some((node) => node.layer === layer)) as GraphViewLayer[];
  return {
    contract_version: GRAPH_VIEW_CONTRACT_VERSION,
    title: input.title,
    nodes: viewNodes,
    edges,
    communities,
    layers,
    notes: [...(input.notes ?? [])],
  };
}

function mergeEdges(input: GraphViewInput, known: ReadonlySet<string>): GraphViewEdge[] {
  const merged = new Map<string, { from: string; to: string; kind: string; weight: number }>();
  for (const edge of input.edges) {
    for (const end of [edge.from, edge.to]) {
      if (!known.has(end)) throw new TsiftError("invalid_input", `edge ${edge.from} -${edge.kind}-> ${edge.to} names ${end}, which is not a node`);
    }
    const weight = edge.weight ?? 1;
    if (!(weight > 0)) throw new TsiftError("invalid_input", `edge ${edge.from} -${edge.kind}-> ${edge.to} has weight ${String(weight)}; weights are > 0`);
    const key = `${edge.from}\0${edge.kind}\0${edge.to}`;
    const seen = merged.get(key);
    if (seen) seen.weight += weight;
    else merged.set(key, { from: edge.from, to: edge.to, kind: edge.kind, weight });
  }
  return [...merged.entries()].sort(([a], [b]) => compareCodeUnits(a, b)).map(([, edge], i) => ({ id: `e${i}`, ...edge }));
}

function layoutPositions(
  nodes: GraphViewInput["nodes"],
  edges: readonly GraphViewEdge[],
  keyOf: ReadonlyMap<string, string>,
  membership: ReadonlyMap<string, number>,
  options: LayoutGraphViewOptions,
): Map<string, LayoutPoint> {
  const graph = new UndirectedGraph();
  const start = options.initial ?? communityCircles(nodes, membership);
  for (const node of nodes) {
    const given = options.positions?.get(node.id);
    const point = given ?? start.get(node.id) ?? { x: 0, y: 0 };
    graph.addNode(keyOf.get(node.id)!, { x: point.x, y: point.y, fixed: given !== undefined || node.id === options.center });
  }
  for (const edge of edges) {
    const [from, to] = [keyOf.get(edge.from)!, keyOf.get(edge.to)!];
    if (from === to) continue;
    if (graph.hasEdge(from, to)) graph.updateEdgeAttribute(from, to, "weight", (w: number | undefined) => (w ?? 0) + edge.weight);
    else graph.addEdge(from, to, { weight: edge.weight });
  }
  const large = graph.order > 500;
  const iterations = options.iterations ?? (large ? 200 : 500);
  if (!Number.isInteger(iterations) || iterations < 0)
    throw new TsiftError("invalid_input", `iterations must be a whole number >= 0, got ${String(iterations)}`);
  const movable = nodes.some((node) => !options.positions?.has(node.id));
  if (graph.order > 1 && iterations > 0 && movable) {
    forceAtlas2.assign(graph, {
      iterations,
      getEdgeWeight: "weight",
      settings: {
        ...forceAtlas2.inferSettings(graph),
        // LinLog separates clusters; dividing attraction by degree stops hubs from swallowing them.
        linLogMode: true,
        outboundAttractionDistribution: true,
        barnesHutOptimize: large,
      },
    });
  }
  const raw = new Map<string, LayoutPoint>();
  for (const node of nodes) {
    const attributes = graph.getNodeAttributes(keyOf.get(node.id)!);
    raw.set(node.id, { x: attributes.x as number, y: attributes.y as number });
  }
  return fitToBox(raw, { width: BOX, height: BOX, margin: MARGIN }, options.center);
}

/** Each community's members on a small circle of their own, the circles on one large circle, in community and id order. */
function communityCircles(nodes: GraphViewInput["nodes"], membership: ReadonlyMap<string, number>): Map<string, LayoutPoint> {
  const groups = new Map<number, string[]>();
  for (const node of nodes) {
    const id = membership.get(node.id) ?? 0;
    (groups.get(id) ?? groups.set(id, []).get(id)!).push(node.id);
  }
  const out = new Map<string, LayoutPoint>();
  const count = groups.size;
  const ring = 100 * Math.sqrt(Math.max(count, 1));
  for (const [id, members] of groups) {
    const angle = (2 * Math.PI * id) / Math.max(count, 1);
    const cx = count > 1 ? ring * Math.cos(angle) : 0;
    const cy = count > 1 ? ring * Math.sin(angle) : 0;
    const radius = 10 * Math.sqrt(members.length);
    members.forEach((member, i) => {
      const a = (2 * Math.PI * i) / members.length;
      out.set(member, { x: cx + radius * Math.cos(a), y: cy + radius * Math.sin(a) });
    });
  }
  return out;
}
