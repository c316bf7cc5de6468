import { readdirSync, realpathSync, statSync, type Dirent } from "node:fs";
import { join } from "node:path";
import { langFromPath, type Lang } from "@tsift/graph/langs";
import { TsiftError } from "@tsift/core/light";
import { DEFAULT_IGNORED_DIRS } from "./default-ignored-dirs";
import type { IndexWarning } from "./index-warning";
import { findGitRepo } from "./git-repo";
import { ancestorLayers, isIgnored, layerFor, readIgnoreFile, type IgnoreLayer } from "./ignore-rules";
import { pathPatternMatcher } from "./path-pattern";

/** A source file the index tracks. */
export interface WalkedFile {
  /** Root-relative, `/`-separated: the key in `files.path`. */
  path: string;
  absPath: string;
  lang: Lang;
  size: number;
  mtimeNs: bigint;
}

export interface WalkedDir {
  /** Root-relative, "" for the root. */
  path: string;
  mtimeNs: bigint;
  /** The directory holds a `package.json` (bare imports may resolve into it). */
  packageJson?: true;
}

export interface WalkOptions {
  /** Root-relative gitignore-style patterns to skip (`[index] exclude`). */
  exclude?: readonly string[];
  /**
   * Honour `.gitignore` files and `.git/info/exclude`; default: only when the root is
   * inside a git work tree, as git itself (and ripgrep) do.
   */
  gitignore?: boolean;
  /** Stop once more than this many files are found (`truncated` says so): a bounded count. */
  maxFiles?: number;
}

export interface WalkResult {
  /** The real path of the walked root. */
  root: string;
  /** Sorted by path (code-unit order), so every consumer sees one order. */
  files: WalkedFile[];
  dirs: WalkedDir[];
  warnings: IndexWarning[];
  /** Set when the walk stopped at `maxFiles`: `files` is then a partial list. */
  truncated?: true;
}

interface PendingDir {
  rel: string;
  abs: string;
  real: string;
  layers: IgnoreLayer[];
}

/**
 * Lists the files tsift indexes under `root`: regular files (or links to them) whose
 * extension maps to a language, minus hidden entries, the default ignored directories,
 * gitignored paths and `exclude` patterns. Symbolic links are followed only when their
 * target stays inside the root, and each real directory is entered once, so link loops
 * end. Synchronous on purpose: one readdir per directory and one stat per candidate
 * file is all it does, and the CLI has nothing else to do meanwhile.
 */
export function walkFiles(root: string, options: WalkOptions = {}): WalkResult {
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch (error) {
    throw new TsiftError("not_found", `cannot index ${root}: ${(error as Error).message}`, { cause: error, details: { root } });
  }
  if (!statSync(realRoot).isDirectory()) {
    throw new TsiftError("invalid_input", `cannot index ${root}: not a directory`, { details: { root } });
  }
  const repo = findGitRepo(realRoot);
  const useGitignore = options.gitignore ?? repo !== null;
  const excludes = options.exclude?.length ? pathPatternMatcher(options.exclude) : null;

  const files: WalkedFile[] = [];
  const dirs: WalkedDir[] = [];
  const warnings: IndexWarning[] = [];
  const visited = new Set<string>([realRoot]);
  const stack: PendingDir[] = [{ rel: "", abs: realRoot, real: realRoot, layers: useGitignore && repo ? ancestorLayers(repo, realRoot) : [] }];

  const skipped = (layers: readonly IgnoreLayer[], rel: string) => (useGitignore && isIgnored(layers, rel)) || (excludes !== null && excludes(rel));

  const maxFiles = options.maxFiles ?? Infinity;
  walk: while (stack.length > 0) {
    const current = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(current.abs, { withFileTypes: true });
      const dir: WalkedDir = { path: current.rel, mtimeNs: statSync(current.abs, { bigint: true }).mtimeNs };
      if (entries.some((entry) => entry.name === "package.json" && !entry.isDirectory())) dir.packageJson = true;
      dirs.push(dir);
    } catch (error) {
      warnings.push({ path: current.rel || ".", stage: "walk", message: `cannot list directory: ${(error as Error).message}` });
      continue;
    }
    if (useGitignore && entries.some((entry) => entry.name === ".gitignore")) {
      const text = readIgnoreFile(join(current.abs, ".gitignore"));
      if (text) current.layers = [...current.layers, layerFor(text, current.rel ? `${current.rel}/` : "")];
    }
    // Reverse order onto the stack so directories pop in name order.
    const subdirs: PendingDir[] = [];
    for (const entry of entries) {
      const name = entry.name;
      if (name.startsWith(".")) continue;
      const rel = current.rel ? `${current.rel}/${name}` : name;
      const abs = join(current.abs, name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      let real = `${current.real}/${name}`;
      if (entry.isSymbolicLink()) {
        const target = resolveLink(abs, realRoot);
        if (!target) continue;
        ({ isDir, isFile, real } = target);
      }
      if (isDir) {
        if (DEFAULT_IGNORED_DIRS.has(name) || skipped(current.layers, `${rel}/`) || visited.has(real)) continue;
        visited.add(real);
        subdirs.push({ rel, abs, real, layers: current.layers });
      } else if (isFile) {
        const lang = langFromPath(name);
        if (!lang || skipped(current.layers, rel)) continue;
        const stats = statSync(abs, { bigint: true, throwIfNoEntry: false });
        // Deleted between readdir and stat: it simply is not there.
        if (!stats) continue;
        files.push({ path: rel, absPath: abs, lang, size: Number(stats.size), mtimeNs: stats.mtimeNs });
        if (files.length > maxFiles) break walk;
      }
    }
    subdirs.sort((a, b) => compareCodeUnits(b.rel, a.rel));
    stack.push(...subdirs);
  }
  files.sort((a, b) => compareCodeUnits(a.path, b.path));
  dirs.sort((a, b) => compareCodeUnits(a.path, b.path));
  return { root: realRoot, files, dirs, warnings, ...(files.length > maxFiles ? { truncated: true as const } : {}) };
}

/** A link's target, when it exists and stays inside the root; links out of the root are never followed. */
function resolveLink(abs: string, realRoot: string): { isDir: boolean; isFile: boolean; real: string } | null {
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    return null;
  }
  if (real !== realRoot && !real.startsWith(`${realRoot}/`)) return null;
  const stats = statSync(real, { throwIfNoEntry: false });
  if (!stats) return null;
  return { isDir: stats.isDirectory(), isFile: stats.isFile(), real };
}

/** SQLite's BINARY collation order for the ASCII paths that dominate; stable for the rest. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
