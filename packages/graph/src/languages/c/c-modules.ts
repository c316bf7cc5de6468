import { posix } from "node:path";
import type { ModuleSystem } from "../../language-hooks";

/**
 * How C and C++ includes find indexed headers, without a build's `-I` flags:
 *
 * - `#include "x.h"` first names `x.h` beside the including file, as every compiler looks
 *   there first;
 * - then, as include directories would, an indexed file whose path ends with the written
 *   path (`"util/list.h"` finds `src/util/list.h`, `<mylib/api.h>` finds
 *   `include/mylib/api.h`): the one nearest the including file, none when two are equally
 *   near (an include path decides that, and we do not know it);
 * - a bracketed name without a directory (`<stdio.h>`) is a system header unless it sits
 *   beside the including file's tree: it is looked up the same way, so a project's own
 *   `<config.h>` is found, and the system's are not indexed.
 */

/** Indexed paths by file name, built once per set of indexed paths. */
const byName = new WeakMap<ReadonlySet<string>, Map<string, string[]>>();

function pathsNamed(files: ReadonlySet<string>, name: string): readonly string[] {
  let index = byName.get(files);
  if (!index) {
    index = new Map();
    for (const file of files) {
      const base = posix.basename(file);
      const list = index.get(base);
      if (list) list.push(file);
      else index.set(base, [file]);
    }
    byName.set(files, index);
  }
  return index.get(name) ?? [];
}

/** Directories `a` and `b` share, from the root. */
function sharedDepth(a: string, b: string): number {
  const left = a.split("/");
  const right = b.split("/");
  let depth = 0;
  while (depth < left.length - 1 && depth < right.length - 1 && left[depth] === right[depth]) depth++;
  return depth;
}

function nearest(fromFile: string, spec: string, files: ReadonlySet<string>): string[] {
  const candidates = pathsNamed(files, posix.basename(spec)).filter((file) => file === spec || file.endsWith(`/${spec}`));
  if (candidates.length <= 1) return [...candidates];
  const ranked = candidates.map((file) => ({ file, depth: sharedDepth(fromFile, file) })).sort((a, b) => b.depth - a.depth || (a.file < b.file ? -1 : 1));
  return ranked[0]!.depth > ranked[1]!.depth ? [ranked[0]!.file] : [];
}

export const C_MODULES: ModuleSystem = {
  resolve({ fromFile, module, files }) {
    const quoted = module.startsWith('"');
    const spec = module.replace(/^["<]|[">]$/gu, "").trim();
    if (spec === "" || spec.startsWith("/")) return [];
    if (quoted) {
      const beside = posix.normalize(posix.join(posix.dirname(fromFile), spec));
      if (!beside.startsWith("..") && files.has(beside)) return [beside];
    }
    const normalized = posix.normalize(spec);
    return normalized.startsWith("..") ? [] : nearest(fromFile, normalized, files);
  },
};
