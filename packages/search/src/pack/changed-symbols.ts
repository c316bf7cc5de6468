import { listDiffFiles, type DiffFile, type DiffTarget } from "@tsift/digest";
import type { RepoMapSymbol } from "@tsift/index";

export interface PackCentre {
  /** `working tree`, or `since <ref>`. */
  target: string;
  /** The changed files, root-relative, by path. */
  files: string[];
  /** Row ids of the symbols whose lines the change touches. */
  symbols: Set<number>;
}

/**
 * What `--changed` (HEAD against the working tree, untracked files included) or `--since REF`
 * (the merge base of REF and HEAD against the working tree) changes, from @tsift/digest's
 * `listDiffFiles`: the files, and the symbols whose line range meets a hunk's new-side lines.
 * Every symbol of an added or untracked file counts; a pure deletion touches the line it
 * happened after.
 */
export async function changedSymbols(sourceRoot: string, target: DiffTarget, symbols: readonly RepoMapSymbol[]): Promise<PackCentre> {
  const files = await listDiffFiles(sourceRoot, target);
  const byPath = new Map<string, DiffFile>(files.map((file) => [file.path, file]));
  const ids = new Set<number>();
  for (const symbol of symbols) {
    const file = byPath.get(symbol.file);
    if (!file || file.status === "deleted") continue;
    if (file.untracked === true || file.status === "added" || file.hunks.length === 0 || touches(file, symbol)) ids.add(symbol.id);
  }
  return { target: target.kind === "base" ? `since ${target.ref}` : "working tree", files: files.map((file) => file.path), symbols: ids };
}

function touches(file: DiffFile, symbol: RepoMapSymbol): boolean {
  return file.hunks.some((hunk) => {
    const start = hunk.newStart;
    const end = hunk.newLines === 0 ? hunk.newStart : hunk.newStart + hunk.newLines - 1;
    return start <= symbol.end_line && end >= symbol.line;
  });
}
