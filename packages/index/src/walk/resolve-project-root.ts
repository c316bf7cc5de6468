import { realpathSync, statSync } from "node:fs";
import { dirname, relative, sep } from "node:path";
import { TsiftError } from "@tsift/core/light";
import { gitDirOf } from "./git-repo";
import { TSIFT_DIR } from "./index-location";
import { discoverScopes, type WorkspaceScope } from "./workspace-scopes";

export interface ProjectRoot {
  /** The directory that owns (or will own) `.tsift/`. */
  root: string;
  /** The workspace scope the input path lies in, when the root is a workspace that declares it. */
  scope: WorkspaceScope | null;
}

function isDir(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

/**
 * Where a path's index lives. Walking up from the path: the nearest directory that
 * owns `.tsift/` (or, not yet indexed, a workspace `.gitmodules`) wins, so subdirectory
 * invocations reuse the project's index instead of creating nested ones. The walk
 * stops at a git work tree root: a repository without `.tsift/` is its own project,
 * unless an ancestor workspace declares it as a submodule in `.gitmodules`, in which
 * case it is that workspace's scope. With none of these, the path itself is the root.
 * A path inside a scope the root declares comes back with that scope.
 */
export function resolveProjectRoot(path: string): ProjectRoot {
  let start: string;
  try {
    start = realpathSync(path);
  } catch (error) {
    throw new TsiftError("not_found", `cannot resolve ${path}: ${(error as Error).message}`, { cause: error, details: { path } });
  }
  if (!isDir(start)) start = dirname(start);
  for (let dir = start; ; dir = dirname(dir)) {
    if (isDir(`${dir}${sep}${TSIFT_DIR}`)) return { root: dir, scope: scopeContaining(dir, start) };
    if (gitDirOf(dir)) return workspaceOwning(dir, start) ?? { root: dir, scope: scopeContaining(dir, start) };
    // A workspace that has not been indexed yet is still the root of its scopes.
    if (statSync(`${dir}${sep}.gitmodules`, { throwIfNoEntry: false })?.isFile()) return { root: dir, scope: scopeContaining(dir, start) };
    if (dirname(dir) === dir) return { root: start, scope: null };
  }
}

/** The innermost scope declared by `root`'s `.gitmodules` that holds `input` (the root itself holds none). */
function scopeContaining(root: string, input: string): WorkspaceScope | null {
  if (input === root || !statSync(`${root}${sep}.gitmodules`, { throwIfNoEntry: false })?.isFile()) return null;
  const rel = relative(root, input).split(sep).join("/");
  return (
    discoverScopes(root)
      .filter((candidate) => rel === candidate.path || rel.startsWith(`${candidate.path}/`))
      .sort((a, b) => b.path.length - a.path.length)[0] ?? null
  );
}

/** An ancestor workspace whose `.gitmodules` declares `repo` (or a scope containing `input`). */
function workspaceOwning(repo: string, input: string): ProjectRoot | null {
  for (let dir = dirname(repo); ; dir = dirname(dir)) {
    const scope = scopeContaining(dir, input);
    if (scope) return { root: dir, scope };
    if (dirname(dir) === dir) break;
  }
  return null;
}
