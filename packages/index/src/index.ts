// The full entry: every lean entry (`indexer`, `graph-read`, `code-graph`), plus what only
// the full one carries — config parsing, the graph algorithms behind communities, explain
// and analyze, and the community cache's internals.
export * from "./indexer";
export * from "./graph-read";
export * from "./code-graph";
export { parseConfig } from "./walk/config/parse-config";
// `tsift map`: the whole repository as a graph view (files or symbols), laid out by @tsift/algorithms.
export { readMapView, MAP_VIEW_DEFAULT_LIMIT, type MapViewLayer, type MapViewOptions } from "./project/graph-view/read-map-view";
export { aggregateFiles, groupLinks, type FileAggregation, type MapFile, type MapFileLink, type MapGroup } from "./project/graph-view/aggregate-files";
export { repoMapRows, type RepoMapCall, type RepoMapImport, type RepoMapRows, type RepoMapSymbol } from "./store/queries/repo-map-queries";
export { displayNames, loadCallGraph, type IndexCallGraph, type IndexCallGraphOptions } from "./projection/graph-queries/index-call-graph";
export {
  COMMUNITY_CACHE_KEEP,
  COMMUNITY_CACHE_VERSION,
  communityCacheKey,
  readCommunityCache,
  writeCommunityCache,
} from "./projection/graph-queries/community-cache";
export { callGraphCommunities, communityPartition } from "./projection/graph-queries/call-graph-communities";
export { cachedCommunityPartition, shapeCommunities, type CommunityOptions, type CommunityPartition } from "./projection/graph-queries/community-view";
export { explainSymbol } from "./projection/graph-queries/explain-symbol";
export { entryPointFacts, type EntryPointFactOptions } from "./projection/graph-queries/entry-point-facts";
export { analyzeCallGraph, directoryOf, type AnalyzeEntryPoint, type AnalyzeOptions, type AnalyzeReport } from "./projection/graph-queries/analyze-call-graph";
export * from "./history";
export * from "./summaries";
// A warm, watched index for long-lived processes (`tsift mcp`, `tsift watch`, the daemon).
export { startWarmIndex, type WarmIndex, type WarmIndexOptions, type WarmIndexStatus, type WarmUpdate } from "./store/warm/start-warm-index";
