import type { DiffFile, DiffStatus } from "./diff-file";
import type { DiffTarget } from "./diff-target";
import { parseNumstat, type NumstatEntry } from "./parse-numstat";
import { PatchParser, type PatchSection } from "./parse-patch";
import { parseRawDiff, type RawEntry } from "./parse-raw";
import { resolveDiff, type ResolvedDiff } from "./resolve-diff";
import { runGit } from "./run-git";
import { untrackedFile } from "./untracked-file";

export interface ListDiffFilesOptions {
  /** Pathspecs relative to the root; only changes under them are listed. */
  readonly paths?: readonly string[];
}

export interface DiffListing {
  files: DiffFile[];
  /** Bytes of the zero-context patch plus the untracked files' sizes: what reading the change itself costs. */
  patchBytes: number;
}

const STATUS: Record<string, DiffStatus> = {
  A: "added",
  D: "deleted",
  M: "modified",
  U: "modified",
  X: "modified",
  R: "renamed",
  C: "copied",
  T: "type-changed",
};
const ABSENT_MODE = "000000";
const GITLINK_MODE = "160000";

/**
 * The files `target` changes under `root`, sorted by path. Paths are relative to `root` and only
 * changes below it are listed (git's `--relative`), so a project in a subdirectory of its
 * repository sees its own files by its own paths. Renames are detected; `.tsift/` is left out.
 */
export async function listDiffFiles(root: string, target: DiffTarget, options: ListDiffFilesOptions = {}): Promise<DiffFile[]> {
  return (await listResolvedDiff(await resolveDiff(root, target), options)).files;
}

export async function listResolvedDiff(resolved: ResolvedDiff, options: ListDiffFilesOptions = {}): Promise<DiffListing> {
  const { cwd } = resolved;
  const common = ["diff", "--no-ext-diff", "--no-textconv", "--no-color", "--relative", "-M", ...diffSides(resolved)];
  const pathspec = ["--", ...(options.paths ?? [])];
  const parser = new PatchParser();
  let patchBytes = 0;
  const [raw, numstat] = await Promise.all([
    runGit(cwd, [...common, "--raw", "-z", ...pathspec]),
    runGit(cwd, [...common, "--numstat", "-z", ...pathspec]),
    runGit(cwd, [...common, "-p", "-U0", ...pathspec], {
      onStdout: (chunk) => {
        patchBytes += chunk.length;
        parser.push(chunk);
      },
    }),
  ]);
  const files = mergeEntries(parseRawDiff(raw.stdout.toString("utf8")), parseNumstat(numstat.stdout.toString("utf8")), parser.end());
  if (resolved.untracked) {
    const listed = await runGit(cwd, ["ls-files", "--others", "--exclude-standard", "-z", ...pathspec]);
    for (const path of listed.stdout.toString("utf8").split("\0")) {
      if (path === "" || excluded(path)) continue;
      const { file, bytes } = await untrackedFile(cwd, path);
      files.push(file);
      patchBytes += bytes;
    }
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, patchBytes };
}

/** The `git diff` arguments naming the two sides. */
function diffSides(resolved: ResolvedDiff): string[] {
  switch (resolved.newSide.kind) {
    case "worktree":
      // No tree-ish: git compares the index with the working tree.
      return resolved.oldSide === "index" ? [] : [resolved.oldTreeish];
    case "index":
      return ["--cached", resolved.oldTreeish];
    case "commit":
      return [resolved.oldTreeish, resolved.newSide.commit];
  }
}

function excluded(path: string): boolean {
  return path === ".tsift" || path.startsWith(".tsift/");
}

function mergeEntries(raw: RawEntry[], numstat: NumstatEntry[], sections: PatchSection[]): DiffFile[] {
  const counts = new Map(numstat.map((entry) => [entry.path, entry]));
  const patches = new Map<string, PatchSection[]>();
  for (const section of sections) {
    const key = section.newPath ?? section.oldPath;
    if (key !== null) patches.set(key, [...(patches.get(key) ?? []), section]);
  }
  const files: DiffFile[] = [];
  for (const entry of raw) {
    if (excluded(entry.path)) continue;
    const status = STATUS[entry.status] ?? "modified";
    const count = counts.get(entry.path);
    const parts = patches.get(entry.path) ?? [];
    const submodule = entry.oldMode === GITLINK_MODE || entry.newMode === GITLINK_MODE;
    const binary = (count?.binary ?? false) || parts.some((part) => part.binary);
    const hunks = parts.flatMap((part) => part.hunks);
    const additions = count?.additions ?? 0;
    const deletions = count?.deletions ?? 0;
    // A file whose stat changed but whose bytes did not is listed by raw output alone; it is no change.
    if (status === "modified" && entry.oldMode === entry.newMode && !submodule && !binary && additions === 0 && deletions === 0 && hunks.length === 0) continue;
    files.push({
      path: entry.path,
      oldPath: status === "added" ? null : entry.oldPath,
      status,
      ...(entry.score !== undefined && (status === "renamed" || status === "copied") ? { similarity: entry.score } : {}),
      binary,
      submodule,
      ...(entry.oldMode !== ABSENT_MODE ? { oldMode: entry.oldMode } : {}),
      ...(entry.newMode !== ABSENT_MODE ? { newMode: entry.newMode } : {}),
      additions,
      deletions,
      hunks,
      omittedHunks: parts.reduce((sum, part) => sum + part.omittedHunks, 0),
    });
  }
  return files;
}
