/**
 * `@tsift/search/project-search`: the lean entry of the project-level search use cases
 * (`tsift search`, `tsift related`). It loads only what a search runs — the index's reader
 * entries, the encoders, the rankers — not the package's other use cases (impact, pack,
 * workflow) and the graph algorithms, digests and tokenizers they import: loading those is
 * a large share of a one-shot `tsift search` process. Both entries share one copy of every
 * module (the build splits shared code into chunks), so caches are never duplicated.
 */
export { searchProject, type SearchProjectOptions, type SearchProjectResult } from "./use-cases/search-project";
export { relatedProject, type RelatedData, type RelatedProjectOptions, type RelatedProjectResult } from "./use-cases/related-project";
export { buildSearchPreview, type RankedItem, type ScaleGuard, type SearchPreview } from "./search-preview";
export type { SearchData } from "./use-cases/search-request";
