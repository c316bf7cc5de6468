export type { EdgeListGraph } from "./edge-list-graph";
export { buildCallGraph, type CallEdgeAttributes, type CallGraph, type GraphInput } from "./build-call-graph";
export { stronglyConnectedComponents, type SccReport } from "./strongly-connected-components";
export { DEFAULT_COMMUNITY_SEED, detectCommunities, type Community, type CommunityReport, type DetectCommunitiesOptions } from "./detect-communities";
export { shortestPath, type ShortestPathOptions, type ShortestPathResult } from "./shortest-path";
export { DEFAULT_HEALTH_WEIGHTS, healthReport, type HealthOptions, type HealthReport, type HealthScore, type HealthWeights } from "./health-report";
export { deadCode, type DeadCodeOptions, type DeadCodeReport, type DeadNode, type DeadReason } from "./dead-code";
export {
  DEFAULT_ENTRY_NAMES,
  inferEntryPoints,
  type EntryCandidate,
  type EntryPointReport,
  type EntryReason,
  type InferEntryPointsOptions,
} from "./infer-entry-points";
export { couplingReport, type CouplingOptions, type CouplingReport, type ModuleCoupling } from "./coupling-report";
export { pageRank, type PageRankOptions, type PageRankReport, type RankedNode } from "./page-rank";
export { personalizedPageRank, type PersonalizedPageRankOptions } from "./personalized-page-rank";
export { DEFAULT_LAYOUT_BOX, forceLayout, type ForceLayoutOptions, type LayoutBox, type LayoutPoint } from "./force-layout";
export {
  GRAPH_VIEW_CONTRACT_VERSION,
  type GraphViewCommunity,
  type GraphViewEdge,
  type GraphViewEdgeInput,
  type GraphViewInput,
  type GraphViewLayer,
  type GraphViewModel,
  type GraphViewNode,
  type GraphViewNodeInput,
  type GraphViewValue,
} from "./graph-view/graph-view-model";
export { COMMUNITY_COLORS, layoutGraphView, UNCLUSTERED_COLOR, type LayoutGraphViewOptions } from "./graph-view/layout-graph-view";
export { renderGraphView, type RenderGraphViewOptions } from "./graph-view/render-graph-view";
export { browserBundles, type BrowserBundles } from "./graph-view/browser-bundles";
