export { LANGS, type Lang } from "./lang";
export { langInfo, type EntryPointModel, type LangInfo, type ResolutionModel } from "./lang-info";
export type { LanguageDefinition, LanguageExtraction } from "./language-definition";
export type {
  ModuleRequest,
  ModuleSystem,
  TestCase,
  TestCaseInput,
  TestCommand,
  TestCommandInput,
  TestConventions,
  TestProject,
  TestSymbol,
  WorkspacePackageLookup,
} from "./language-hooks";
export { LANGUAGES, moduleSystemOf, testConventionsOf } from "./language-registry";
export { langFromPath } from "./lang-from-path";
export { languageCapabilities, type LanguageCapabilities } from "./language-capabilities";
export { parseLang } from "./parse-lang";
export type {
  CallKind,
  CallSite,
  ComplexityMetrics,
  ExtractedSymbol,
  FileExtraction,
  ImportEntry,
  ImportKind,
  ImportedName,
  MemberType,
  RouteEntry,
  RouteFramework,
  SymbolKind,
  Visibility,
} from "./extraction-types";
export type { CallDraft, LanguageRules, RuleContext, SymbolDraft } from "./language-rules";
export { extractFile, startExtraction, type ExtractionRun, type ExtractOptions } from "./extract-file";
export { maxSliceChars, REFUSE_UNSPLITTABLE_MIN_CHARS, SLICE_CHARS, SLICED_LANGS, SLICED_PARSE_MIN_CHARS } from "./internal/sliced-parse";
export { parseSource, parserBackend, releaseTree, type ParserBackend, type SyntaxNode, type SyntaxTree, type TreeCursor } from "./parser-registry";
export { detectRoutes } from "./routes/detect-routes";
export { fieldText, oneLine, signatureOf } from "./signature";
export { splitIdentifier } from "./split-identifier";
export { chunkSource, lineChunks } from "./chunks/chunk-source";
export { identifierTerms, nameTerms, pathTerms } from "./chunks/chunk-terms";
export { DEFAULT_CHUNK_OPTIONS, type ChunkOptions, type ChunkOrigin, type SourceChunk } from "./chunks/source-chunk";
