/** The two layers a view toggles: files (and directories, modules) and symbols (and routes). */
export type GraphViewLayer = "file" | "symbol";

/** A property the details pane lists; plain values only, so the model is its own JSON export. */
export type GraphViewValue = string | number | boolean | null;

export interface GraphViewNodeInput {
  id: string;
  label: string;
  /** What the node is (`file`, `directory`, `function`, `route`…); shown and searched. */
  kind: string;
  layer: GraphViewLayer;
  /** Listed in the details pane, in this order. */
  properties?: Record<string, GraphViewValue>;
  /** The tsift commands to run next about this node, ready to copy. */
  commands?: string[];
  /** Importance the node is sized by; default its PageRank in the view's own graph. */
  rank?: number;
}

export interface GraphViewEdgeInput {
  from: string;
  to: string;
  /** `calls`, `imports`, `defines`…: the edge's colour and its line in the details pane. */
  kind: string;
  /** How many underlying links it stands for (call sites, imports); default 1. */
  weight?: number;
}

/** What a view is built from: any graph of labelled nodes, from tsift's indexes or not. */
export interface GraphViewInput {
  title: string;
  nodes: readonly GraphViewNodeInput[];
  edges: readonly GraphViewEdgeInput[];
  /** One-line facts shown under the title: what was capped or aggregated and why. */
  notes?: readonly string[];
}

export interface GraphViewNode {
  id: string;
  label: string;
  kind: string;
  layer: GraphViewLayer;
  /** Position from the build-time layout, in a 1000 × 1000 box. */
  x: number;
  y: number;
  /** Drawn radius in pixels at the default zoom. */
  size: number;
  color: string;
  /** Louvain community (0 = largest). */
  community: number;
  /** The rank the size was computed from (rounded to 6 significant digits). */
  rank: number;
  properties: Record<string, GraphViewValue>;
  commands: string[];
}

export interface GraphViewEdge {
  id: string;
  from: string;
  to: string;
  kind: string;
  weight: number;
}

export interface GraphViewCommunity {
  id: number;
  color: string;
  size: number;
  /** The label of its highest-ranked member, so the legend names something recognisable. */
  label: string;
}

/** A laid-out, coloured graph: everything `renderGraphView` draws, and the JSON `tsift map --format json` prints. */
export interface GraphViewModel {
  contract_version: typeof GRAPH_VIEW_CONTRACT_VERSION;
  title: string;
  /** By id. */
  nodes: GraphViewNode[];
  /** By (from, kind, to); one per triple, weights summed. */
  edges: GraphViewEdge[];
  /** By id (largest first). */
  communities: GraphViewCommunity[];
  /** The layers present, `file` first. */
  layers: GraphViewLayer[];
  notes: string[];
}

export const GRAPH_VIEW_CONTRACT_VERSION = "tsift-graph-view-v1";
