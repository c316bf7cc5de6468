import { isAbsolute, relative, sep } from "node:path";
import { shellArg } from "@tsift/digest";

/**
 * How a suggested command (`tsift index <path>` in an error) names `target` when run from
 * `cwd`: `.` for the same directory, a relative path below it, `..`/`../..` for an
 * ancestor, the absolute path otherwise — the CLI's spelling, so messages read the same
 * whether the CLI or a library caller ran the search.
 */
export function commandPath(cwd: string, target: string): string {
  const rel = relative(cwd, target);
  if (rel === "") return ".";
  if (isAbsolute(rel)) return shellArg(target);
  const parts = rel.split(sep);
  if (parts.every((part) => part === "..")) return parts.join("/");
  if (parts[0] === "..") return shellArg(target);
  return shellArg(rel.split(sep).join("/"));
}
