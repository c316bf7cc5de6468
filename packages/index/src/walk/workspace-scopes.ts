import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { TsiftError } from "@tsift/core/light";

/** One git submodule indexed on its own (per-submodule isolation). */
export interface WorkspaceScope {
  /** The leaf directory name, or the full path when two scopes share a leaf. */
  id: string;
  /** Workspace-root-relative, `/`-separated. */
  path: string;
}

/** `path = X` lines of a `.gitmodules` file, normalised. */
export function parseGitmodules(text: string): string[] {
  const paths: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*path\s*=\s*(.+?)\s*$/.exec(line);
    if (match) {
      const path = match[1]!
        .replace(/^"|"$/g, "")
        .replaceAll("\\", "/")
        .replace(/^(\.\/)+/, "")
        .replace(/\/+$/, "");
      if (path && !path.split("/").includes("..")) paths.push(path);
    }
  }
  return paths;
}

/**
 * The workspace scopes under `root`: every `.gitmodules` path that exists as a
 * directory or is recorded as a gitlink, plus the scopes of nested `.gitmodules` inside
 * those submodules, recursively. Ids are leaf names, promoted to full paths for every
 * scope whose leaf collides. Sorted by path.
 */
export function discoverScopes(root: string): WorkspaceScope[] {
  const paths = new Set<string>();
  const visit = (prefix: string) => {
    let text: string;
    try {
      text = readFileSync(join(root, prefix, ".gitmodules"), "utf8");
    } catch {
      return;
    }
    const declared = parseGitmodules(text).map((path) => (prefix ? `${prefix}/${path}` : path));
    const missing = declared.filter((path) => !statSync(join(root, path), { throwIfNoEntry: false })?.isDirectory());
    const gitlinks = missing.length > 0 ? gitlinksAt(join(root, prefix)) : new Set<string>();
    for (const path of declared) {
      const local = prefix ? path.slice(prefix.length + 1) : path;
      if (missing.includes(path) && !gitlinks.has(local)) continue;
      if (paths.has(path)) continue;
      paths.add(path);
      visit(path);
    }
  };
  visit("");
  const sorted = [...paths].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const leafCount = new Map<string, number>();
  for (const path of sorted) leafCount.set(leaf(path), (leafCount.get(leaf(path)) ?? 0) + 1);
  return sorted.map((path) => ({ id: leafCount.get(leaf(path))! > 1 ? path : leaf(path), path }));
}

function leaf(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Paths git records as submodule commits (mode 160000) in the index of the repository at `dir`. */
function gitlinksAt(dir: string): Set<string> {
  // Loaded here, not imported: most runs never ask git, and the module costs ~4 ms at start-up.
  const { spawnSync } = process.getBuiltinModule("node:child_process");
  const result = spawnSync("git", ["ls-files", "--stage", "-z"], { cwd: dir, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const links = new Set<string>();
  if (result.status !== 0 || !result.stdout) return links;
  for (const entry of result.stdout.split("\0")) {
    const match = /^160000 [0-9a-f]+ \d+\t(.+)$/.exec(entry);
    if (match) links.add(match[1]!);
  }
  return links;
}

/**
 * Picks one scope: by id, then by path, then by a leaf name that only one scope has.
 * Unknown or ambiguous selectors fail closed, listing the choices, rather than
 * indexing or searching some other directory.
 */
export function selectScope(scopes: readonly WorkspaceScope[], selector: string): WorkspaceScope {
  const wanted = selector
    .replaceAll("\\", "/")
    .replace(/^(\.\/)+/, "")
    .replace(/\/+$/, "");
  const byId = scopes.find((scope) => scope.id === wanted);
  if (byId) return byId;
  const byPath = scopes.find((scope) => scope.path === wanted);
  if (byPath) return byPath;
  const byLeaf = scopes.filter((scope) => leaf(scope.path) === wanted);
  if (byLeaf.length === 1) return byLeaf[0]!;
  const available = scopes.map((scope) => scope.id).join(", ") || "(none: no .gitmodules submodules found)";
  if (byLeaf.length > 1) {
    throw new TsiftError("invalid_input", `ambiguous scope \`${selector}\`. Use one of: ${byLeaf.map((scope) => scope.id).join(", ")}`, {
      details: { selector, candidates: byLeaf.map((scope) => scope.id) },
    });
  }
  throw new TsiftError("not_found", `unknown scope \`${selector}\`. Available scopes: ${available}`, {
    details: { selector, available: scopes.map((scope) => scope.id) },
  });
}
