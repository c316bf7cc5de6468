/**
 * The walk part (walk and config): the project on disk — its root and workspace scopes, `.tsift/config.toml`,
 * where `.tsift/` keeps each index, the file walk, reading and writing source files, and `tsift edit`'s
 * crash-safe batches. The lowest part: it imports no other.
 *
 * This file is the part's entry point and interface: other parts and the package entries (src/*.ts) may
 * import only the names listed here, each from the module it is listed with, and only parts below them;
 * test/part-layers.test.ts checks every import. Importers name the module rather than this file, so the
 * bundle's lazy chunks stay lazy (README.md says why).
 */
export { pathArg, placeFlags, rootRelative, shellArg, sourceReadCommand, stableHandle, symbolIdentity, type CommandPlace } from "./command-place";
export { defaultConfig } from "./config/default-config";
export { CONFIG_RELATIVE_PATH, loadConfig } from "./config/load-config";
export { parseConfig } from "./config/parse-config";
export { resolveScopeTier, type ScopeTierResolution } from "./config/resolve-scope-tier";
export {
  CALL_RESOLVERS,
  DEFAULT_MAX_FILE_BYTES,
  HARD_MAX_FILE_BYTES,
  ISOLATION_TIERS,
  type CallResolver,
  type HistoryConfig,
  type IsolationTier,
  type ScopeOverride,
  type TsiftConfig,
} from "./config/tsift-config";
export { DEFAULT_IGNORED_DIRS } from "./default-ignored-dirs";
export { MAX_EDITS_PER_BATCH, parseEditBatch, type EditRequest } from "./edit/edit-input";
export { editLockPath } from "./edit/edit-journal";
export { planEdits, type EditOutcome, type EditPlan, type EditStatus } from "./edit/plan-edits";
export { recoverEditBatch, recoverHeld, settleInterruptedEdit, type EditRecovery } from "./edit/recover-edit-batch";
export { stageAndSwap } from "./edit/swap-files";
export { firstLine, GIT_BASE_ARGS, gitEnv, gitMissing, isAncestor, readGitRepoState, runGit, runGitChecked, type GitRepoState } from "./git-command";
export { indexLocation, TSIFT_DIR, type IndexLocation } from "./index-location";
export { sortWarnings, type IndexWarning, type IndexWarningStage } from "./index-warning";
export { filterPaths } from "./path-pattern";
export { projectCwd, type ProjectOptions } from "./project-options";
export { minifiedReason, readSource, type SkipReason, type SourceRead } from "./read-source";
export { resolveReadTarget, type ReadTarget } from "./read-target";
export { resolveProjectRoot, type ProjectRoot } from "./resolve-project-root";
export { isInside, resolveSourceFile, type SourceFile } from "./resolve-source-file";
export { walkFiles, type WalkedDir, type WalkedFile, type WalkOptions, type WalkResult } from "./walk-files";
export { discoverScopes, parseGitmodules, selectScope, type WorkspaceScope } from "./workspace-scopes";
export { checkInsideRoot, writeInsideRoot } from "./write-inside-root";
