import { isAbsolute, join, relative, sep } from "node:path";

/** Keys whose string values are file paths in every command's data. */
export const DEFAULT_PATH_KEYS: readonly string[] = ["file", "path", "caller_file", "file_path", "db_path", "lock_path", "location"];

/** URLs and `file:`/`libsql:` locations are not paths to rewrite. */
function isUrl(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) && !/^[a-z]:[\\/]/i.test(value);
}

function toRelative(value: string, root: string): string {
  if (!isAbsolute(value)) return value;
  if (value === root) return ".";
  if (!value.startsWith(root.endsWith(sep) ? root : `${root}${sep}`)) return value;
  return relative(root, value).split(sep).join("/");
}

function toAbsolute(value: string, root: string): string {
  if (isAbsolute(value) || isUrl(value) || value === "") return value;
  return value === "." ? root : join(root, value);
}

/**
 * Paths print root-relative by default (shorter, stable across machines) and absolute
 * with `--absolute`; only string values under the listed keys change, and paths
 * outside the root stay absolute. Returns a copy.
 */
export function displayPaths(value: unknown, root: string, absolute: boolean, keys: readonly string[] = DEFAULT_PATH_KEYS): unknown {
  const pathKeys = new Set(keys);
  const convert = absolute ? toAbsolute : toRelative;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) out[key] = typeof child === "string" && pathKeys.has(key) ? convert(child, root) : walk(child);
    return out;
  };
  return walk(value);
}
