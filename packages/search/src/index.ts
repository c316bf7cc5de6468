// Identifier splitting lives in @tsift/graph because the indexer enriches chunks with it at write time.
export { splitIdentifier } from "@tsift/graph";
export { queryTerms, type QueryTermsOptions } from "./query-terms";
export { QUERY_STOP_WORDS } from "./query-stop-words";
export {
  SEARCH_STRATEGIES,
  type AnswerItem,
  type Confidence,
  type SearchFilters,
  type SearchHit,
  type SearchStrategy,
  type SymbolHit,
  type SymbolMatchType,
} from "./search-types";
export { hybridAlpha, mergesAnswer, prefersExact, queryShape, type QueryShape } from "./query-shape";
export { DEFAULT_ANSWER_TUNING, rankedAnswer, type AnswerModel, type AnswerTuning } from "./ranked-answer";
export { DEFAULT_FUSION_TUNING, fuseScores, isGeneratedPath, type FusedScore, type FusionInput, type FusionTuning } from "./answer-fusion";
export { SEARCH_FILLER_WORDS, coverage, ftsQuery, type FtsQuery, type QueryGroup } from "./fts-query";
export { bestLines, type Snippet } from "./snippet";
export { chunkAt, normalizePathFilter, type ChunkRow } from "./chunk-rows";
export {
  DEFAULT_BM25_WEIGHTS,
  lexicalSearch,
  rankChunksBm25,
  type Bm25Weights,
  type LexicalOptions,
  type LexicalResult,
  type RankedChunk,
} from "./lexical-search";
export { callerCounts, queryTags, searchSymbols, type SymbolSearchOptions, type SymbolTieBreak } from "./symbol-search";
export {
  EXACT_CASES,
  exactBackend,
  exactLines,
  exactSearch,
  findRipgrep,
  type ExactBackend,
  type ExactCase,
  type ExactHit,
  type ExactLine,
  type ExactLines,
  type ExactOptions,
  type ExactResult,
} from "./exact-search";
export { dequantize, dotQuantized, normalize, quantize, type Encoder } from "./encoders/encoder";
export { HASH_ENCODER_ID, createHashEncoder, hashEmbed, lightStem, type HashEncoderOptions } from "./encoders/hash-encoder";
export { loadModel2VecEncoder, type Model2VecOptions } from "./encoders/model2vec-encoder";
export { SHIPPED_MODEL, resolveEncoder, shippedModelDir, type ResolvedEncoder } from "./encoders/default-encoder";
export { loadTokenizer, type Tokenizer } from "./encoders/hf-tokenizer";
export { readSafetensors, type Tensor } from "./encoders/safetensors";
export {
  EMBED_BATCH,
  denseRank,
  embeddingText,
  ensureVectors,
  missingVectors,
  transientVectors,
  type DenseMatch,
  type DenseOptions,
  type EmbedBudget,
  type EnsureVectorsResult,
} from "./dense-index";
export { RRF_K, denseSearch, type DenseSearchOptions, type DenseSearchResult } from "./hybrid-search";
export { relatedChunks, type RelatedOptions, type RelatedResult } from "./related-search";
export { loadPageRank, PageRankNotLoaded, pageRankTieBreak, type PageRankFn } from "./page-rank-tie-break";
export { cachedVectorsComplete, loadVectorMatrix, scoreMatrix, type VectorMatrix } from "./vector-matrix";
export type { SearchData, SearchRequest, SearchTarget } from "./use-cases/search-request";
export { buildSearchPreview, type RankedItem, type ScaleGuard, type SearchPreview } from "./search-preview";
export { runWithDeadline, type DeadlineGuard, type DeadlineOutcome } from "./use-cases/search-deadline";
export {
  describeState,
  ensureFresh,
  indexCommand,
  probeFreshness,
  type FreshnessState,
  type FreshnessTarget,
  type Refreshed,
} from "./use-cases/search-freshness";
export { loadEncoder, prepareVectors, runSearchEngine, vectorCacheFile, type EngineDeps } from "./use-cases/search-engine";
export { searchProject, type SearchProjectOptions, type SearchProjectResult } from "./use-cases/search-project";
export { relatedProject, type RelatedData, type RelatedProjectOptions, type RelatedProjectResult } from "./use-cases/related-project";
export { DEFAULT_IMPACT_DEPTH, DEFAULT_IMPACT_LIMIT, impact } from "./impact/impact";
export { IMPORT_REACH, type ImportReach } from "./impact/impact-types";
export type {
  AffectedTest,
  ChangeKind,
  ImpactBudget,
  ImpactChangedFile,
  ImpactCoChange,
  ImpactChangedSymbol,
  ImpactOptions,
  ImpactReason,
  ImpactReport,
  ImpactResult,
  ImpactVia,
} from "./impact/impact-types";
export { isTestPath } from "./impact/test-files";
export { TEST_RUNNERS, type TestRunner } from "./impact/test-runner";
export { pack } from "./pack/pack-project";
export {
  DEFAULT_PACK_BUDGET,
  MIN_PACK_BUDGET,
  PACK_FORMATS,
  PACK_PROFILES,
  SKIP_REASONS,
  type PackData,
  type PackFile,
  type PackFormat,
  type PackLeftOut,
  type PackOptions,
  type PackProfile,
  type PackResult,
  type PackSymbol,
  type SkippedEntry,
  type SkipReason,
  type TokenMapRow,
} from "./pack/pack-types";
export { PACK_TOKENIZER, loadTokenCounter, type TokenCounter } from "./pack/token-counter";
export { buildOutputReason, highEntropyToken, scanContent, secretLineReason, secretPathReason, secretShape, shannonEntropy } from "./pack/secret-screen";
// `tsift workflow search`: the handle-preserving recipe, every step a real command line.
export { searchWorkflow, type WorkflowReport, type WorkflowStep } from "./workflow/search-workflow";
