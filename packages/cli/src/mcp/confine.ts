import { existsSync, realpathSync } from "node:fs";
import { resolve } from "node:path";
import { isInside } from "@tsift/index/indexer";

/**
 * Whether a path argument stays inside the project: as written (relative to the root, or
 * absolute), and, when it exists, through every symbolic link. Nonexistent paths are judged
 * by their text, so a later-created file cannot be aimed outside either.
 */
export function confined(root: string, value: string): boolean {
  if (value.includes("\0")) return false;
  const target = resolve(root, value);
  if (!isInside(root, target)) return false;
  if (!existsSync(target)) return true;
  try {
    return isInside(realpathSync(root), realpathSync(target));
  } catch {
    return false;
  }
}
