import { isAbsolute, relative, sep } from "node:path";
import { shellArg } from "@tsift/digest";

/**
 * How a suggested command should name `target` when run from `cwd`: `.` for the same
 * directory, a relative path below it, `..`/`../..` for an ancestor, the absolute path
 * otherwise. Keeps `next:` commands short and free of machine-specific prefixes.
 */
export function pathArg(cwd: string, target: string): string {
  const rel = relative(cwd, target);
  if (rel === "") return ".";
  if (isAbsolute(rel)) return shellArg(target);
  const parts = rel.split(sep);
  if (parts.every((part) => part === "..")) return parts.join("/");
  if (parts[0] === "..") return shellArg(target);
  return shellArg(rel.split(sep).join("/"));
}
