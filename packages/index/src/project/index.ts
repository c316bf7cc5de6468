/**
 * The project part: the use cases behind the commands (`index`, `status`, `init`, `locks`, `source-read`,
 * `edit`, the graph reads, `map`, `convex-sync`), each one options object in and the command's data out.
 * The top part: it may import every other one, and only the package entries (src/*.ts) import it.
 *
 * This file is the part's entry point and interface: other parts and the package entries (src/*.ts) may
 * import only the names listed here, each from the module it is listed with, and only parts below them;
 * test/part-layers.test.ts checks every import. Importers name the module rather than this file, so the
 * bundle's lazy chunks stay lazy (README.md says why).
 */
export { autoReindex, type AutoReindexReport } from "./auto-reindex";
export { loadLocalProjection, type LocalGraphStore, type LocalProjection } from "./convex-sync-local";
export { convexSync, DEFAULT_ENDPOINT_ENV, DEFAULT_TOKEN_ENV, type ConvexSyncData, type ConvexSyncOptions, type ConvexSyncSource } from "./convex-sync";
export { databaseLocks, type DatabaseLocks, type SidecarState } from "./database-locks";
export { applyEdits, type EditBatchOptions, type EditBatchReport, type EditedFile } from "./edit/apply-edits";
export { aggregateFiles, groupLinks, type FileAggregation, type MapFile, type MapFileLink, type MapGroup } from "./graph-view/aggregate-files";
export { MAP_VIEW_DEFAULT_LIMIT, readMapView, type MapViewLayer, type MapViewOptions } from "./graph-view/read-map-view";
export { traverseGraphView, type TraverseGraphViewOptions } from "./graph-view/traverse-graph-view";
export {
  indexProject,
  warningNotes,
  type CheckerReport,
  type IndexProjectOptions,
  type IndexReport,
  type IndexRun,
  type IndexScopeReport,
  type IndexSummaryReport,
} from "./index-project";
export { resolveIndexTargets, type IndexTarget, type IndexTargetOptions, type ResolvedTargets } from "./index-targets";
export { applyInit, readText, type InitAction, type InitChange, type InitOptions } from "./init/apply-init";
export { codeNavigationSection, NAVIGATION_COMMANDS, SECTION_END, SECTION_START_PREFIX } from "./init/code-navigation-section";
export { CODEX_HOOK_STATUS, codexHook, mergeCodexHook, type CodexHook } from "./init/codex-hook";
export { initProject, type InitProjectOptions, type InitReport } from "./init/init-project";
export { instructionBlockState, upsertInstructionBlock, type InstructionState } from "./init/instruction-block";
export { MCP_TOOL_NAMES } from "./init/mcp-registration";
export { OPENCODE_COMMANDS, OPENCODE_MARKER_PREFIX, opencodeCommandFile } from "./init/opencode-commands";
export { tsiftLauncher, type TsiftLauncher, type TsiftLauncherFacts } from "./init/tsift-launcher";
export { instructionsStatus, type InstructionsStatus } from "./instructions-status";
export { projectStatus, type StatusOptions, type StatusReport } from "./project-status";
export { readAnalysis, type AnalysisOptions, type AnalysisReport } from "./read-analysis";
export { readCallPath, type CallPathOptions } from "./read-call-path";
export { readCommunities, type CommunitiesOptions } from "./read-communities";
export { readExplanation, type ExplainSymbolOptions } from "./read-explanation";
export { checkLimit } from "./read-limits";
export { readLocks, type LocksReport } from "./read-locks";
export { readSymbolGraph, type SymbolGraphOptions, type SymbolGraphReport } from "./read-symbol-graph";
export { readSymbols, readSymbolsOnFirstUse, type SymbolsReading, type SymbolsReport } from "./read-symbols";
export { INDEX_READING_COMMANDS, recommendations, reminders, runReason, type Recommendations } from "./recommendations";
export { readSourceWindow, type SourceWindow, type SourceWindowOptions, type SourceWindowReport } from "./source-read/read-source-window";
export type { WindowRequest } from "./source-read/read-window";
export type { SymbolRef } from "./source-read/window-symbols";
export { indexStatus, statusTargets, type IndexState, type IndexStatus, type ScopeStatus, type StatusTargets } from "./status-index";
