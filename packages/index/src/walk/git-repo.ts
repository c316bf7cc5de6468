import { readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";

/** The repository a directory belongs to: its work tree root and its git dir. */
export interface GitRepo {
  workTree: string;
  gitDir: string;
}

/**
 * `.git` is a directory in a plain clone and a file (`gitdir: <path>`) in submodules
 * and linked worktrees; both mark a work tree root.
 */
export function gitDirOf(dir: string): string | null {
  const dotGit = join(dir, ".git");
  const stats = statSync(dotGit, { throwIfNoEntry: false });
  if (!stats) return null;
  if (stats.isDirectory()) return dotGit;
  if (!stats.isFile()) return null;
  try {
    const match = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, "utf8"));
    if (!match) return null;
    return isAbsolute(match[1]!) ? match[1]! : resolve(dir, match[1]!);
  } catch {
    return null;
  }
}

/** The nearest work tree at or above `dir`, or null outside any git repository. */
export function findGitRepo(dir: string): GitRepo | null {
  let current = dir;
  for (;;) {
    const gitDir = gitDirOf(current);
    if (gitDir) return { workTree: current, gitDir };
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}
