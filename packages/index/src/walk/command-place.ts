import { isAbsolute, relative, sep } from "node:path";
import { shellArg, stableHandle } from "@tsift/core/light";

/**
 * Where a suggested command should look: the project as typed from the caller's working
 * directory, and the scope. Results carry ready-to-run `tsift …` commands (`expand`,
 * `next`) so an agent can follow them; they are spelled from this.
 */
export interface CommandPlace {
  pathArg: string;
  scope: string | null;
}

// Defined once in @tsift/core, where @tsift/digest's previews take them too.
export { shellArg, stableHandle };

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

/** ` --path P --scope S`, leaving out what the defaults already say. */
export function placeFlags(place: CommandPlace): string {
  return `${place.pathArg !== "." ? ` --path ${place.pathArg}` : ""}${place.scope ? ` --scope ${shellArg(place.scope)}` : ""}`;
}

/** The `source-read` command that shows a line range of a file. */
export function sourceReadCommand(file: string, start: number, end: number, place: CommandPlace): string {
  return `tsift source-read ${shellArg(file)}${placeFlags(place)} --start ${start} --end ${end}`;
}

/**
 * A path as results carry it: relative to `root` with `/` (`.` for the root itself),
 * unchanged when it lies outside the root. Results are root-relative so they are the
 * same on every machine; the CLI's `--absolute` joins them back onto the root.
 */
export function rootRelative(root: string, path: string): string {
  if (!isAbsolute(path)) return path;
  if (path === root) return ".";
  if (!path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`)) return path;
  return relative(root, path).split(sep).join("/");
}

/**
 * Identity behind the `ssym-*` handle of an indexed symbol: scope, file relative to the
 * index's source root, line, kind, parent, name — the same in `symbols` previews and
 * `source-read` windows, so one symbol keeps one handle across commands.
 */
export function symbolIdentity(symbol: { file: string; line: number; kind: string; name: string; parent?: string | null }, scope: string | null): string {
  return [scope ?? "", symbol.file, symbol.line, symbol.kind, symbol.parent ?? "", symbol.name].join("\0");
}
