// Git diffs read through the git CLI: targets, changed files with hunks, and either side's bytes.
export { diffTargetArgs, diffTargetFromFlags, type DiffTarget, type DiffTargetFlags } from "./diff-target";
export type { DiffFile, DiffStatus } from "./diff-file";
export type { DiffHunk } from "./parse-patch";
export { listDiffFiles, listResolvedDiff, type DiffListing, type ListDiffFilesOptions } from "./list-diff-files";
export { resolveDiff, type ResolvedDiff } from "./resolve-diff";
export {
  projectMaxFileBytes,
  readResolvedSnapshot,
  readSnapshot,
  snapshotSize,
  SNAPSHOT_HARD_MAX_BYTES,
  type SnapshotOptions,
  type SnapshotSide,
} from "./read-snapshot";
export { PatchParser, type PatchParserOptions, type PatchSection } from "./parse-patch";
export { parseNumstat, type NumstatEntry } from "./parse-numstat";
export { parseRawDiff, type RawEntry } from "./parse-raw";
export { readSnapshots, type SnapshotRead, type SnapshotRequest } from "./read-snapshots";
