import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join, posix } from "node:path";

/** A package.json found in the indexed tree: what a bare import of its name can point at. */
export interface WorkspacePackage {
  name: string;
  /** Root-relative directory ("" for the root itself). */
  dir: string;
  exports: unknown;
  main: string | null;
  module: string | null;
  types: string | null;
}

/** The workspace's packages by name, and a digest of them (a change re-resolves every import). */
export interface WorkspacePackages {
  byName: ReadonlyMap<string, WorkspacePackage>;
  digest: string;
}

export const NO_WORKSPACE_PACKAGES: WorkspacePackages = { byName: new Map(), digest: "" };

/**
 * The named packages whose package.json sits in a directory holding indexed files (or above
 * one, up to the root): an npm, yarn or pnpm workspace's members, found without reading its
 * glob list. Two packages of one name: the shallower directory wins, then the first by path.
 */
export function readWorkspacePackages(root: string, files: Iterable<string>): WorkspacePackages {
  const dirs = new Set<string>();
  for (const file of files) {
    for (let dir = posix.dirname(file); ; dir = posix.dirname(dir)) {
      const rel = dir === "." ? "" : dir;
      if (dirs.has(rel)) break;
      dirs.add(rel);
      if (rel === "") break;
    }
  }
  return readPackagesIn(root, dirs);
}

/**
 * The same, from directories already known to hold a `package.json` (the file walk
 * notes them as it lists each directory), so an index run opens only those files.
 */
export function readPackagesIn(root: string, dirs: Iterable<string>): WorkspacePackages {
  const found: WorkspacePackage[] = [];
  for (const dir of dirs) {
    if (dir.split("/").includes("node_modules")) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
    } catch {
      continue;
    }
    if (!parsed || typeof parsed !== "object") continue;
    const json = parsed as Record<string, unknown>;
    if (typeof json.name !== "string" || json.name === "") continue;
    const text = (value: unknown) => (typeof value === "string" ? value : null);
    found.push({
      name: json.name,
      dir,
      exports: json.exports ?? null,
      main: text(json.main),
      module: text(json.module),
      types: text(json.types) ?? text(json.typings),
    });
  }
  const depth = (dir: string) => (dir === "" ? 0 : dir.split("/").length);
  found.sort((a, b) => depth(a.dir) - depth(b.dir) || (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
  const byName = new Map<string, WorkspacePackage>();
  for (const entry of found) if (!byName.has(entry.name)) byName.set(entry.name, entry);
  const listed = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const digest = createHash("sha256").update(JSON.stringify(listed)).digest("hex").slice(0, 32);
  return { byName, digest };
}

/** Export conditions that never point at source: tried after every other (custom, `types`, `import`…). */
const LATE_CONDITIONS = new Set(["require", "node-addons"]);
/** Build output directories (nested too: `dist/esm/`) a `main` or export target may sit in, mapped back to the package's source. */
const BUILD_DIRS = /^(?:(?:dist|lib|build|out|esm|esm5|es2015|cjs|types)\/)+/u;

/**
 * The indexed file a bare import of a workspace package resolves to (`@scope/pkg`,
 * `@scope/pkg/sub`): its `exports` targets for the subpath, in the order written (so a
 * source condition listed first, like `"@tsift/source": "./src/index.ts"`, wins), the first
 * that is an indexed file; then `types`, `module` and `main`; then each of those targets
 * with its build directory mapped to `src/`; then `src/index.*` and `index.*`. Null when
 * the package is not in the workspace or nothing it names is indexed.
 */
export function resolveWorkspaceImport(
  packages: WorkspacePackages,
  module: string,
  probe: (base: string) => string | null,
  files: ReadonlySet<string>,
): string | null {
  const parts = module.split("/");
  const nameLength = module.startsWith("@") ? 2 : 1;
  if (parts.length < nameLength || parts.slice(0, nameLength).some((part) => part === "")) return null;
  const pkg = packages.byName.get(parts.slice(0, nameLength).join("/"));
  if (!pkg) return null;
  const rest = parts.slice(nameLength).join("/");
  const subpath = rest ? `./${rest}` : ".";
  const inPackage = (target: string) => {
    const joined = posix.normalize(posix.join(pkg.dir, target));
    return joined.startsWith("..") ? null : joined === "." ? "" : joined;
  };
  const targets: string[] = [];
  if (pkg.exports !== null) targets.push(...exportTargets(pkg.exports, subpath));
  if (subpath === ".") {
    for (const field of [pkg.types, pkg.module, pkg.main]) if (field) targets.push(field);
  } else if (pkg.exports === null) targets.push(subpath);
  const exact = (target: string) => {
    const path = inPackage(target);
    return path !== null && files.has(path) ? path : null;
  };
  const probed = (target: string) => {
    const path = inPackage(target.replace(/\.d\.[cm]?ts$/u, ""));
    return path === null ? null : probe(path);
  };
  const toSource = (target: string) => {
    const bare = posix.normalize(target.replace(/\.d\.[cm]?ts$/u, ""));
    return BUILD_DIRS.test(bare) ? probed(bare.replace(BUILD_DIRS, "src/")) : null;
  };
  for (const step of [exact, probed, toSource]) {
    for (const target of targets) {
      const hit = step(target);
      if (hit) return hit;
    }
  }
  if (subpath !== ".") return probed(`src/${rest}`);
  return probed("src/index") ?? probed("index");
}

/** The targets `exports` lists for `subpath`, in document order, late conditions last. */
function exportTargets(exports: unknown, subpath: string): string[] {
  if (typeof exports === "string" || Array.isArray(exports)) return subpath === "." ? leaves(exports) : [];
  if (!exports || typeof exports !== "object") return [];
  const map = exports as Record<string, unknown>;
  const keys = Object.keys(map);
  if (!keys.some((key) => key.startsWith("."))) return subpath === "." ? leaves(map) : [];
  if (subpath in map) return leaves(map[subpath]);
  // Subpath patterns (`"./*": "./src/*.ts"`): the longest matching prefix wins, as in Node.
  let best: { key: string; match: string } | null = null;
  for (const key of keys) {
    const star = key.indexOf("*");
    if (star < 0) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (subpath.length < key.length - 1 || !subpath.startsWith(prefix) || !subpath.endsWith(suffix)) continue;
    if (best === null || prefix.length > best.key.indexOf("*")) best = { key, match: subpath.slice(prefix.length, subpath.length - suffix.length) };
  }
  return best ? leaves(map[best.key]).map((target) => target.split("*").join(best.match)) : [];
}

function leaves(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (!value || typeof value !== "object") return [];
  const entries = Object.entries(value as Record<string, unknown>);
  return [...entries.filter(([key]) => !LATE_CONDITIONS.has(key)), ...entries.filter(([key]) => LATE_CONDITIONS.has(key))].flatMap(([, target]) =>
    leaves(target),
  );
}

/**
 * Every import specifier a workspace package declares: its name and each subpath its
 * `exports` map lists (`rxjs/operators`), in document order. Subpath patterns
 * (`./internal/*`) open a directory to deep imports rather than name an entry, and
 * `null` targets block a subpath: neither is listed.
 */
export function declaredEntrySpecifiers(packages: WorkspacePackages): string[] {
  const specifiers: string[] = [];
  for (const pkg of [...packages.byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    specifiers.push(pkg.name);
    const exports = pkg.exports;
    if (!exports || typeof exports !== "object" || Array.isArray(exports)) continue;
    for (const [key, target] of Object.entries(exports as Record<string, unknown>)) {
      if (key.startsWith("./") && !key.includes("*") && leaves(target).length > 0) specifiers.push(`${pkg.name}${key.slice(1)}`);
    }
  }
  return specifiers;
}
