import { lstatSync, mkdirSync, readlinkSync, realpathSync, renameSync, rmSync, writeFileSync, type Stats } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import { TsiftError } from "@tsift/core/light";

/**
 * Checks that `relativePath` (root-relative, `/`-separated) can be written without leaving
 * `root`: the target itself must not be a symbolic link (nor anything but a regular file),
 * and every directory on the way, followed through its links, must stay inside the real
 * project root. Writes nothing; `writeInsideRoot` runs the same checks again before it
 * writes. Throws `invalid_input` naming the path and where it points.
 */
export function checkInsideRoot(root: string, relativePath: string): void {
  const realRoot = realRootOf(root);
  const parts = relativeParts(root, relativePath);
  let current = root;
  for (const part of parts.slice(0, -1)) {
    current = join(current, part);
    const stats = lstatOrNull(current);
    if (stats === null) return;
    refuseOutside(root, realRoot, relativePath, current);
    if (!statFollowing(current)?.isDirectory()) {
      throw new TsiftError("invalid_input", `refusing to write ${relativePath}: ${current} is not a directory`, {
        details: { path: current },
        hint: `move ${current} aside, then rerun the command`,
      });
    }
  }
  const target = join(root, ...parts);
  const stats = lstatOrNull(target);
  if (stats === null) return;
  if (stats.isSymbolicLink()) {
    throw new TsiftError(
      "invalid_input",
      `refusing to write ${relativePath}: it is a symbolic link to ${pointsTo(target)}, and tsift never writes outside the project or through links`,
      { details: { path: target, points_to: pointsTo(target) }, hint: `replace the link ${target} with a regular file (or delete it), then rerun the command` },
    );
  }
  if (!stats.isFile()) {
    throw new TsiftError("invalid_input", `refusing to write ${relativePath}: ${target} is not a regular file`, {
      details: { path: target },
      hint: `move ${target} aside, then rerun the command`,
    });
  }
}

/**
 * Writes `text` to `root/relativePath` after `checkInsideRoot`: missing directories are
 * created one level at a time (each re-checked), and the file is written to a temporary
 * name in its own directory and renamed over the target, so a reader never sees half a
 * file and a link planted at the target is replaced, never followed.
 */
export function writeInsideRoot(root: string, relativePath: string, text: string): void {
  checkInsideRoot(root, relativePath);
  const realRoot = realRootOf(root);
  const parts = relativeParts(root, relativePath);
  let dir = root;
  for (const part of parts.slice(0, -1)) {
    dir = join(dir, part);
    if (lstatOrNull(dir) === null) {
      try {
        mkdirSync(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw ioError(dir, error);
      }
    }
    refuseOutside(root, realRoot, relativePath, dir);
  }
  const target = join(root, ...parts);
  const temp = join(dir, `.${parts[parts.length - 1]}.${process.pid}.${Date.now()}.tmp`);
  try {
    // `wx`: the temporary name is never followed through a link someone planted there.
    writeFileSync(temp, text, { flag: "wx" });
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw ioError(target, error);
  }
}

function relativeParts(root: string, relativePath: string): string[] {
  const parts = relativePath.split(/[\\/]/).filter((part) => part !== "" && part !== ".");
  if (isAbsolute(relativePath) || parts.length === 0 || parts.includes("..")) {
    throw new TsiftError("invalid_input", `refusing to write ${relativePath}: not a path inside ${root}`, { details: { path: relativePath } });
  }
  return parts;
}

function realRootOf(root: string): string {
  try {
    return realpathSync(root);
  } catch (error) {
    throw new TsiftError("not_found", `cannot resolve ${root}: ${(error as Error).message}`, { cause: error, details: { path: root } });
  }
}

/** Refuses `dir` (a directory on the way to `relativePath`) when its real path leaves the real root. */
function refuseOutside(root: string, realRoot: string, relativePath: string, dir: string): void {
  let real: string;
  try {
    real = realpathSync(dir);
  } catch (error) {
    throw new TsiftError("invalid_input", `refusing to write ${relativePath}: cannot resolve ${dir} (${(error as Error).message})`, {
      cause: error,
      details: { path: dir },
      hint: `remove the dangling link ${dir}, then rerun the command`,
    });
  }
  const rel = relative(realRoot, real);
  if (rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel))) return;
  throw new TsiftError("invalid_input", `refusing to write ${relativePath}: ${dir} points to ${real}, outside the project ${root}`, {
    details: { path: dir, points_to: real },
    hint: `replace the link ${dir} with a real directory inside the project (or delete it), then rerun the command`,
  });
}

/** Where a link leads: its real path, or its text when it dangles. */
function pointsTo(link: string): string {
  try {
    return realpathSync(link);
  } catch {
    try {
      return `${readlinkSync(link)} (dangling)`;
    } catch {
      return link;
    }
  }
}

function statFollowing(path: string): Stats | null {
  try {
    return lstatSync(realpathSync(path));
  } catch {
    return null;
  }
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw ioError(path, error);
  }
}

function ioError(path: string, error: unknown): TsiftError {
  return new TsiftError("io_error", `cannot write ${path}: ${(error as Error).message}`, { cause: error, details: { path } });
}
