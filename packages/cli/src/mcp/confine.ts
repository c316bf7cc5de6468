import { existsSync, realpathSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

/**
 * Whether a path argument stays inside the project: as written (relative to the root, or
 * absolute), and, when it exists, through every symbolic link. Nonexistent paths are judged
 * by their text, so a later-created file cannot be aimed outside either.
 */
export function confined(root: string, value: string): boolean {
  if (value.includes("\0")) return false;
  const target = resolve(root, value);
  if (!inside(root, target)) return false;
  if (!existsSync(target)) return true;
  try {
    return inside(realpathSync(root), realpathSync(target));
  } catch {
    return false;
  }
}
