import type { Lang } from "@tsift/graph";
import type { IndexChange } from "./index-summary";
import type { TrackedFile } from "./update/index-store";
import type { WalkedFile } from "../walk/walk-files";

export interface ChangePlan {
  /** New and modified files, sorted by path: the order rows (and ids) are written in. */
  changed: { file: WalkedFile; kind: "new" | "modified"; tracked: TrackedFile | null }[];
  deleted: { path: string; language: string }[];
  unchanged: number;
}

/**
 * Diffs the walk against what the index tracks. (size, mtime, language) equal means
 * unchanged and the file is never opened; anything else is modified, and the updater
 * decides by content hash whether it must be parsed again.
 */
export function planChanges(
  files: readonly WalkedFile[],
  tracked: ReadonlyMap<string, TrackedFile>,
  /** True for files to re-read although their stat is unchanged (e.g. `max_file_bytes` moved across them). */
  recheck: (file: WalkedFile, known: TrackedFile) => boolean = () => false,
): ChangePlan {
  const changed: ChangePlan["changed"] = [];
  let unchanged = 0;
  const seen = new Set<string>();
  for (const file of files) {
    seen.add(file.path);
    const known = tracked.get(file.path);
    if (!known) changed.push({ file, kind: "new", tracked: null });
    else if (known.size !== file.size || known.mtimeNs !== file.mtimeNs || known.language !== file.lang || recheck(file, known)) {
      changed.push({ file, kind: "modified", tracked: known });
    } else unchanged++;
  }
  const deleted = [...tracked]
    .filter(([path]) => !seen.has(path))
    .map(([path, known]) => ({ path, language: known.language }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { changed, deleted, unchanged };
}

export function changeList(plan: ChangePlan): IndexChange[] {
  const changes: IndexChange[] = [
    ...plan.changed.map(({ file, kind }) => ({ path: file.path, kind, language: file.lang as Lang })),
    ...plan.deleted.map(({ path }) => ({ path, kind: "deleted" as const })),
  ];
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * When `max_file_bytes` changed since the last run, files it now admits or now excludes
 * must be looked at again even though their stat did not move.
 */
export function sizeLimitRecheck(previousLimit: number | null, limit: number): (file: WalkedFile, known: TrackedFile) => boolean {
  if (previousLimit === null || previousLimit === limit) return () => false;
  return (file, known) => (known.skipReason === "too_large" && file.size <= limit) || (known.skipReason === null && file.size > limit);
}
