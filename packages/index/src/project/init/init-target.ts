import { readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, relative, sep } from "node:path";
import { TsiftError } from "@tsift/core/light";
import { parseGitmodules } from "../../walk/workspace-scopes";

const exists = (path: string) => statSync(path, { throwIfNoEntry: false }) !== undefined;

/** The nearest work tree root at or above `dir` (`.git` is a directory, or a file in submodules), like `git rev-parse --show-toplevel`. */
export function gitRoot(dir: string): string | null {
  for (let current = dir; ; current = dirname(current)) {
    if (exists(`${current}${sep}.git`)) return current;
    if (dirname(current) === current) return null;
  }
}

/** The superproject whose `.gitmodules` declares `repo`, like `git rev-parse --show-superproject-working-tree`. */
export function superproject(repo: string): string | null {
  const parent = dirname(repo);
  if (parent === repo) return null;
  const candidate = gitRoot(parent);
  if (!candidate) return null;
  let text: string;
  try {
    text = readFileSync(`${candidate}${sep}.gitmodules`, "utf8");
  } catch {
    return null;
  }
  const rel = relative(candidate, repo).split(sep).join("/");
  return parseGitmodules(text).some((path) => path === rel) ? candidate : null;
}

/**
 * Where `tsift init` writes: a file means its
 * directory; then the git work tree root holding it (a submodule's own root); with
 * `--workspace`, the superproject that declares that submodule. Outside git, the
 * directory itself.
 */
export function resolveInitTarget(input: string, workspace: boolean): string {
  let real: string;
  try {
    real = realpathSync(input);
  } catch (error) {
    throw new TsiftError("not_found", `cannot resolve ${input}: ${(error as Error).message}`, { cause: error, details: { path: input } });
  }
  const dir = statSync(real).isDirectory() ? real : dirname(real);
  const root = gitRoot(dir) ?? dir;
  if (!workspace) return root;
  return superproject(root) ?? root;
}
