import { chmodSync, closeSync, constants, lstatSync, mkdirSync, openSync, writeSync, type Stats } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import { TsiftError } from "@tsift/core/light";
import { TSIFT_DIR } from "../walk/index-location";
import { refuseWriteWhenReadOnly } from "./read-only-scope";

/** What `.tsift/.gitignore` holds: the directory ignores itself, so the project's own `.gitignore` is never edited. */
export const STATE_DIR_GITIGNORE = "*\n";

/** Permission bits of `.tsift/`: its user only, because index.db holds the full text of every indexed file. */
export const STATE_DIR_MODE = 0o700;

const ensured = new Set<string>();

/**
 * Makes `<projectRoot>/.tsift/` safe to write into and returns its path. A missing
 * directory is created 0700 with a `.gitignore` of `*` inside it. An existing one must be a
 * real directory (not a symbolic link) owned by the current user; group or other permission
 * bits left by an older tsift are removed. Anything else is refused with `invalid_input`
 * rather than followed: a committed `.tsift -> elsewhere` link would otherwise put the
 * index, its locks and every artifact outside the project.
 * Checked once per directory per process; the checks cost one lstat.
 */
export function ensureStateDir(projectRoot: string): string {
  const dir = join(projectRoot, TSIFT_DIR);
  refuseWriteWhenReadOnly(`write into ${dir}`);
  if (ensured.has(dir)) return dir;
  const stats = privateDirectory(dir);
  // mkdir's mode is narrowed by the umask, never widened; an older tsift's 0755 directory is narrowed here.
  if ((stats.mode & 0o077) !== 0 && process.platform !== "win32") chmodSync(dir, STATE_DIR_MODE);
  writeSelfIgnore(dir);
  ensured.add(dir);
  return dir;
}

/**
 * Makes `dir` (inside `.tsift/`, e.g. `.tsift/indexes/web`) exist after checking
 * `.tsift/` itself; every level is created 0700.
 */
export function ensureStateSubdir(projectRoot: string, dir: string): string {
  const stateDir = ensureStateDir(projectRoot);
  const rel = relative(stateDir, dir);
  if (rel === "") return dir;
  if (rel.startsWith("..") || isAbsolute(rel)) {
    throw new TsiftError("invalid_input", `refusing to use ${dir}: it is not inside ${stateDir}`, { details: { path: dir } });
  }
  // Level by level, never through a link: `.tsift/artifacts -> elsewhere` would put every transcript outside.
  let current = stateDir;
  for (const part of rel.split(sep)) {
    current = join(current, part);
    privateDirectory(current);
  }
  return dir;
}

/** `dir` as a real directory of this user's: created 0700 when missing, refused when a link, a file or another user's. */
function privateDirectory(dir: string): Stats {
  let stats = lstatOrNull(dir);
  if (stats === null) {
    try {
      mkdirSync(dir, { mode: STATE_DIR_MODE });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new TsiftError("io_error", `cannot create ${dir}: ${(error as Error).message}`, { cause: error, details: { path: dir } });
      }
    }
    stats = lstatSync(dir);
  }
  refuseUnsafeStateDir(dir, stats);
  return stats;
}

function refuseUnsafeStateDir(dir: string, stats: Stats): void {
  const hint = `move ${dir} aside (it must be a real directory of yours), then run tsift index`;
  if (stats.isSymbolicLink()) {
    throw new TsiftError("invalid_input", `refusing to use ${dir}: it is a symbolic link, and tsift never writes outside the project`, {
      details: { path: dir },
      hint,
    });
  }
  if (!stats.isDirectory()) {
    throw new TsiftError("invalid_input", `refusing to use ${dir}: it is not a directory`, { details: { path: dir }, hint });
  }
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) {
    throw new TsiftError("invalid_input", `refusing to use ${dir}: it belongs to uid ${stats.uid}, not to you (uid ${uid})`, {
      details: { path: dir, owner: stats.uid },
      hint,
    });
  }
}

function writeSelfIgnore(dir: string): void {
  const path = join(dir, ".gitignore");
  let fd: number;
  try {
    // O_EXCL never follows or replaces anything already there, a planted link included.
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return;
    throw new TsiftError("io_error", `cannot create ${path}: ${(error as Error).message}`, { cause: error, details: { path } });
  }
  try {
    writeSync(fd, STATE_DIR_GITIGNORE);
  } finally {
    closeSync(fd);
  }
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new TsiftError("io_error", `cannot inspect ${path}: ${(error as Error).message}`, { cause: error, details: { path } });
  }
}
