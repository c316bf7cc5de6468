import { compareText } from "../../projection/graph-queries/graph-symbol";

/** An indexed file as the map reads it. */
export interface MapFile {
  path: string;
  language: string;
  size: number;
  symbols: number;
}

/** A weighted link between two files: resolved imports or resolved calls. */
export interface MapFileLink {
  from: string;
  to: string;
  kind: "imports" | "calls";
  weight: number;
}

/** What the map draws for a set of files: each file alone, or grouped into a directory. */
export interface MapGroup {
  /** `file:<path>`, `dir:<path>/` (`dir:./` for the root's own files) or `dir:…other/`. */
  id: string;
  kind: "file" | "directory";
  /** The file's or directory's root-relative path (`.` for the root). */
  path: string;
  files: MapFile[];
  /** On the root's `dir:./` group when some top-level files are nodes of their own: how many it holds (its label's `(+N more)`). */
  more?: number;
}

export interface FileAggregation {
  groups: MapGroup[];
  /** file path → its group id. */
  groupOf: Map<string, string>;
  /** Directory depth the files were grouped at; null when every file is its own node. */
  depth: number | null;
  /** Groups merged into `dir:…other/` because even top-level directories exceeded the cap. */
  merged: number;
  /** Top-level files drawn as nodes of their own while the rest are grouped by directory. */
  root_files: number;
}

export const OTHER_GROUP = "…other";

const dirOf = (path: string) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : ".");

/** The first `depth` segments of a file's directory (all of them when it is shallower). */
function directoryAt(path: string, depth: number): string {
  const dir = dirOf(path);
  return dir === "." ? "." : dir.split("/").slice(0, depth).join("/");
}

/**
 * The map's cap rule. At most `limit` nodes (0 = no cap): every file is its own node when
 * they fit; otherwise the files in directories are grouped by directory at the deepest depth
 * whose number of groups fits beside the root's own files, each top-level file staying a node
 * of its own (a repository whose modules are its top-level files keeps them apart). When the
 * top-level files do not all fit beside the top-level directories, those with the most symbols
 * (ties by path) fill the room left but one, and the rest are one `./` node counted as
 * `(+N more)`. When even the top-level directories do not fit, the `limit - 1` groups holding
 * the most files are kept (ties by path) and the rest become one `…other/` node.
 * Deterministic: groups and their files are in path order.
 */
export function aggregateFiles(files: readonly MapFile[], limit: number): FileAggregation {
  const sorted = [...files].sort((a, b) => compareText(a.path, b.path));
  if (limit === 0 || sorted.length <= limit) {
    const groups = sorted.map((file): MapGroup => ({ id: `file:${file.path}`, kind: "file", path: file.path, files: [file] }));
    return { groups, groupOf: new Map(sorted.map((file) => [file.path, `file:${file.path}`])), depth: null, merged: 0, root_files: 0 };
  }
  const rootFiles = sorted.filter((file) => dirOf(file.path) === ".");
  const nested = sorted.filter((file) => dirOf(file.path) !== ".");
  const dirsAt = (d: number) => new Set(nested.map((file) => directoryAt(file.path, d))).size;
  const maxDepth = Math.max(1, ...nested.map((file) => dirOf(file.path).split("/").length));
  let depth = 1;
  for (let d = maxDepth; d >= 1; d--) {
    if (dirsAt(d) + rootFiles.length <= limit) {
      depth = d;
      break;
    }
  }
  // Top-level files that fit as nodes of their own; with no room for all, one slot is kept for the rest.
  const room = limit - dirsAt(depth);
  const alone =
    rootFiles.length <= room
      ? rootFiles
      : [...rootFiles]
          .sort((a, b) => b.symbols - a.symbols || compareText(a.path, b.path))
          .slice(0, Math.max(0, room - 1))
          .sort((a, b) => compareText(a.path, b.path));
  const aloneSet = new Set(alone);
  const byDir = new Map<string, MapFile[]>();
  for (const file of sorted) {
    if (aloneSet.has(file)) continue;
    const dir = directoryAt(file.path, depth);
    (byDir.get(dir) ?? byDir.set(dir, []).get(dir)!).push(file);
  }
  let entries = [...byDir.entries()];
  let merged = 0;
  if (entries.length > limit) {
    const kept = [...entries].sort(([a, x], [b, y]) => y.length - x.length || compareText(a, b)).slice(0, limit - 1);
    const keep = new Set(kept.map(([dir]) => dir));
    const rest = entries.filter(([dir]) => !keep.has(dir));
    merged = rest.length;
    entries = [...entries.filter(([dir]) => keep.has(dir)), [OTHER_GROUP, rest.flatMap(([, members]) => members)]];
  }
  const groups = [
    ...alone.map((file): MapGroup => ({ id: `file:${file.path}`, kind: "file", path: file.path, files: [file] })),
    ...entries.map(([dir, members]): MapGroup => ({
      id: `dir:${dir}/`,
      kind: "directory",
      path: dir,
      files: members,
      ...(dir === "." && alone.length > 0 ? { more: members.length } : {}),
    })),
  ].sort((a, b) => compareText(a.id, b.id));
  const groupOf = new Map<string, string>();
  for (const group of groups) for (const file of group.files) groupOf.set(file.path, group.id);
  return { groups, groupOf, depth, merged, root_files: alone.length };
}

/** Links between groups: one per (from, kind, to), weights summed, links inside a group dropped. */
export function groupLinks(links: readonly MapFileLink[], groupOf: ReadonlyMap<string, string>): MapFileLink[] {
  const merged = new Map<string, MapFileLink>();
  for (const link of links) {
    const from = groupOf.get(link.from);
    const to = groupOf.get(link.to);
    if (from === undefined || to === undefined || from === to) continue;
    const key = `${from}\0${link.kind}\0${to}`;
    const seen = merged.get(key);
    if (seen) seen.weight += link.weight;
    else merged.set(key, { from, to, kind: link.kind, weight: link.weight });
  }
  return [...merged.values()].sort((a, b) => compareText(a.from, b.from) || compareText(a.kind, b.kind) || compareText(a.to, b.to));
}
