import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Ignore } from "ignore";
import { ignore } from "./load-ignore";
import type { GitRepo } from "./git-repo";

/** One ignore file's rules and how to turn a root-relative path into a path relative to it. */
export interface IgnoreLayer {
  rules: Ignore;
  /** Prepended to root-relative paths (layers above the root). */
  prefix: string;
  /** Stripped from root-relative paths (layers below the root): "" or "dir/". */
  base: string;
}

export function readIgnoreFile(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

export function layerFor(text: string, base: string, prefix = ""): IgnoreLayer {
  return { rules: ignore({ allowRelativePaths: true }).add(text), prefix, base };
}

/**
 * Rules that apply before the walk starts: `.git/info/exclude` (weakest) and every
 * `.gitignore` between the work tree root and the walk root, so indexing a
 * subdirectory of a repository still honours the repository's top-level rules.
 */
export function ancestorLayers(repo: GitRepo, root: string): IgnoreLayer[] {
  const layers: IgnoreLayer[] = [];
  const toRoot = relative(repo.workTree, root).split(sep).filter(Boolean);
  const exclude = readIgnoreFile(join(repo.gitDir, "info", "exclude"));
  if (exclude) layers.push(layerFor(exclude, "", toRoot.length ? `${toRoot.join("/")}/` : ""));
  let dir = repo.workTree;
  for (let depth = 0; depth < toRoot.length; depth++) {
    const text = readIgnoreFile(join(dir, ".gitignore"));
    if (text) layers.push(layerFor(text, "", `${toRoot.slice(depth).join("/")}/`));
    dir = join(dir, toRoot[depth]!);
  }
  return layers;
}

/**
 * Git's precedence: the deepest file with a matching rule decides, and a negated rule
 * (`!keep.ts`) there re-includes what a shallower file ignored. `relPath` is
 * root-relative; directories end with `/` so `dir/`-only rules match them.
 */
export function isIgnored(layers: readonly IgnoreLayer[], relPath: string): boolean {
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i]!;
    if (layer.base && !relPath.startsWith(layer.base)) continue;
    const local = layer.prefix + relPath.slice(layer.base.length);
    if (local === "") continue;
    const result = layer.rules.test(local);
    if (result.ignored) return true;
    if (result.unignored) return false;
  }
  return false;
}
