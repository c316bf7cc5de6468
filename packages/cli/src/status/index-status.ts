export type { IndexState, IndexStatus, ScopeStatus } from "@tsift/index/indexer";
