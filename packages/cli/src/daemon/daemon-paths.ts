import { lstatSync, mkdirSync, type Stats } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** Where this user's daemon lives: its socket, pid file and log, in a directory only the user can enter (0700). */
export interface DaemonPaths {
  dir: string;
  socket: string;
  pid: string;
  log: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The directories the daemon may live in, in order: `$XDG_RUNTIME_DIR/tsift` (per user, on a
 * tmpfs, cleared at logout), else `$XDG_CACHE_HOME/tsift` or `~/.cache/tsift`; then, when
 * that one is not private (a shared runtime directory, another user's `tsift/`),
 * `~/.cache/tsift-daemon` and `<os temp dir>/tsift-<uid>`. Unix socket paths are limited
 * to ~100 bytes, so the names stay short.
 */
export function daemonDirCandidates(env: Env): string[] {
  const home = env.HOME || homedir();
  const first = join(env.XDG_RUNTIME_DIR || env.XDG_CACHE_HOME || join(home, ".cache"), "tsift");
  const candidates = [first, join(home, ".cache", "tsift-daemon"), join(tmpdir(), `tsift-${process.getuid?.() ?? "user"}`)];
  return candidates.filter((dir, at) => candidates.indexOf(dir) === at);
}

export function daemonPathsIn(dir: string): DaemonPaths {
  return { dir, socket: join(dir, "daemon.sock"), pid: join(dir, "daemon.pid"), log: join(dir, "daemon.log") };
}

/** Why `dir` (its lstat) is not a private directory of this user, or undefined when it is. */
function unsafeDirReason(dir: string, stats: Stats): string | undefined {
  if (stats.isSymbolicLink()) return `${dir} is a symbolic link`;
  if (!stats.isDirectory()) return `${dir} is not a directory`;
  const uid = process.getuid?.();
  if (uid === undefined) return undefined;
  if (stats.uid !== uid) return `${dir} belongs to uid ${stats.uid}, not to you (uid ${uid})`;
  if ((stats.mode & 0o077) !== 0) return `${dir} is open to group or others (mode ${(stats.mode & 0o777).toString(8).padStart(4, "0")})`;
  return undefined;
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}

/**
 * The client's view (no writes, a few lstat calls): the first candidate that exists and is
 * a real directory of this user's with no group or other permission bits, or undefined.
 */
export function findDaemonPaths(env: Env): DaemonPaths | undefined {
  for (const dir of daemonDirCandidates(env)) {
    const stats = lstatOrNull(dir);
    if (stats !== null && unsafeDirReason(dir, stats) === undefined) return daemonPathsIn(dir);
  }
  return undefined;
}

/** Where the daemon's socket would be when no candidate is usable: what `status` names. */
export function defaultDaemonPaths(env: Env): DaemonPaths {
  return daemonPathsIn(daemonDirCandidates(env)[0]!);
}

/**
 * The server's view: the first candidate that is private, creating a missing one 0700 (and
 * checking it again: a directory someone else made first fails the check). Otherwise why
 * each candidate was refused.
 */
export function claimDaemonDir(env: Env): { paths: DaemonPaths; refusals?: undefined } | { paths?: undefined; refusals: string[] } {
  const refusals: string[] = [];
  for (const dir of daemonDirCandidates(env)) {
    let stats = lstatOrNull(dir);
    if (stats === null) {
      try {
        mkdirSync(dirname(dir), { recursive: true, mode: 0o700 });
        mkdirSync(dir, { mode: 0o700 });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
          refusals.push(`cannot create ${dir} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
          continue;
        }
      }
      stats = lstatOrNull(dir);
      if (stats === null) {
        refusals.push(`cannot create ${dir}`);
        continue;
      }
    }
    const reason = unsafeDirReason(dir, stats);
    if (reason === undefined) return { paths: daemonPathsIn(dir) };
    refusals.push(reason);
  }
  return { refusals };
}

/**
 * lstat of a path that may be a socket, or null when nothing is there. Node 20's
 * fs.realpathSync, which the ES module loader runs on every import it resolves, reads the
 * mode of the last stat call made anywhere in the process and stops resolving symlinks when
 * that was a socket: left as the socket's, a later import of a symlinked package (a
 * workspace, pnpm) would load a second copy of it. A directory's mode is harmless, so the
 * socket's directory is stat'ed last.
 */
export function lstatSocketPath(path: string): Stats | null {
  const stats = lstatOrNull(path);
  lstatOrNull(dirname(path));
  return stats;
}

/** Whether `path` is a Unix socket owned by this user (never followed: a link is not one). */
export function isOwnSocket(path: string): boolean {
  const stats = lstatSocketPath(path);
  if (stats === null || !stats.isSocket()) return false;
  const uid = process.getuid?.();
  return uid === undefined || stats.uid === uid;
}
